// npm run backup -- [folder]: a consistent copy of DATA_DIR's database, media and secret, taken
// while the server runs, into {folder}/backup-{time}/ (folder: ./backups by default).
import path from 'node:path'
import { ConfigError, loadConfig } from '../src/server/config.js'
import { BackupError, backupDataDir, notInDataDir } from './data-dir-backup.js'

try {
  const config = loadConfig()
  const elsewhere = notInDataDir(config)
  if (elsewhere) {
    console.error(`Nothing was backed up. ${elsewhere}`)
    process.exit(2)
  }
  const started = performance.now()
  const { folder, manifest } = await backupDataDir(
    config.dataDir,
    path.resolve(process.argv[2] ?? 'backups'),
  )
  console.info(
    `Backed up ${manifest.listings} listings, ${manifest.users} users and ${manifest.mediaFiles} media files in ${Math.round(performance.now() - started)} ms:`,
  )
  console.info(folder)
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof BackupError)) throw error
  console.error(`Backup failed: ${error.message}`)
  process.exit(1)
}
