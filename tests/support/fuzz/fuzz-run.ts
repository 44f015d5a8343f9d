// How big a fuzz run is (FUZZ_RUNS), how to replay a failure (FUZZ_SEED, FUZZ_PATH), and what
// every property shares.
import fc from 'fast-check'
import { expect } from 'vitest'

const positive = (text: string | undefined) => {
  const value = Number.parseInt(text ?? '', 10)
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** Cases per property and database: 100 in CI (so each route meets a few hundred); `npm run fuzz` sets FUZZ_RUNS=10000. */
export const fuzzRuns = positive(process.env.FUZZ_RUNS) ?? 100

/**
 * This run's seed: FUZZ_SEED, or a new one. Data a suite generates with it up front (`fc.sample`) is
 * generated again, the same, when a failure is replayed.
 */
export const fuzzSeed = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31)

/**
 * fast-check's parameters for one property. A failure prints its seed and path: set FUZZ_SEED and
 * FUZZ_PATH to run exactly that case again.
 */
export function fuzzParameters<T>(numRuns = fuzzRuns): fc.Parameters<T> {
  return {
    numRuns,
    seed: fuzzSeed,
    ...(process.env.FUZZ_SEED && { path: process.env.FUZZ_PATH }),
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

/** The origin the browser sends: Better Auth rejects writes from any other. */
export { testOrigin as origin } from '../test-app'

export { validListingBody } from '../test-app'

/**
 * Counts a property's accepted and rejected cases, to show afterwards that the generators reached
 * both sides (a property whose valid cases never come up would pass without testing them).
 */
export function outcomes() {
  let accepted = 0
  let rejected = 0
  return {
    count(wasAccepted: boolean) {
      if (wasAccepted) accepted += 1
      else rejected += 1
    },
    expectBoth() {
      // A replayed case (FUZZ_SEED) is one side only.
      if (process.env.FUZZ_SEED) return
      expect(accepted, `accepted cases (FUZZ_SEED=${fuzzSeed})`).toBeGreaterThan(0)
      expect(rejected, `rejected cases (FUZZ_SEED=${fuzzSeed})`).toBeGreaterThan(0)
    },
  }
}
