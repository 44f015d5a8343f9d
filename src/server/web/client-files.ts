// The built client, held in memory with its precompressed forms (made by scripts/precompress.mjs).
import fs from 'node:fs'
import path from 'node:path'

export interface ClientFile {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  contentType: string
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

/** Every file of `dir` by URL path (`/assets/index-abc.js`); empty when the client is not built. */
export function loadClientFiles(dir: string): Map<string, ClientFile> {
  const files = new Map<string, ClientFile>()
  if (!fs.existsSync(dir)) return files
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue
    // Vite's manifest (.vite/) is for the server (page-chunks.ts), not for browsers.
    if (path.relative(dir, entry.parentPath).split(path.sep)[0] === '.vite') continue
    const file = path.join(entry.parentPath, entry.name)
    const urlPath = '/' + path.relative(dir, file).split(path.sep).join('/')
    const readIfThere = (suffix: string) =>
      fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined
    files.set(urlPath, {
      body: fs.readFileSync(file),
      br: readIfThere('.br'),
      gzip: readIfThere('.gz'),
      contentType: contentTypes[path.extname(file)] ?? 'application/octet-stream',
    })
  }
  return files
}
