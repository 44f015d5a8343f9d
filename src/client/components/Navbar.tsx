// The bottom navigation bar of every screen (the spec's screens).
import { Compass, Tag, UserRound } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { screens } from '../../shared/screens'
import styles from './Navbar.module.css'

const entries = [
  { label: 'Explore', to: '/', Icon: Compass },
  { label: 'Offers', to: '/offers', Icon: Tag },
  { label: 'Profile', to: '/profile', Icon: UserRound },
] as const

/** Screens a phone reaches from Profile, which stays the current entry on them. */
const underProfile = [screens.saved.path, screens.messages.path, screens.viewings.path]

/**
 * Explore is the current entry only on '/'; the others also on the paths below them, and Profile
 * on Saved homes, Messages and Viewings, which are reached from it.
 */
export function isCurrentEntry(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/'
  if (to === screens.profile.path && underProfile.some((path) => isAtOrBelow(path, pathname))) {
    return true
  }
  return isAtOrBelow(to, pathname)
}

function isAtOrBelow(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`)
}

export function Navbar() {
  const { pathname } = useLocation()
  return (
    <nav className={styles.navbar} aria-label="Main">
      <ul className={styles.list}>
        {entries.map(({ label, to, Icon }) => {
          const current = isCurrentEntry(to, pathname)
          return (
            <li key={to}>
              <Link
                to={to}
                className={current ? `${styles.entry} ${styles.current}` : styles.entry}
                aria-current={current ? 'page' : undefined}
              >
                <Icon size={36} aria-hidden="true" />
                <span className={styles.label}>{label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
