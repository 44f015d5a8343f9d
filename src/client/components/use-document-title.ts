import { useEffect } from 'react'

/** Sets the tab title for the current screen. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | House Marketplace`
  }, [title])
}
