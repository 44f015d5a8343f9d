import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { imageVariantUrl } from '../../shared/media.js'
import { createDiskStore } from './disk-store.js'
import { storeImageVariants } from './images.js'
import { imageFileKeys } from './media-store.js'

let dir: string
let root: string

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'disk-store-'))
  root = path.join(dir, 'media')
})

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

/** Every file under `folder`, relative to it, sorted. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort()
}

describe('disk media store', () => {
  it('stores a file under its key in the root, making the folders it needs', async () => {
    const store = createDiskStore(root)
    await store.put('images/u1-house-abc/w400.webp', Buffer.from('webp bytes'), 'image/webp')

    expect(store.root).toBe(root)
    expect(await fs.readFile(path.join(root, 'images/u1-house-abc/w400.webp'), 'utf8')).toBe(
      'webp bytes',
    )
  })

  it('writes atomically: the file appears whole under its name, and no temp file stays', async () => {
    const store = createDiskStore(root)
    const key = 'images/a/w400.webp'
    const file = path.join(root, key)
    await store.put(key, Buffer.from('old'), 'image/webp')
    const body = Buffer.alloc(256 * 1024, 7)

    const seenBeforeRename: { target: string; temp: Buffer }[] = []
    const rename = fs.rename
    vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      // Up to the rename, readers of the key still get the old file, and the new one is complete.
      seenBeforeRename.push({
        target: await fs.readFile(to, 'utf8'),
        temp: await fs.readFile(from),
      })
      return rename(from, to)
    })
    await store.put(key, body, 'image/webp')

    expect(seenBeforeRename).toHaveLength(1)
    expect(seenBeforeRename[0]!.target).toBe('old')
    expect(seenBeforeRename[0]!.temp.equals(body)).toBe(true)
    expect((await fs.readFile(file)).equals(body)).toBe(true)
    expect(await filesUnder(root)).toEqual([key])
  })

  it('deletes files, and an image folder with its last file', async () => {
    const store = createDiskStore(root)
    for (const name of ['w400.webp', 'w1200.webp']) {
      await store.put(`images/a/${name}`, Buffer.from(name), 'image/webp')
      await store.put(`images/b/${name}`, Buffer.from(name), 'image/webp')
    }

    await store.delete(['images/a/w400.webp', 'images/a/w1200.webp', 'images/b/w400.webp'])

    expect(await filesUnder(root)).toEqual(['images/b/w1200.webp'])
    expect(await fs.readdir(path.join(root, 'images'))).toEqual(['b'])
  })

  it('does not mind deleting keys that are not there', async () => {
    const store = createDiskStore(root)
    await expect(store.delete(['images/none/w400.webp'])).resolves.toBeUndefined()
    await expect(store.delete([])).resolves.toBeUndefined()
  })

  it("deletes the files of a listing's image, whichever of them it has", async () => {
    const store = createDiskStore(root)
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .toBuffer()
    await storeImageVariants(store, 'images/u1-house-abc', photo)
    expect(await filesUnder(root)).toEqual([
      'images/u1-house-abc/w1200.webp',
      'images/u1-house-abc/w400.webp',
    ])

    await store.delete(imageFileKeys('images/u1-house-abc'))

    expect(await filesUnder(root)).toEqual([])
    expect(await fs.readdir(path.join(root, 'images'))).toEqual([])
  })

  it('gives URLs under its base URL, /media unless told', () => {
    expect(createDiskStore(root).url('images/a/w400.webp')).toBe('/media/images/a/w400.webp')
    expect(createDiskStore(root, 'https://example.com/files').url('images/a/w400.webp')).toBe(
      'https://example.com/files/images/a/w400.webp',
    )
  })

  it("gives an image's largest variant, whose URL names the others", () => {
    const store = createDiskStore(root)
    const url = store.imageUrl('images/a')
    expect(url).toBe('/media/images/a/w1200.webp')
    expect(imageVariantUrl(url, 400)).toBe(store.url('images/a/w400.webp'))
  })

  it('refuses keys that could leave its folder, and writes nothing', async () => {
    const store = createDiskStore(root)
    await fs.mkdir(root, { recursive: true })
    await fs.writeFile(path.join(dir, 'outside.webp'), 'keep me')
    const unsafe = [
      '../outside.webp',
      'images/../../outside.webp',
      '/etc/passwd',
      'images//x.webp',
      'images/./x.webp',
      'images/%2e%2e/x.webp',
      'images\\..\\x.webp',
      '',
    ]
    for (const key of unsafe) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe/)
      await expect(store.delete([key])).rejects.toThrow(/Unsafe/)
    }
    expect(await fs.readFile(path.join(dir, 'outside.webp'), 'utf8')).toBe('keep me')
    expect(await filesUnder(dir)).toEqual(['outside.webp'])
  })
})
