// Zod's settings, imported first by every entry (the browser's, the server's, the server-side
// renderer's) so that they hold before any schema is made. Jitless: Zod otherwise probes
// `new Function` when it makes an object schema, which our Content-Security-Policy (no
// 'unsafe-eval') reports in the browser's console as a violation, caught or not.
import { z } from 'zod'

z.config({ jitless: true })
