// npm run restore -- <backup folder>: puts a backup made by `npm run backup` back into DATA_DIR,
// with the server stopped; the data it replaces is moved aside, not deleted.
import path from 'node:path'
import { ConfigError, loadConfig } from '../src/server/config.js'
import { BackupError, notInDataDir, restoreDataDir } from './data-dir-backup.js'

const folder = process.argv[2]
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder>')
  process.exit(1)
}

try {
  const config = loadConfig()
  const elsewhere = notInDataDir(config)
  if (elsewhere) {
    console.error(`Nothing was restored. ${elsewhere}`)
    process.exit(2)
  }
  const { setAside } = restoreDataDir(config.dataDir, path.resolve(folder))
  console.info(`Restored ${path.resolve(folder)} into ${config.dataDir}.`)
  console.info(`The data it replaced is in ${setAside}; remove it once you are satisfied.`)
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof BackupError)) throw error
  console.error(`Restore failed: ${error.message}`)
  process.exit(1)
}
