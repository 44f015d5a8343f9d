// The one bound on sharp's work in a server: uploads' variants and share images take turns.
import { createLimiter } from './limiter.js'

/**
 * Images are made two at a time, the rest waiting their turn: each takes tens of megabytes while
 * sharp works on it.
 */
export const imageProcessing = createLimiter(2)
