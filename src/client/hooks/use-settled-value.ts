// A value that follows another once it has stopped changing for a moment: a count read when the
// visitor pauses, not on every key press.
import { useEffect, useState } from 'react'

/** `value` as it was when `key` (what identifies it) last stayed the same for `delayMs`. */
export function useSettledValue<T>(value: T, key: string, delayMs: number): T {
  const [settled, setSettled] = useState({ key, value })
  useEffect(() => {
    const timer = setTimeout(
      // The same key keeps the state as it is, so a new object of the same value renders nothing.
      () => setSettled((current) => (current.key === key ? current : { key, value })),
      delayMs,
    )
    return () => clearTimeout(timer)
  }, [key, value, delayMs])
  return settled.value
}
