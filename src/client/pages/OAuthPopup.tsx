// The Google popup lands here after the provider: it tells the window that opened it, then closes.
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { oauthChannelName } from '../features/account/api/google-sign-in'
import { Spinner } from '../components/Spinner'

export default function OAuthPopup() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const ok = !searchParams.has('error')

  useEffect(() => {
    if (!window.opener && window.name !== 'google-sign-in') {
      // Not a popup (opened by hand, or the browser blocked the popup): just go on.
      void navigate('/', { replace: true })
      return
    }
    const channel = new BroadcastChannel(oauthChannelName)
    channel.postMessage({ ok })
    channel.close()
    window.close()
  }, [ok, navigate])

  return <Spinner label="Finishing sign-in…" />
}
