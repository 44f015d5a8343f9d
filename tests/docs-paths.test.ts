// Every file of this repository that README.md or a page of docs/ names must exist: a path in
// backticks (`src/server/app.ts`, or the short forms the docs use, `server/web/page-head.ts`,
// `web/page-head.ts`) and a relative link ([the decision](decisions/021-server-rendering.md)).
// Not checked: URL paths (`/api/…`), globs, placeholders (`NNN`, `<folder>`), files the server or
// a build makes (`DATA_DIR/…`, `dist/…`).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/** Where a path written from the repository's root begins. */
const rootFolders = /^(?:src|tests|scripts|docs|bench|\.ci)\//
/** A file of ours by its extension, which a short form must end with to be checked. */
const sourceFile = /\.(?:tsx?|mjs|css|md|json|ya?ml|sql|html)$/
/** The folders a short form is written from: `server/…` is src/server/…, `fuzz/…` tests/fuzz/…. */
const shortFormRoots = ['', 'src', 'src/server', 'src/client', 'src/shared', 'tests']

/** A made-up or generated name, not a file to look for. */
function isPlaceholder(text: string): boolean {
  return (
    /[*?{}<>…$]|\.\.\.|NNN|XXX/.test(text) ||
    // A setting's value (`DATA_DIR/outbox`), a build's output, a package's file.
    /^(?:[A-Z][A-Z0-9_]*|dist|node_modules|\.tmp|data)\//.test(text)
  )
}

/** The path a mention names, without an anchor, a line number or a trailing stop. */
function pathOf(mention: string): string {
  return mention
    .replace(/#.*$/, '')
    .replace(/:\d+(?:-\d+)?$/, '')
    .replace(/[.,;:)]+$/, '')
}

export interface Mention {
  /** The path as written, for the message. */
  text: string
  /** Where it may be, any one of which must exist. */
  candidates: string[]
}

/** The repository paths a Markdown text at `file` (relative to the root) names. */
export function mentionedPaths(markdown: string, file: string): Mention[] {
  const mentions: Mention[] = []
  // Code blocks hold commands and output, not references.
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '')
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    const written = code!.trim()
    if (/\s/.test(written) || written.startsWith('/') || /^\w+:/.test(written)) continue
    const target = pathOf(written.replace(/^\.\//, ''))
    if (isPlaceholder(target) || !target.includes('/')) continue
    if (rootFolders.test(target)) {
      mentions.push({ text: written, candidates: [target] })
    } else if (sourceFile.test(target)) {
      mentions.push({
        text: written,
        candidates: shortFormRoots.map((folder) => path.posix.join(folder, target)),
      })
    }
  }
  for (const [, link] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(link!)) continue
    const target = pathOf(decodeURIComponent(link!))
    if (target === '' || isPlaceholder(target)) continue
    mentions.push({ text: link!, candidates: [path.posix.join(path.posix.dirname(file), target)] })
  }
  return mentions
}

/** The mentions in `file` of which no candidate exists under `base`. */
export function missingPaths(markdown: string, file: string, base = root): string[] {
  return mentionedPaths(markdown, file)
    .filter(({ candidates }) => !candidates.some((each) => fs.existsSync(path.join(base, each))))
    .map(({ text }) => `${file}: ${text}`)
}

function markdownFiles(): string[] {
  const inDocs = fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.posix.join('docs', name.split(path.sep).join('/')))
  return ['README.md', ...inDocs.sort()]
}

describe('the paths named in README.md and docs/', () => {
  it('all exist', () => {
    const files = markdownFiles()
    expect(files.length).toBeGreaterThan(10)
    const missing = files.flatMap((file) =>
      missingPaths(fs.readFileSync(path.join(root, file), 'utf8'), file),
    )
    expect(missing).toEqual([])
  })

  it('finds a path that does not exist, in each form it is written', () => {
    const text = [
      'The app starts in `src/server/main.ts`; routes are in `server/listings/listings.routes.ts`,',
      'heads in `web/page-head.ts` ([021](decisions/021-server-rendering.md#how-a-page-is-rendered)).',
      'Made up: `src/server/no-such-file.ts:12`, `scripts/bench/gone.ts`, `web/no-head.ts` and',
      '[a decision](decisions/099-nothing.md).',
      'Never a file: `/api/listings`, `DATA_DIR/outbox/*.eml`, `docs/decisions/NNN-name.md`,',
      '`dist/render/render-page.js`, `https://example.com/a.md`, `npm run bench`, `a/b`.',
    ].join('\n')
    expect(missingPaths(text, 'docs/performance.md')).toEqual([
      'docs/performance.md: src/server/no-such-file.ts:12',
      'docs/performance.md: scripts/bench/gone.ts',
      'docs/performance.md: web/no-head.ts',
      'docs/performance.md: decisions/099-nothing.md',
    ])
  })
})
