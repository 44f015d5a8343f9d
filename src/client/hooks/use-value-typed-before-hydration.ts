import { useLayoutEffect, type RefObject } from 'react'

/**
 * A controlled field of a server-rendered page: what someone typed into it before the page was
 * hydrated is in the element, not in React's state, and the next render would empty the field.
 * Once the field is live, a value that differs from the one the server rendered becomes the state.
 */
export function useValueTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  setValue: (typed: string) => void,
) {
  useLayoutEffect(() => {
    const element = field.current
    if (element && element.value !== element.defaultValue) setValue(element.value)
    // Only when the field goes live: after that, what it holds is what React put there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
