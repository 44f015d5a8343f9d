import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain JavaScript script, run by node before anything is compiled
import { changedParts, fingerprint, parts } from './build.mjs'

type Part = { name: string; sources: string[]; output: string }

let root: string
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), text)
}
const names = () => (changedParts(root) as Part[]).map((part) => part.name)

/** A finished build of every part: its output, and the stamp of the sources it was built from. */
function markBuilt() {
  for (const part of parts as Part[]) {
    write(part.output, '// built')
    write(`dist/.build/${part.name}.sha256`, fingerprint(root, part.sources) as string)
  }
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'))
  write('src/client/App.tsx', 'export {}')
  write('src/server/main.ts', 'export {}')
  write('src/shared/listing.ts', 'export {}')
  write('package-lock.json', '{}')
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('npm start builds only what changed', () => {
  it('builds every part the first time', () => {
    expect(names()).toEqual(['client', 'server'])
  })

  it('builds nothing again when nothing changed, even if the files were touched', () => {
    markBuilt()
    const later = new Date(Date.now() + 60_000)
    fs.utimesSync(path.join(root, 'src/server/main.ts'), later, later)
    expect(names()).toEqual([])
  })

  it('builds the part whose own sources changed, and both for a shared one', () => {
    markBuilt()
    write('src/server/main.ts', 'export const port = 3000')
    expect(names()).toEqual(['server'])

    markBuilt()
    write('src/client/pages/New.tsx', 'export {}')
    expect(names()).toEqual(['client'])

    markBuilt()
    write('src/shared/listing.ts', 'export const limit = 6')
    expect(names()).toEqual(['client', 'server'])
  })

  it('builds nothing for an edited test, and again when an output is gone', () => {
    markBuilt()
    write('src/server/main.test.ts', 'it.todo("x")')
    expect(names()).toEqual([])

    fs.rmSync(path.join(root, 'dist/server/main.js'))
    expect(names()).toEqual(['server'])
  })
})
