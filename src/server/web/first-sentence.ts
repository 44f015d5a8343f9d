// A page's description from a listing's own text: its first sentence, on one line, short enough
// for a search result or a link preview.

/** About what search engines and link previews show of a description. */
export const descriptionMaxLength = 160

/** The first sentence of the first paragraph; cut at a word, with '…', when longer than the most. */
export function firstSentence(text: string): string {
  const paragraph = (text.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim()
  const end = /[.!?…](?=\s|$)/.exec(paragraph)
  const sentence = end ? paragraph.slice(0, end.index + 1) : paragraph
  if (sentence.length <= descriptionMaxLength) return sentence
  const cut = sentence.slice(0, descriptionMaxLength - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:]+$/, '')}…`
}
