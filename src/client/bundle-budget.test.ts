// The client's size budget: what `/` loads first stays under 111,600 gzipped bytes of JavaScript
// and 12,000 of CSS, and the map, the listing form and the upload client stay in chunks of their own.
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * Bytes rather than KiB, the stricter reading; 110,000 until the Viewings screen's route and header
 * link took the entry past it (docs/decisions/038-first-load-budget-for-viewings.md), 110,500 until
 * the search box became a combobox (docs/decisions/044-place-combobox.md), 111,000 until the
 * address bar took the listing facts' filters (docs/decisions/049-listing-facts-controls.md),
 * 111,300 until the search box kept what was typed before hydration
 * (docs/decisions/055-fields-typed-before-hydration.md), 111,500 until the moderators' screen
 * (docs/decisions/056-reports-and-moderation.md).
 */
const firstLoadBudget = 111_600

/** 12,000 bytes, not 12 KiB, like the JavaScript budget. */
const firstLoadCssBudget = 12_000

/** The page that route `/` renders (routes.tsx), fetched as soon as the entry runs. */
const homePage = '/src/client/pages/Explore.tsx'

/** Code that only some screens use, by module id. */
const separateParts = {
  map: /\/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//,
  'listing form':
    /\/src\/client\/features\/listings\/(components\/listing-form\/|hooks\/use-(address-check|image-list|image-uploads)\.ts)|\/node_modules\/(react-hook-form|@hookform)\//,
  'upload client': /\/node_modules\/tus-js-client\//,
}

let chunks: Rollup.OutputChunk[]
let assets: Rollup.OutputAsset[]

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    const result = await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      logLevel: 'silent',
      build: { write: false, emptyOutDir: false },
    })
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
    chunks = outputs.flatMap(({ output }) =>
      output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk'),
    )
    assets = outputs.flatMap(({ output }) =>
      output.filter((file): file is Rollup.OutputAsset => file.type === 'asset'),
    )
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}, 180_000)

/** The chunks the browser fetches to show `/`: the entry, the home page, and what they import. */
function firstLoadOfHome(): Rollup.OutputChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entry = chunks.find((chunk) => chunk.isEntry)
  const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(homePage))
  expect(entry, 'the entry chunk').toBeDefined()
  expect(page, `the chunk of ${homePage}`).toBeDefined()
  expect(entry!.dynamicImports).toContain(page!.fileName)

  const loaded = new Set<Rollup.OutputChunk>()
  const visit = (chunk: Rollup.OutputChunk) => {
    if (loaded.has(chunk)) return
    loaded.add(chunk)
    for (const file of chunk.imports) visit(byFile.get(file)!)
  }
  visit(entry!)
  visit(page!)
  return [...loaded]
}

/** Compressed as scripts/precompress.mjs compresses what the server sends. */
const gzippedSize = (chunk: Rollup.OutputChunk) => gzipSync(chunk.code, { level: 9 }).length

/** The stylesheets those chunks bring: Vite links each chunk's CSS with the chunk. */
function firstLoadCssOfHome(): { file: string; gzipped: number }[] {
  const files = new Set(
    firstLoadOfHome().flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
  )
  return [...files].map((file) => {
    const asset = assets.find((candidate) => candidate.fileName === file)
    expect(asset, file).toBeDefined()
    return { file, gzipped: gzipSync(asset!.source, { level: 9 }).length }
  })
}

const partsOf = (chunk: Rollup.OutputChunk) =>
  Object.entries(separateParts)
    .filter(([, pattern]) => chunk.moduleIds.some((id) => pattern.test(id)))
    .map(([part]) => part)

describe('the client bundle', () => {
  it(`loads at most ${firstLoadBudget} gzipped bytes of JavaScript to show /`, () => {
    const sizes = firstLoadOfHome()
      .map((chunk) => ({ file: chunk.fileName, gzipped: gzippedSize(chunk) }))
      .sort((a, b) => b.gzipped - a.gzipped)
    const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0)
    const table = sizes.map(({ file, gzipped }) => `  ${file}: ${gzipped} B`).join('\n')
    expect(
      total,
      `first load of / is ${total} B gzipped, budget ${firstLoadBudget} B:\n${table}`,
    ).toBeLessThanOrEqual(firstLoadBudget)
  })

  it(`loads at most ${firstLoadCssBudget} gzipped bytes of CSS to show /`, () => {
    const sizes = firstLoadCssOfHome()
    const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0)
    const table = sizes.map(({ file, gzipped }) => `  ${file}: ${gzipped} B`).join('\n')
    // The entry's stylesheet at least: an empty list would pass any budget.
    expect(sizes.length).toBeGreaterThan(0)
    expect(
      total,
      `first load of / is ${total} B of CSS gzipped, budget ${firstLoadCssBudget} B:\n${table}`,
    ).toBeLessThanOrEqual(firstLoadCssBudget)
  })

  it('keeps the map, the listing form and the upload client out of the first load of /', () => {
    const misplaced = firstLoadOfHome().flatMap((chunk) =>
      partsOf(chunk).map((part) => `${part} in ${chunk.fileName}`),
    )
    expect(misplaced, misplaced.join('; ')).toEqual([])
  })

  it('gives the map, the listing form and the upload client chunks of their own', () => {
    for (const [part, pattern] of Object.entries(separateParts)) {
      const holders = chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)))
      expect(holders.length, `chunks holding the ${part}`).toBeGreaterThan(0)
      for (const chunk of holders) expect(partsOf(chunk), chunk.fileName).toEqual([part])
    }
  })
})
