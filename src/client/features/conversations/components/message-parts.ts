// A message is plain text: the web addresses in it become links, everything else stays text.

export type MessagePart = { text: string } | { url: string }

/** http(s) addresses, up to the next space or a character that cannot be part of one. */
const webAddress = /\bhttps?:\/\/[^\s<>"'`]+/giu
/** Punctuation that ends a sentence rather than the address before it: 'See https://x.org.' */
const trailingPunctuation = /[.,;:!?'")\]}]+$/u

/** The address without what ends the sentence, keeping a ')' that closes one of its own '('. */
function trimAddress(candidate: string): string {
  let address = candidate.replace(trailingPunctuation, '')
  const rest = candidate.slice(address.length)
  if (rest.startsWith(')') && count(address, '(') > count(address, ')')) address += ')'
  return address
}

const count = (text: string, character: string) => text.split(character).length - 1

const isWebAddress = (address: string) => {
  try {
    const { protocol, hostname } = new URL(address)
    return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
  } catch {
    return false
  }
}

/** The message cut into text and addresses, in order; joined again they are the message. */
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = []
  let textStart = 0
  for (const match of body.matchAll(webAddress)) {
    const address = trimAddress(match[0])
    if (!isWebAddress(address)) continue
    if (match.index > textStart) parts.push({ text: body.slice(textStart, match.index) })
    parts.push({ url: address })
    textStart = match.index + address.length
  }
  if (textStart < body.length) parts.push({ text: body.slice(textStart) })
  return parts
}
