// Our own tables, one migration a file. Better Auth's tables are created first by its migrator
// (db/migrate.ts). Each migration is frozen history: it imports only kysely and the copies beside
// it, never the app's code (the decision record "Migrations are frozen history").
import type { Migration, MigrationProvider } from 'kysely'
import * as listing from './001-listing.js'
import * as upload from './002-upload.js'
import * as uploadSize from './003-upload-size.js'
import * as listingVersion from './004-listing-version.js'
import * as hashedResetTokens from './005-hashed-reset-tokens.js'
import * as requestLimit from './006-request-limit.js'
import * as uploadImageKey from './007-upload-image-key.js'
import * as search from './008-search.js'
import * as following from './009-following.js'
import * as listingStatus from './010-listing-status.js'
import * as alerts from './011-alerts.js'
import * as alertPlace from './012-alert-place.js'
import * as signInAttempt from './013-sign-in-attempt.js'
import * as uploadLock from './014-upload-lock.js'
import * as sitemap from './015-sitemap.js'
import * as savedHomeMail from './016-saved-home-mail.js'
import * as conversations from './017-conversations.js'
import * as viewings from './018-viewings.js'
import * as wordIndex from './019-word-index.js'
import * as places from './020-places.js'
import * as counterLockOrder from './021-counter-lock-order.js'
import * as listingFacts from './022-listing-facts.js'
import * as descriptionSearch from './023-description-search.js'
import * as homeTypeIndexes from './024-home-type-indexes.js'
import * as trustAndSafety from './025-trust-and-safety.js'
import * as photoHashes from './026-photo-hashes.js'
import * as staleListings from './027-stale-listings.js'
import * as listingStats from './028-listing-stats.js'

/**
 * The names are what `kysely_migration` records of each database: a renamed key would run its
 * migration again. Kysely runs them in the order of their names.
 */
const migrations: Record<string, Migration> = {
  '001-listing': listing,
  '002-upload': upload,
  '003-upload-size': uploadSize,
  '004-listing-version': listingVersion,
  '005-hashed-reset-tokens': hashedResetTokens,
  '006-request-limit': requestLimit,
  '007-upload-image-key': uploadImageKey,
  '008-search': search,
  '009-following': following,
  '010-listing-status': listingStatus,
  '011-alerts': alerts,
  '012-alert-place': alertPlace,
  '013-sign-in-attempt': signInAttempt,
  '014-upload-lock': uploadLock,
  '015-sitemap': sitemap,
  '016-saved-home-mail': savedHomeMail,
  '017-conversations': conversations,
  '018-viewings': viewings,
  '019-word-index': wordIndex,
  '020-places': places,
  '021-counter-lock-order': counterLockOrder,
  '022-listing-facts': listingFacts,
  '023-description-search': descriptionSearch,
  '024-home-type-indexes': homeTypeIndexes,
  '025-trust-and-safety': trustAndSafety,
  '026-photo-hashes': photoHashes,
  '027-stale-listings': staleListings,
  '028-listing-stats': listingStats,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
