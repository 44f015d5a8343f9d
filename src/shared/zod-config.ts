// Zod's settings, imported first by every entry (the browser's, the server's, the server-side
// renderer's) so that they hold before any schema is made. Jitless: Zod otherwise probes
// `new Function` when it makes an object schema, which our Content-Security-Policy (no
// 'unsafe-eval') reports in the browser's console as a violation, caught or not.
//
// Set where Zod reads them, `globalThis.__zod_globalConfig` (its `config()` writes the same
// object), rather than through `config()`: importing Zod here would put its core into the first
// load of every page. zod-config.test.ts checks that Zod takes them.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> }
zodGlobal.__zod_globalConfig ??= {}
zodGlobal.__zod_globalConfig.jitless = true

export {}
