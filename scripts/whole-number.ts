// A whole-number setting of a script, from the environment: the fallback when unset, else a number
// from `min` to `max`, or an error naming the variable.
export function wholeNumber(
  name: string,
  fallback: number,
  { min = 1, max = Number.MAX_SAFE_INTEGER } = {},
): number {
  const value = process.env[name]?.trim()
  if (!value) return fallback
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < min || number > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`
    throw new Error(`${name} must be a whole number ${range}, not '${value}'`)
  }
  return number
}
