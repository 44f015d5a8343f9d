// Whether this server's disks have room for uploads: MEDIA_MIN_FREE_MB free on every folder that
// an upload's bytes land in (README.md, Configuration).
import fs from 'node:fs/promises'

/**
 * Returns true while any of `folders` is on a disk with less than `minFreeMb` megabytes free to
 * us; 0 turns the check off. A folder that cannot be read (not made yet) is skipped.
 */
export function createDiskSpaceCheck(folders: string[], minFreeMb: number) {
  const minFreeBytes = minFreeMb * 1024 * 1024
  return async function isShortOfSpace(): Promise<boolean> {
    if (minFreeBytes === 0) return false
    for (const folder of folders) {
      const disk = await fs.statfs(folder).catch(() => undefined)
      if (disk && disk.bavail * disk.bsize < minFreeBytes) return true
    }
    return false
  }
}
