// `npm run build` builds the client and the server; `npm start` runs it with `--changed`, which
// builds only a part whose sources changed since that part was last built, so a restart with
// nothing changed serves at once. A part's sources are fingerprinted by content, not by date, as
// a checkout or a copy changes dates without changing anything.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** What each part is built from, and a file only its build writes. */
export const parts = [
  {
    name: 'client',
    script: 'build:client',
    sources: [
      'src/client',
      'src/shared',
      'vite.config.ts',
      'tsconfig.json',
      'package-lock.json',
      'scripts/precompress.mjs',
    ],
    output: 'dist/render/render-page.js',
  },
  {
    name: 'server',
    script: 'build:server',
    sources: [
      'src/server',
      'src/shared',
      'tsconfig.json',
      'tsconfig.server.json',
      'package-lock.json',
    ],
    output: 'dist/server/main.js',
  },
]

/** Tests are not part of what is built, so editing one builds nothing again. */
const isTest = (file) => /\.test\.tsx?$/.test(file)

/** A hash of the names and contents of every file under `sources`, in a stable order. */
export function fingerprint(root, sources) {
  const files = sources.flatMap((source) => {
    const full = path.join(root, source)
    if (!fs.existsSync(full)) return []
    if (fs.statSync(full).isFile()) return [source]
    return fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
  })
  const hash = crypto.createHash('sha256')
  for (const file of [...new Set(files)].filter((file) => !isTest(file)).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`)
    hash.update(fs.readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

const stampFile = (root, part) => path.join(root, 'dist', '.build', `${part.name}.sha256`)

/** The parts whose output is missing or whose sources differ from those of their last build. */
export function changedParts(root) {
  return parts.filter((part) => {
    const stamp = stampFile(root, part)
    if (!fs.existsSync(path.join(root, part.output)) || !fs.existsSync(stamp)) return true
    return fs.readFileSync(stamp, 'utf8') !== fingerprint(root, part.sources)
  })
}

/** Builds a part; its stamp is written only once the build succeeded. */
function build(root, part) {
  const stamp = stampFile(root, part)
  fs.rmSync(stamp, { force: true })
  const sources = fingerprint(root, part.sources)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const run = spawnSync(npm, ['run', part.script], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
  fs.mkdirSync(path.dirname(stamp), { recursive: true })
  fs.writeFileSync(stamp, sources)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const onlyChanged = process.argv.includes('--changed')
  const toBuild = onlyChanged ? changedParts(root) : parts
  for (const part of parts) {
    if (toBuild.includes(part)) build(root, part)
    else console.info(`The ${part.name} is built already: its sources have not changed.`)
  }
}
