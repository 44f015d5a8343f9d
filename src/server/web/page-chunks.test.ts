import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPageChunks, type PageChunkLookup } from './page-chunks'

// The shapes Vite 7 writes: a screen keyed by its source, and one (the listing screen, as built
// today) keyed by its file because Rollup gave its chunk no facade module.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_cards-1.js': { file: 'assets/cards-1.js', css: ['assets/cards-1.css'] },
  'pages/Offers.tsx': {
    file: 'assets/Offers-1.js',
    name: 'Offers',
    src: 'pages/Offers.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_cards-1.js'],
  },
  '_Listing-1.js': {
    file: 'assets/Listing-1.js',
    name: 'Listing',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-1.js', '_cards-1.js'],
    css: ['assets/Listing-1.css'],
  },
  '_ListingMap-1.js': { file: 'assets/ListingMap-1.js', name: 'ListingMap', isDynamicEntry: true },
}

describe('loadPageChunks', () => {
  let dir: string
  let chunks: PageChunkLookup

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'page-chunks-'))
    await fs.mkdir(path.join(dir, '.vite'))
    await fs.writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
    chunks = loadPageChunks(dir)
  })
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it("finds a screen's chunk by its source, minus what the entry brings", () => {
    expect(chunks('pages/Offers.tsx')).toEqual({
      scripts: ['/assets/Offers-1.js', '/assets/cards-1.js'],
      styles: ['/assets/cards-1.css'],
    })
  })

  it("finds a screen's chunk that Vite keyed by its file, by the screen's name", () => {
    expect(chunks('pages/Listing.tsx')).toEqual({
      scripts: ['/assets/Listing-1.js', '/assets/cards-1.js'],
      styles: ['/assets/Listing-1.css', '/assets/cards-1.css'],
    })
  })

  it('knows nothing of a screen that is not built', () => {
    expect(chunks('pages/Nowhere.tsx')).toEqual({ scripts: [], styles: [] })
  })
})
