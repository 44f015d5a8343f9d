// How big a fuzz run is (FUZZ_RUNS), how to replay a failure (FUZZ_SEED, FUZZ_PATH), and ready uploads.
import fc from 'fast-check'
import sharp from 'sharp'
import { expect } from 'vitest'
import type { TestApp } from '../test-app'
import { tusUpload } from '../tus'

const positive = (text: string | undefined) => {
  const value = Number.parseInt(text ?? '', 10)
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** Cases per property and database: 100 in CI (so each route meets a few hundred); `npm run fuzz` sets FUZZ_RUNS=10000. */
export const fuzzRuns = positive(process.env.FUZZ_RUNS) ?? 100

/**
 * fast-check's parameters for one property. A failure prints its seed and path: set FUZZ_SEED and
 * FUZZ_PATH to run exactly that case again.
 */
export function fuzzParameters<T>(numRuns = fuzzRuns): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED
  return {
    numRuns,
    ...(seed && { seed: Number(seed), path: process.env.FUZZ_PATH }),
    reporter: reportBriefly,
  }
}

/** fast-check's report, with long runs of one character (the megabyte bodies) written as a count. */
function reportBriefly<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return
  throw new Error(abbreviate(fc.defaultReportMessage(details) ?? 'The property failed'), {
    cause: details.errorInstance,
  })
}

/** 'xxxx…' (a thousand times) becomes 'x×1000', so a failure report stays readable. */
export const abbreviate = (text: string) =>
  text.replace(/(.)\1{39,}/gsu, (run, character: string) => `${character}×${[...run].length}`)

/** A property's time limit: generous per case, since each request is already held to a deadline. */
export const fuzzTimeout = (numRuns = fuzzRuns) => 60_000 + numRuns * 250

/** The origin the browser sends: Better Auth refuses writes from any other. */
export { testOrigin as origin } from '../test-app'

export { validListingBody } from '../test-app'

/** A small real PNG: enough for an upload to be processed and become ready. */
const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()

/** The id of a finished upload of the user behind `cookie`, ready to go into a listing. */
export async function readyUpload(t: TestApp, cookie: string): Promise<string> {
  const result = await tusUpload(t.app, cookie, await smallPng(), 'photo.png')
  if (result.status !== 204 || !result.id)
    throw new Error(`upload failed: ${result.status} ${result.body}`)
  return result.id
}

/**
 * Counts a property's accepted and refused cases, to show afterwards that the generators reached
 * both sides (a property whose valid cases never come up would pass without testing them).
 */
export function outcomes() {
  let accepted = 0
  let refused = 0
  return {
    count(wasAccepted: boolean) {
      if (wasAccepted) accepted += 1
      else refused += 1
    },
    expectBoth() {
      // A replayed case (FUZZ_SEED) is one side only.
      if (process.env.FUZZ_SEED) return
      expect(accepted, 'accepted cases').toBeGreaterThan(0)
      expect(refused, 'refused cases').toBeGreaterThan(0)
    },
  }
}
