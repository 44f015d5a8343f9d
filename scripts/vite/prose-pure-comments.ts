import type { Plugin } from 'vite'

/** A `@__PURE__` written in backticks: a comment that talks about the annotation, not one. */
const mentioned = /`([@#])__PURE__`/g

/**
 * Since 4.5, two of zod's comments mention `@__PURE__` in prose (zod issue 6619). Rollup reads
 * them as misplaced annotations and prints a warning for each, twice per build. Taking the `@`
 * out of the prose leaves the code and its real annotations as they are and Rollup nothing to
 * misread.
 */
export function prosePureComments(): Plugin {
  return {
    name: 'prose-pure-comments',
    transform(code, id) {
      if (!id.includes('/node_modules/zod/')) return null
      const fixed = code.replace(mentioned, '`__PURE__`')
      return fixed === code ? null : { code: fixed, map: null }
    },
  }
}
