// The soak's verdict: each criterion fails on what it is there to catch.
import { describe, expect, it } from 'vitest'
import { Recorder } from './recorder'
import { rssFigures } from './rss'
import { judge, type LoadResult } from './run'
import { errorLines } from './server-log'

function load(record: (recorder: Recorder) => void, rssMb: [number, number] = [200, 210]) {
  const recorder = new Recorder()
  record(recorder)
  const samples = [
    { atMs: 0, rssMb: 100 },
    { atMs: 45_000, rssMb: rssMb[0] },
    { atMs: 300_000, rssMb: rssMb[1] },
  ]
  return {
    settings: {
      seconds: 300,
      warmupSeconds: 30,
      connections: 50,
      listings: 60,
      seed: 1,
      pages: true,
    },
    durationMs: 300_000,
    loadAverage: { before: [1, 1, 1], after: [1, 1, 1] },
    requests: recorder.totals(),
    operations: {},
    usersCreated: 1,
    rss: rssFigures(samples, 30_000, 300_000),
  } satisfies LoadResult
}

const running = 'House Marketplace is running at http://127.0.0.1:3000\n'
const quiet = { stdout: running, stderr: '', exit: { code: 0, signal: null } }
const failed = (result: ReturnType<typeof judge>) =>
  result.criteria.filter((criterion) => !criterion.pass).map((criterion) => criterion.id)

const responded = (r: Recorder) => r.record('GET /', 200, 5, '')

describe('the soak verdict', () => {
  it('passes requests that got 2xx, a quiet log, a flat RSS and a clean stop', () => {
    const result = judge(load(responded), quiet)
    expect(failed(result)).toEqual([])
    expect(result.passed).toBe(true)
  })

  it('fails on a 5xx, a 4xx and a request without a response', () => {
    const result = judge(
      load((r) => {
        r.record('GET /', 500, 5, 'GET /: boom')
        r.record('POST /api/uploads', 429, 5, 'too many')
        r.record('GET /', 'network', 5, 'ECONNRESET')
      }),
      quiet,
    )
    expect(failed(result)).toEqual(['no5xx', 'allResponded', 'no4xx'])
    expect(result.requests['GET /']!.failures).toEqual([
      expect.stringMatching(/^at [\d.]+ s: 500 GET \/: boom$/),
      expect.stringMatching(/: network ECONNRESET$/),
    ])
  })

  it('fails on a line on stderr, an error on stdout, more than 10% RSS growth and an unclean stop', () => {
    const result = judge(load(responded, [200, 230]), {
      stdout: `${running}Upload abc failed: Error: disk full\n`,
      stderr: 'npm warn Unknown user config "nodedir"\n(node) Warning: something\n',
      exit: { code: 1, signal: null },
    })
    expect(failed(result)).toEqual(['quietLog', 'rss', 'cleanStop'])
    expect(result.errorLines).toEqual([
      '(node) Warning: something',
      'Upload abc failed: Error: disk full',
    ])
    expect(result.rss.ratio).toBeCloseTo(1.15)
  })
})

describe('a short soak', () => {
  it('reports the RSS without judging it', () => {
    const result = judge(load(responded, [200, 300]), quiet, { judgeRss: false })
    expect(failed(result)).toEqual(['rss'])
    expect(result.criteria.find((criterion) => criterion.id === 'rss')?.judged).toBe(false)
    expect(result.passed).toBe(true)
  })
})

describe('the RSS figures', () => {
  it('compare medians of the window after the warm-up and of the last one, not single samples', () => {
    const at = (seconds: number, rssMb: number) => ({ atMs: seconds * 1000, rssMb })
    const figures = rssFigures(
      [at(0, 120), at(20, 250), at(35, 300), at(45, 420), at(55, 310), at(275, 330), at(290, 320)],
      30_000,
      300_000,
    )
    expect(figures).toMatchObject({ afterWarmupMb: 310, endMb: 330, peakMb: 420 })
    expect(figures.ratio).toBeCloseTo(330 / 310)
  })
})

describe('the server log', () => {
  it('counts no line of a healthy start and stop', () => {
    const stdout = `${running}SIGTERM: finishing the requests in flight, then stopping\n`
    expect(errorLines(stdout, '')).toEqual([])
  })
})
