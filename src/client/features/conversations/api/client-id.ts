// The id a client gives a message it sends: sent again with the same text (a retry after a lost
// response), the server stores the message once. From getRandomValues, which unlike randomUUID also
// works on a plain-HTTP address.
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
