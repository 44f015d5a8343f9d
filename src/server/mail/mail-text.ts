// What a plain-text mail does with text a user wrote (a listing's name and address, a search's
// name): one line, so that no value can add lines that look like our own, links included.

/** Line breaks, control characters and bidirectional overrides: none may shape a mail's lines. */
const breaksAndControls = /[\p{Cc}\p{Zl}\p{Zp}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/gu

/** `value` on one line: breaks and controls made spaces, runs of spaces one, at most `maxLength`. */
export function oneLine(value: string, maxLength = 120): string {
  const line = value.replace(breaksAndControls, ' ').replace(/\s+/g, ' ').trim()
  const characters = [...line]
  return characters.length > maxLength
    ? `${characters
        .slice(0, maxLength - 1)
        .join('')
        .trimEnd()}…`
    : line
}
