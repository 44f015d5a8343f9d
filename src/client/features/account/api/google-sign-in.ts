// Google sign-in in a popup, apart from the session: only Sign in and Sign up load it, not every
// page's first load.
import { useMutation } from '@tanstack/react-query'
import { fetchSession, postJson, useRefreshSession } from './session'

/**
 * Google sign-in in a popup (the spec's screens): the popup goes through the provider and lands on
 * /oauth-popup, which reports back on a BroadcastChannel (an opener link may not survive the
 * provider's pages). Resolves true when this window is now signed in.
 */
export function useGoogleSignIn() {
  const refresh = useRefreshSession()
  return useMutation({
    mutationFn: async () => {
      // Opened before any await, so that the browser counts it as the click's popup.
      const popup = window.open('about:blank', 'google-sign-in', 'popup,width=480,height=640')
      if (!popup) throw new Error('The popup was blocked')
      try {
        const { url } = await postJson<{ url: string }>('/api/auth/sign-in/social', {
          provider: 'google',
          callbackURL: '/oauth-popup',
          errorCallbackURL: '/oauth-popup?error=1',
          disableRedirect: true,
        })
        popup.location.href = url
      } catch (error) {
        popup.close()
        throw error
      }
      const ok = await waitForPopup(popup)
      if (ok) return
      // The popup may have closed itself before its message arrived: the session decides.
      const user = await fetchSession().catch(() => null)
      if (!user) throw new Error('Google sign-in did not complete')
    },
    onSuccess: refresh,
  })
}

export const oauthChannelName = 'house-marketplace-oauth'

function waitForPopup(popup: Window): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(oauthChannelName)
    const timer = window.setInterval(() => {
      if (popup.closed) finish(false)
    }, 400)
    function finish(ok: boolean) {
      window.clearInterval(timer)
      channel.close()
      resolve(ok)
    }
    channel.onmessage = (event: MessageEvent<{ ok?: boolean }>) => finish(event.data.ok === true)
  })
}
