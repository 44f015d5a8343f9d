/** Text made safe inside HTML, both between tags and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * A value as JSON to put between `<script>` tags: `<`, `>` and `&` written as escapes, so no text in
 * it (`</script>`, `<!--`) can end the script or open anything, and U+2028/2029 escaped too.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
