// Text as people type it, which the server may store: no control characters, no half surrogate
// pairs, no direction controls. One rule for every name and address (listing, profile, sign-up).

/**
 * A NUL cannot be stored in PostgreSQL at all (the insert fails), and the other control characters
 * and lone surrogates (which the drivers silently turn into U+FFFD) are never what someone meant.
 */
const controlOrHalfPair = /[\p{Cc}\p{Cs}]/u
/**
 * Direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, and they
 * reverse how the text after them is shown, so a name or an address can pass for another one.
 * Right-to-left writing needs none of them; the marks U+200E and U+200F stay allowed.
 */
const directionControl = /[\u202a-\u202e\u2066-\u2069]/u
/** The same, but tabs and line breaks are fine: an address is written on several lines. */
const controlOrHalfPairInLines = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u

export const isPlainText = (text: string) =>
  !controlOrHalfPair.test(text) && !directionControl.test(text)
export const isPlainLines = (text: string) =>
  !controlOrHalfPairInLines.test(text) && !directionControl.test(text)

export const plainTextMessage = 'Remove the control characters'

/**
 * For text that is cut to fit rather than refused (a name from sign-up or Google): each control
 * character becomes a space, and direction controls, which take no room, are dropped.
 */
export const withoutControlCharacters = (text: string) =>
  withoutDirectionControls(text.replace(/[\p{Cc}\p{Cs}]/gu, ' '))

/** Text with its direction controls dropped: they take no room and only change how it shows. */
export const withoutDirectionControls = (text: string) =>
  text.replace(new RegExp(directionControl, 'gu'), '')
