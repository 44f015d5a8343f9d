import { useEffect } from 'react'

/**
 * Asks search engines not to index the page while `noIndex` holds (a sold or rented listing), as
 * the server's head does for its first load (server/web/page-head.ts).
 */
export function useNoIndex(noIndex: boolean) {
  useEffect(() => {
    if (!noIndex) return
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')
    if (!tag) {
      tag = document.createElement('meta')
      tag.name = 'robots'
      document.head.append(tag)
    }
    tag.content = 'noindex'
    // The page that follows may be indexed: the tag goes, the server's one included.
    return () => tag.remove()
  }, [noIndex])
}
