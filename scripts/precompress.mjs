// After `vite build`: writes .br and .gz beside every text asset, so the server never compresses them per request.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = process.argv[2] ?? 'dist/client'
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const body = fs.readFileSync(file)
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }))
}
