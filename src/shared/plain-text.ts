// Text as people type it, which the server may store: no control characters, no half surrogate pairs.

/**
 * A NUL cannot be stored in PostgreSQL at all (the insert fails), and the other control characters
 * and lone surrogates (which the drivers silently turn into U+FFFD) are never what someone meant.
 */
const controlOrHalfPair = /[\p{Cc}\p{Cs}]/u
/** The same, but tabs and line breaks are fine: an address is written on several lines. */
const controlOrHalfPairInLines = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u

export const isPlainText = (text: string) => !controlOrHalfPair.test(text)
export const isPlainLines = (text: string) => !controlOrHalfPairInLines.test(text)

export const plainTextMessage = 'Remove the control characters'

/** For text that is cut to fit rather than refused (a name from Google): each such character becomes a space. */
export const withoutControlCharacters = (text: string) => text.replace(/[\p{Cc}\p{Cs}]/gu, ' ')
