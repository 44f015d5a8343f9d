// Zod takes the settings zod-config.ts sets before it loads: no `new Function` probe, ever.
import { describe, expect, it } from 'vitest'
import './zod-config'
import { config, util } from 'zod/v4/core'
import { z } from 'zod'

describe("Zod's settings", () => {
  it('run Zod jitless: it never tries new Function, which the CSP reports', () => {
    expect(config().jitless).toBe(true)
    expect(util.allowsEval.value).toBe(false)
    // An object schema still parses as before.
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 })
  })
})
