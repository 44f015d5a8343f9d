// DATA_DIR holds the database, the session secret, mails with reset links and people's unfinished
// uploads: whatever the server makes there, only the server's own user may read.
import fs from 'node:fs'

export const privateDirMode = 0o700
export const privateFileMode = 0o600

/** Makes the folder and any missing parents, readable by our user only; an existing one stays as it is. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: privateDirMode })
}

/** The same, without blocking the event loop (for folders made while requests are served). */
export async function makePrivateDirAsync(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: privateDirMode })
}

/**
 * Makes DATA_DIR when it is new. One that others may read is the owner's choice, or an older
 * install's: it is left as it is, with one line saying so.
 */
export function preparePrivateDataDir(dataDir: string): void {
  makePrivateDir(dataDir)
  const mode = fs.statSync(dataDir).mode & 0o777
  if ((mode & 0o077) !== 0) {
    console.warn(
      `DATA_DIR ${dataDir} can be read by other users (mode ${mode.toString(8)}): chmod 700 it`,
    )
  }
}
