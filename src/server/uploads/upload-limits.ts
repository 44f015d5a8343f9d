// Every limit on one user's uploads, in one place (docs/security.md lists them with their reasons).
import { limits } from '../../shared/listing.js'
import { maxImageBytes } from '../../shared/listing-schema.js'

export const uploadLimits = {
  /** Uploads a user may start in an hour, refused ones included: no one needs more. */
  perHour: 60,
  /** Uploads of one user still receiving bytes at once: two full forms (two tabs). */
  unfinished: 2 * limits.maxImages,
  /** The bytes those may declare together: one form of the largest images. */
  stagedBytes: limits.maxImages * maxImageBytes,
  /**
   * Uploads of one user that no listing uses (finished, or still receiving bytes) at once: five
   * forms' worth. Each holds disk until a listing takes it or it expires a day later.
   */
  unattached: 30,
  /** The bytes those may declare together: thirty of the largest images. */
  unattachedBytes: 300 * 1024 * 1024,
  /**
   * An upload unfinished after this is abandoned: tus responds 410 to it (the browser then starts
   * it again), it no longer counts above, and the next hourly cleanup removes it.
   */
  unfinishedLifetimeMs: 3600_000,
  /** A finished upload no listing has used is removed after this. */
  unattachedLifetimeMs: 24 * 3600_000,
  /** File names longer than this are refused; the stored key keeps a slug of at most 60. */
  fileNameLength: 255,
} as const

export type UploadLimits = typeof uploadLimits
