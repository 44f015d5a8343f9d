// The foot of every screen: the way to the privacy page, small and out of the way.
import { Link } from 'react-router'
import { screens } from '../../shared/screens'
import styles from './AppFooter.module.css'

export function AppFooter() {
  return (
    <footer className={styles.footer}>
      <Link to={screens.privacy.path} className={styles.link}>
        {screens.privacy.title}
      </Link>
    </footer>
  )
}
