// Copies the page address and says 'Link Copied!' for 2 seconds (the spec's listing detail).
import { Share2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '../../../components/toasts'
import { limits } from '../../../../shared/listing'
import styles from './ShareButton.module.css'

export function ShareButton() {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), limits.linkCopiedMs)
    return () => clearTimeout(timer)
  }, [copied])

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href)
      setCopied(true)
    } catch {
      toast.error('Could not copy the link')
    }
  }

  return (
    <div className={styles.share}>
      <button
        type="button"
        className={styles.button}
        aria-label="Share"
        title="Copy link"
        onClick={() => void copyLink()}
      >
        <Share2 size={20} aria-hidden="true" />
      </button>
      <p className={styles.copied} role="status">
        {copied ? 'Link Copied!' : ''}
      </p>
    </div>
  )
}
