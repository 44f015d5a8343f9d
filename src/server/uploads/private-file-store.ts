// tus' disk store, with its staging folder and files readable by our user only: an upload is
// someone's photo, GPS position and all, until it is checked and re-encoded.
import fs from 'node:fs/promises'
import path from 'node:path'
import { FileConfigstore, FileStore } from '@tus/file-store'
import type { Upload } from '@tus/server'
import { makePrivateDir, privateFileMode } from '../data-dir.js'

/** Creates the file empty with our mode, unless it exists; tus' own writes then keep that mode. */
const touchPrivately = (file: string) => fs.appendFile(file, '', { mode: privateFileMode })

// Upload ids are ours (newId), so the paths below stay inside the folder; tus checks again.
class PrivateConfigstore extends FileConfigstore {
  override async set(key: string, value: Upload): Promise<void> {
    await touchPrivately(path.join(this.directory, `${key}.json`))
    await super.set(key, value)
  }
}

class PrivateFileStore extends FileStore {
  override async create(file: Upload): Promise<Upload> {
    await touchPrivately(path.join(this.directory, file.id))
    return super.create(file)
  }

  /** Removes whatever of the upload is there: tus' own stops at a missing file, keeping its note. */
  override async remove(id: string): Promise<void> {
    for (const file of [id, `${id}.json`]) {
      await fs.rm(path.join(this.directory, file), { force: true })
    }
  }
}

// tus' constructor makes the folder with an mkdir it does not wait for (its own comment says so),
// whose callback throws, out of anyone's reach, if the folder is gone by then (a test's temporary
// DATA_DIR). Ours is made before, synchronously and private, so that one is skipped.
Object.defineProperty(PrivateFileStore.prototype, 'checkOrCreateDirectory', {
  value: () => undefined,
})

export function createPrivateFileStore(options: {
  directory: string
  expirationPeriodInMilliseconds: number
}): FileStore {
  // Before tus makes it (with mode 777 less the umask).
  makePrivateDir(options.directory)
  return new PrivateFileStore({
    ...options,
    configstore: new PrivateConfigstore(options.directory),
  })
}
