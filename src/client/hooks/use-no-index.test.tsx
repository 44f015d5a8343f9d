// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useNoIndex } from './use-no-index'

const robots = () => document.head.querySelectorAll<HTMLMetaElement>('meta[name="robots"]')

afterEach(() => {
  for (const tag of robots()) tag.remove()
})

describe('useNoIndex', () => {
  it('keeps search engines away while it holds, and lets them back after', () => {
    const { rerender, unmount } = renderHook(({ noIndex }) => useNoIndex(noIndex), {
      initialProps: { noIndex: false },
    })
    expect(robots()).toHaveLength(0)
    rerender({ noIndex: true })
    expect([...robots()].map((tag) => tag.content)).toEqual(['noindex'])
    rerender({ noIndex: false })
    expect(robots()).toHaveLength(0)
    rerender({ noIndex: true })
    unmount()
    expect(robots()).toHaveLength(0)
  })

  it("takes over the server's tag rather than adding a second", () => {
    const served = document.createElement('meta')
    served.name = 'robots'
    served.content = 'noindex'
    document.head.append(served)
    const { rerender } = renderHook(({ noIndex }) => useNoIndex(noIndex), {
      initialProps: { noIndex: true },
    })
    expect(robots()).toHaveLength(1)
    rerender({ noIndex: false })
    expect(robots()).toHaveLength(0)
  })
})
