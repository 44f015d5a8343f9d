// Any console.error during a test is a bug we did not expect: fail the test (as epic-stack does).
import { afterEach, vi } from 'vitest'

const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const seen = errors.splice(0)
  vi.restoreAllMocks()
  if (seen.length > 0) throw new Error(`console.error was called: ${seen.map(String).join('\n')}`)
})
