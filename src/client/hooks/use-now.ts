import { useEffect, useState } from 'react'

/** The time now, renewed every `intervalMs`: '2 min ago' turns into '3 min ago' on its own. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}
