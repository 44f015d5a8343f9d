// Backup and restore of a SQLite DATA_DIR: the database through SQLite's online backup (a
// consistent snapshot while the server writes), the media folder and the generated auth secret.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { Config } from '../src/server/config.js'
import { makePrivateDir, privateDirMode } from '../src/server/data-dir.js'
import { imageWidths, variantName } from '../src/shared/media.js'

const databaseFile = 'app.db'
const mediaFolder = 'media'
const secretFile = 'auth-secret'
const manifestFile = 'manifest.json'

/** An error response with a message for the person running the script. */
export class BackupError extends Error {
  override name = 'BackupError'
}

export interface Manifest {
  format: 1
  createdAt: string
  /** the DATA_DIR it was taken from */
  dataDir: string
  listings: number
  users: number
  mediaFiles: number
  authSecret: boolean
}

/** What to do instead when the data is not (only) in DATA_DIR; undefined when it is. */
export function notInDataDir(config: Config): string | undefined {
  const advice: string[] = []
  if (config.databaseUrl) {
    advice.push(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/deployment.md, "Backup and restore").',
    )
  }
  if (config.storage === 's3') {
    advice.push(
      'STORAGE=s3: the images are in the bucket; keep them with bucket versioning or replication (docs/deployment.md).',
    )
  }
  return advice.length > 0 ? advice.join('\n') : undefined
}

/**
 * Writes `{backupsRoot}/backup-{time}/` with app.db, media/, auth-secret and manifest.json.
 * Media is copied before the database snapshot, and whatever the snapshot names that the first
 * copy missed is copied after it, so every image the snapshot uses is in the backup; if one was
 * deleted in between, the whole backup is taken again. The folder appears under its final name
 * only when complete.
 */
export async function backupDataDir(
  dataDir: string,
  backupsRoot: string,
): Promise<{ folder: string; manifest: Manifest }> {
  const live = path.join(dataDir, databaseFile)
  if (!fs.existsSync(live)) throw new BackupError(`There is no database at ${live}`)
  const createdAt = new Date()
  const folder = path.join(backupsRoot, `backup-${createdAt.toISOString().replace(/[:.]/g, '-')}`)
  const partial = `${folder}.partial`
  // A backup holds what DATA_DIR does (the database, the secret): as private as it.
  makePrivateDir(partial)
  try {
    for (let attempt = 1; ; attempt += 1) {
      copyTree(path.join(dataDir, mediaFolder), path.join(partial, mediaFolder))
      fs.rmSync(path.join(partial, databaseFile), { force: true })
      await snapshotDatabase(live, path.join(partial, databaseFile))
      const missing = copyMissingImages(partial, dataDir)
      if (missing.length === 0) break
      if (attempt === 3) {
        throw new BackupError(`Images kept disappearing while copying: ${missing.join(', ')}`)
      }
    }
    const secret = path.join(dataDir, secretFile)
    const authSecret = fs.existsSync(secret)
    if (authSecret) fs.copyFileSync(secret, path.join(partial, secretFile))
    const manifest: Manifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      dataDir,
      ...checkDatabase(path.join(partial, databaseFile)),
      mediaFiles: listFiles(path.join(partial, mediaFolder)).length,
      authSecret,
    }
    fs.writeFileSync(path.join(partial, manifestFile), JSON.stringify(manifest, null, 2) + '\n')
    fs.renameSync(partial, folder)
    return { folder, manifest }
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true })
    throw error
  }
}

/**
 * Puts a backup in place of DATA_DIR's database, media and secret. Rejects while another process
 * (the server, the seed script) has the database open. The backup is copied in under temporary
 * names first; the current files are then moved into `before-restore-{time}/`, never deleted.
 */
export function restoreDataDir(dataDir: string, folder: string): { setAside: string } {
  const manifest = readManifest(folder)
  const backupDatabase = path.join(folder, databaseFile)
  checkDatabase(backupDatabase)
  const mediaFiles = listFiles(path.join(folder, mediaFolder)).length
  if (mediaFiles !== manifest.mediaFiles) {
    throw new BackupError(
      `${folder} holds ${mediaFiles} media files, its manifest says ${manifest.mediaFiles}`,
    )
  }
  const live = path.join(dataDir, databaseFile)
  if (fs.existsSync(live)) ensureUnused(live)

  makePrivateDir(dataDir)
  const incoming = (name: string) => path.join(dataDir, `${name}.restoring`)
  fs.rmSync(incoming(mediaFolder), { recursive: true, force: true })
  fs.copyFileSync(backupDatabase, incoming(databaseFile))
  copyTree(path.join(folder, mediaFolder), incoming(mediaFolder))
  if (manifest.authSecret) fs.copyFileSync(path.join(folder, secretFile), incoming(secretFile))

  const setAside = path.join(
    dataDir,
    `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
  )
  fs.mkdirSync(setAside, { mode: privateDirMode })
  // tus' staging folder goes too: its half-finished uploads belong to the database being replaced.
  for (const name of [
    databaseFile,
    `${databaseFile}-wal`,
    `${databaseFile}-shm`,
    mediaFolder,
    secretFile,
    'uploads',
  ]) {
    if (name === secretFile && !manifest.authSecret) continue
    const current = path.join(dataDir, name)
    if (fs.existsSync(current)) fs.renameSync(current, path.join(setAside, name))
  }
  for (const name of [databaseFile, mediaFolder, ...(manifest.authSecret ? [secretFile] : [])]) {
    fs.renameSync(incoming(name), path.join(dataDir, name))
  }
  return { setAside }
}

/** SQLite's online backup API, all pages in one step: one read transaction, one moment. */
async function snapshotDatabase(live: string, target: string) {
  const source = new SQLite(live, { fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(target, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
}

/** integrity_check and foreign_key_check must pass; returns what the database holds. */
function checkDatabase(file: string): { listings: number; users: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok')
      throw new BackupError(`${file} fails integrity_check: ${String(integrity)}`)
    if ((db.pragma('foreign_key_check') as unknown[]).length > 0) {
      throw new BackupError(`${file} fails foreign_key_check`)
    }
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n
    return { listings: count('listing'), users: count('user') }
  } finally {
    db.close()
  }
}

/**
 * Copies the image folders that the backup's database names and its media lacks (made after the
 * first copy); returns the ones that are gone from DATA_DIR too.
 */
function copyMissingImages(backup: string, dataDir: string): string[] {
  const db = new SQLite(path.join(backup, databaseFile), { readonly: true })
  let imageKeys: string[]
  try {
    const listed = db.prepare('SELECT images FROM listing').pluck().all() as string[]
    const uploaded = db
      .prepare(`SELECT imageKey FROM upload WHERE status IN ('ready', 'attached')`)
      .pluck()
      .all() as (string | null)[]
    imageKeys = [
      ...new Set([...listed.flatMap((images) => JSON.parse(images) as string[]), ...uploaded]),
    ].filter((key): key is string => typeof key === 'string')
  } finally {
    db.close()
  }
  const media = path.join(backup, mediaFolder)
  const incomplete = () => imageKeys.filter((key) => !isWholeImage(path.join(media, key)))
  for (const key of incomplete()) {
    copyTree(path.join(dataDir, mediaFolder, key), path.join(media, key))
  }
  return incomplete()
}

/** Every variant and an original, as images.ts stores them. */
function isWholeImage(folder: string): boolean {
  const has = (name: string) => fs.existsSync(path.join(folder, name))
  return (
    imageWidths.every((width) => has(variantName(width))) &&
    (has('original.jpg') || has('original.png'))
  )
}

function readManifest(folder: string): Manifest {
  let manifest: Manifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(folder, manifestFile), 'utf8')) as Manifest
  } catch {
    throw new BackupError(`${folder} is not a backup: it has no readable ${manifestFile}`)
  }
  if (manifest.format !== 1) throw new BackupError(`${folder} has an unknown backup format`)
  return manifest
}

/**
 * A process with the database open in WAL mode holds a shared lock that an exclusive-locking
 * transaction cannot get past: the way to tell whether the server is running on it.
 */
function ensureUnused(live: string) {
  const db = new SQLite(live, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 0')
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupError(`${live} is open in another process (the server?): stop it first`)
    }
    throw error
  } finally {
    db.close()
  }
}

/** Copies the files under `from` (half-written `.tmp` files left out); ones deleted meanwhile are skipped. */
function copyTree(from: string, to: string) {
  for (const file of listFiles(from)) {
    const target = path.join(to, file)
    if (fs.existsSync(target)) continue
    makePrivateDir(path.dirname(target))
    try {
      fs.copyFileSync(path.join(from, file), target)
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error
    }
  }
}

/** Files under `root`, relative to it; a folder removed while we scan (or never made) has none. */
function listFiles(root: string, prefix = ''): string[] {
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(path.join(root, prefix), { withFileTypes: true })
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return []
    throw error
  }
  return entries.flatMap((entry) => {
    const relative = path.join(prefix, entry.name)
    if (entry.isDirectory()) return listFiles(root, relative)
    return entry.isFile() && !entry.name.endsWith('.tmp') ? [relative] : []
  })
}
