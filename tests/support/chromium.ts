// Debian's Chromium, as the browser tests and the Lighthouse script start it: Playwright cannot
// download a browser here, and this machine's closed network blocks Chromium's own connections.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
