import { build, type Plugin, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { prosePureComments } from './prose-pure-comments'

/** The misplaced-annotation warnings Vite's Rollup gives while it bundles zod's core. */
async function warningsBundlingZod(plugins: Plugin[]) {
  const warnings: Rollup.RollupLog[] = []
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      rollupOptions: {
        input: 'node_modules/zod/v4/core/index.js',
        onwarn: (warning) => void warnings.push(warning),
      },
    },
  })
  return warnings.filter((warning) => warning.code === 'INVALID_ANNOTATION')
}

describe('zod bundles without warnings', () => {
  it('warns of the prose comments without the plugin, and not with it', async () => {
    const before = await warningsBundlingZod([])
    expect(before.map((warning) => warning.id)).toEqual(
      expect.arrayContaining([expect.stringContaining('zod/v4/core/util.js')]),
    )
    expect(await warningsBundlingZod([prosePureComments()])).toEqual([])
  })
})
