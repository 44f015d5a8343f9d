import { useEffect } from 'react'
import { documentTitle } from '../../shared/screens'

/** Sets the tab title for the current screen. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title)
  }, [title])
}
