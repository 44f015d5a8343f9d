// The bounds on sharp's work in a server: uploads and share images each have a lane of their own,
// shared fairly between accounts (decision 005).
import { createFairQueue } from './fair-queue.js'

/**
 * Uploads' images, two at a time, at most one per account: one account's big photos never keep
 * another's waiting for more than the image in hand. Each takes tens of megabytes while sharp
 * works on it.
 */
export const uploadProcessing = createFairQueue(2)

/**
 * Share images, one at a time in a lane of their own, so a preview is never stuck behind uploads;
 * keyed by the account whose image it is (imageOwner).
 */
export const shareImageProcessing = createFairQueue(1)

/** The account an image folder belongs to: `images/{userId}-{name}-{id}` names it first. */
export function imageOwner(imageKey: string): string {
  const folder = imageKey.slice(imageKey.indexOf('/') + 1)
  return folder.split('-', 1)[0]!
}
