import crypto from 'node:crypto'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random id like the spec's backend made: 20 letters and digits (about 119 bits). */
export function newId(length = 20): string {
  const bytes = crypto.randomBytes(length * 2)
  let id = ''
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps every letter equally likely.
  for (const byte of bytes) {
    if (byte < 248) id += alphabet[byte % 62]
    if (id.length === length) return id
  }
  return id + newId(length - id.length)
}
