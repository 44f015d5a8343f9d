// The header of every screen. On desktops (from 1024px): the product's name, the main
// destinations, the messages, the viewings and the account. On phones and tablets, which move
// around with the spec's bottom bar, a slim top bar: the name and a search button. CSS chooses,
// so a server-rendered page has the right one before any script knows the width.
import { Calendar, House, MessageCircle, Search } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { screens, siteName } from '../../shared/screens'
import { useUnreadConversations } from '../features/conversations/api/unread-conversations'
import { useSession } from '../features/account/api/session'
import styles from './AppHeader.module.css'
import { messagesLinkLabel, UnreadBadge } from '../features/conversations/components/UnreadBadge'
import { isCurrentEntry } from '../components/Navbar'

const destinations = [
  { label: 'Explore', to: screens.explore.path },
  { label: 'Offers', to: screens.offers.path },
  { label: 'Search', to: screens.search.path },
  { label: 'Saved', to: screens.saved.path },
] as const

export function AppHeader() {
  const { pathname } = useLocation()
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <House size={26} aria-hidden="true" className={styles.logo} />
          {siteName}
        </Link>
        <Link to={screens.search.path} className={styles.searchButton} aria-label="Search homes">
          <Search size={22} aria-hidden="true" />
        </Link>
        <nav aria-label="Site" className={styles.nav}>
          <ul className={styles.links}>
            {destinations.map(({ label, to }) => {
              const current = isCurrentEntry(to, pathname)
              return (
                <li key={to}>
                  <Link
                    to={to}
                    className={current ? `${styles.link} ${styles.current}` : styles.link}
                    aria-current={current ? 'page' : undefined}
                  >
                    {label}
                  </Link>
                </li>
              )
            })}
          </ul>
          <Link to="/create-listing" className={styles.sell}>
            Sell or rent your home
          </Link>
          <Account />
        </nav>
      </div>
    </header>
  )
}

/**
 * 'Sign in', or the signed-in user's messages, viewings and name leading to their profile. Its box
 * keeps one width whatever it says, so nothing beside it moves when the sign-in check returns.
 */
function Account() {
  return (
    <div className={styles.account}>
      <AccountLink />
    </div>
  )
}

function AccountLink() {
  const { user, checking } = useSession()
  const onProfile = useLocation().pathname === '/profile'
  if (checking) return null
  if (!user) {
    return (
      <Link to="/sign-in" className={styles.signIn}>
        Sign in
      </Link>
    )
  }
  return (
    <>
      <MessagesLink userId={user.id} />
      <ViewingsLink />
      <Link to="/profile" className={styles.user} aria-current={onProfile ? 'page' : undefined}>
        <span className={styles.avatar} aria-hidden="true">
          {[...user.name.trim()][0]?.toUpperCase()}
        </span>
        <span className={styles.userName}>{user.name}</span>
      </Link>
    </>
  )
}

/** The inbox, with the count of conversations that wait to be read: an icon, named for readers. */
function MessagesLink({ userId }: { userId: string }) {
  const unread = useUnreadConversations(userId)
  const current = isCurrentEntry(screens.messages.path, useLocation().pathname)
  return (
    <Link
      to={screens.messages.path}
      className={styles.iconLink}
      aria-current={current ? 'page' : undefined}
      aria-label={messagesLinkLabel(unread)}
    >
      <MessageCircle size={22} aria-hidden="true" />
      <UnreadBadge count={unread} className={styles.unread} />
    </Link>
  )
}

/** The user's viewings, an icon beside the inbox: a word would not fit beside the others at 1024px. */
function ViewingsLink() {
  const current = isCurrentEntry(screens.viewings.path, useLocation().pathname)
  return (
    <Link
      to={screens.viewings.path}
      className={styles.iconLink}
      aria-current={current ? 'page' : undefined}
      aria-label={screens.viewings.title}
    >
      <Calendar size={22} aria-hidden="true" />
    </Link>
  )
}
