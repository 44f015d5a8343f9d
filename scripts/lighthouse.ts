// `npm run lighthouse`: Lighthouse 12, with its mobile and its desktop presets, on Explore, a category,
// a listing page and a search of the built app with its demo data, in Debian's Chromium. Writes each median
// report to bench/lighthouse/,
// prints the scores and the byte budgets, and exits 1 when a budget is missed (docs/performance.md).
//
// Map tiles come from a stand-in tile server on loopback: this machine cannot reach OpenStreetMap,
// and a failed tile would count against the page as a console error it would not have for real.
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import sharp from 'sharp'
import type { Config, Result as Report } from 'lighthouse'
import type { Listing, ListingPage } from '../src/shared/listing.js'
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.js'
import { startServer } from '../tests/support/server-process.js'

const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const reportDir = path.resolve('bench/lighthouse')
const chromeFlags = ['--headless=new', ...chromiumFlags]

/** Lighthouse's own presets: its default is a phone on a slow connection. */
const presets = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
] as const

/** Scores out of 100, and bytes; every page must meet all of them. */
const budgets = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
  cardImageBytes: 40_000,
  categoryPageBytes: 600_000,
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-lighthouse-'))
  const tiles = await startTileServer()
  // The server listens once the demo data is in.
  const server = await startServer(
    { DATA_DIR: dataDir, MAP_TILE_URL: tiles.urlTemplate, SEED_DEMO: 'true' },
    { entry: 'built' },
  )
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags,
  })
  try {
    const listing = await firstListing(server.url)
    const pages = [
      { name: 'explore', path: '/' },
      { name: 'category-rent', path: '/category/rent' },
      { name: 'listing', path: `/category/${listing.type}/${listing.id}` },
      // A phone shows the list; a desktop the list and the map side by side.
      { name: 'search', path: '/search?type=rent&sort=price-asc' },
      // The page as the server drew it, for readers and crawlers that run no script.
      {
        name: 'listing-no-js',
        path: `/category/${listing.type}/${listing.id}`,
        noScripts: true,
        // Its photo (Lighthouse shortens the snippet's URLs) or its heading.
        shows: [listing.imageUrls[0]!.slice(0, 40), listing.name],
      },
    ]
    await fs.mkdir(reportDir, { recursive: true })
    const rows = []
    for (const preset of presets) {
      for (const page of pages) {
        const runs: Report[] = []
        for (let run = 0; run < runsPerPage; run += 1) {
          const flags = { port: Number(chrome.port), output: 'json', logLevel: 'error' } as const
          const config = page.noScripts ? withoutScripts(preset.config) : preset.config
          const result = await lighthouse(`${server.url}${page.path}`, flags, config)
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
          runs.push(result.lhr)
        }
        const median = computeMedianRun(runs)
        const name = `${page.name}-${preset.name}`
        await fs.writeFile(path.join(reportDir, `${name}.json`), JSON.stringify(median))
        rows.push(summarize(page, preset.name, median, runs))
      }
    }
    report(rows)
    process.exitCode = rows.some((row) => row.missed.length > 0) ? 1 : 0
  } finally {
    await chrome.kill()
    await server.stop()
    tiles.server.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

interface Row {
  page: string
  preset: string
  scores: Record<string, number>
  performanceRuns: number[]
  metrics: Record<string, string>
  totalBytes: number
  largestImageBytes: number
  missed: string[]
}

/** `config` with every script blocked: the browser gets the page as the server drew it. */
function withoutScripts(config: Config | undefined): Config {
  return {
    ...(config ?? { extends: 'lighthouse:default' }),
    settings: { ...config?.settings, blockedUrlPatterns: ['*.js'] },
  }
}

/** What Lighthouse names as the page's largest contentful paint: its HTML, as a snippet. */
function largestPaintSnippet(lhr: Report): string {
  const found: string[] = []
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return
    const node = value as { type?: string; snippet?: string }
    if (node.type === 'node' && node.snippet) found.push(node.snippet)
    for (const child of Object.values(value)) visit(child)
  }
  visit(lhr.audits['largest-contentful-paint-element']?.details)
  return found[0] ?? ''
}

interface PageToRun {
  name: string
  path: string
  noScripts?: boolean
  /** texts of which the largest paint must hold one (as HTML writes them) */
  shows?: string[]
}

function summarize(pageRun: PageToRun, preset: string, lhr: Report, runs: Report[]): Row {
  const page = pageRun.name
  const score = (report: Report, category: string) =>
    Math.round((report.categories[category]?.score ?? 0) * 100)
  const scores = Object.fromEntries(
    ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [id, score(lhr, id)]),
  )
  const requests = (
    lhr.audits['network-requests']?.details as {
      items: { resourceType?: string; transferSize?: number; url: string }[]
    }
  ).items
  const totalBytes = requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0)
  const listingImages = requests.filter(
    (request) => request.resourceType === 'Image' && request.url.includes('/media/'),
  )
  const largestImageBytes = Math.max(0, ...listingImages.map((image) => image.transferSize ?? 0))
  const metrics = Object.fromEntries(
    [
      ['FCP', 'first-contentful-paint'],
      ['LCP', 'largest-contentful-paint'],
      ['TBT', 'total-blocking-time'],
      ['CLS', 'cumulative-layout-shift'],
    ].map(([label, id]) => [label!, lhr.audits[id!]?.displayValue ?? '?']),
  )

  const missed: string[] = []
  for (const [id, value] of Object.entries(scores)) {
    // Blocked scripts are errors in the console, which best practices counts.
    if (pageRun.noScripts && id === 'best-practices') continue
    const budget = budgets[id as keyof typeof budgets]
    if (value < budget) missed.push(`${id} ${value} < ${budget}`)
  }
  if (pageRun.shows !== undefined) {
    const snippet = largestPaintSnippet(lhr)
    const asHtml = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
    if (!pageRun.shows.some((text) => snippet.includes(asHtml(text)))) {
      missed.push(`largest paint is not the listing's: ${snippet.slice(0, 200) || 'none'}`)
    }
  }

  if (page === 'category-rent' && totalBytes > budgets.categoryPageBytes) {
    missed.push(`page bytes ${totalBytes} > ${budgets.categoryPageBytes}`)
  }
  if (page === 'category-rent' && largestImageBytes > budgets.cardImageBytes) {
    missed.push(`card image ${largestImageBytes} > ${budgets.cardImageBytes}`)
  }
  return {
    page,
    preset,
    scores,
    performanceRuns: runs.map((run) => score(run, 'performance')),
    metrics,
    totalBytes,
    largestImageBytes,
    missed,
  }
}

function report(rows: Row[]) {
  console.info(`\nLighthouse, mobile and desktop presets, median of ${runsPerPage} runs`)
  console.info(
    table(
      rows.map((row) => ({
        page: row.page,
        preset: row.preset,
        perf: `${row.scores.performance} (${row.performanceRuns.join(' ')})`,
        a11y: row.scores.accessibility,
        'best pr.': row.scores['best-practices'],
        seo: row.scores.seo,
        ...row.metrics,
        'page KB': (row.totalBytes / 1000).toFixed(1),
        'largest image KB': (row.largestImageBytes / 1000).toFixed(1),
      })),
    ),
  )
  for (const row of rows) {
    for (const miss of row.missed) console.info(`MISSED ${row.page}, ${row.preset}: ${miss}`)
  }
  console.info(`Reports: ${path.relative(process.cwd(), reportDir)}/*.json`)
}

/** Rows as an aligned plain-text table, headed by their keys. */
function table(rows: Record<string, string | number | undefined>[]): string {
  const columns = Object.keys(rows[0] ?? {})
  const cells = [columns, ...rows.map((row) => columns.map((column) => String(row[column])))]
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)))
  return cells
    .map((line) => line.map((cell, index) => cell.padEnd(widths[index]!)).join('  '))
    .join('\n')
}

/** A 256 px tile for every request, as an OpenStreetMap tile server would send one. */
async function startTileServer() {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#e8e8e8' },
  })
    .png()
    .toBuffer()
  const server = http.createServer((_, response) => {
    response.writeHead(200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=86400',
      'Access-Control-Allow-Origin': '*',
    })
    response.end(tile)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` }
}

async function firstListing(origin: string): Promise<Listing> {
  const response = await fetch(`${origin}/api/listings?type=rent&limit=1`)
  const page = (await response.json()) as ListingPage
  if (!page.items[0]) throw new Error('No listings yet')
  return page.items[0]
}

await main()
