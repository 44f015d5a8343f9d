// The default media store: files under DATA_DIR/media, served by media.routes.ts at /media/*.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { variantName } from '../../shared/media.js'
import { makePrivateDirAsync, privateFileMode } from '../data-dir.js'
import { isSafeKey, largestImageWidth, type MediaStore } from './media-store.js'

export function createDiskStore(root: string, baseUrl = '/media'): MediaStore & { root: string } {
  function fileOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`)
    return path.join(root, key)
  }

  return {
    root,
    async put(key, body) {
      const file = fileOf(key)
      await makePrivateDirAsync(path.dirname(file))
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`
      await fs.writeFile(temp, body, { mode: privateFileMode })
      await fs.rename(temp, file)
    },
    async read(key) {
      return fs.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      })
    },
    async exists(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => undefined)
      return stat?.isFile() ?? false
    },
    async delete(keys) {
      const folders = new Set<string>()
      for (const key of keys) {
        await fs.rm(fileOf(key), { force: true })
        folders.add(path.dirname(fileOf(key)))
      }
      // An image's folder goes with its last file.
      for (const folder of folders) await fs.rmdir(folder).catch(() => undefined)
    },
    url: (key) => `${baseUrl}/${key}`,
    imageUrl: (imageKey) => `${baseUrl}/${imageKey}/${variantName(largestImageWidth)}`,
  }
}
