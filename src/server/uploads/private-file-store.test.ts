// tus' disk store as we make it: its folder made at once, and nothing left running that could
// throw once the folder is gone (a test's temporary DATA_DIR is removed right after it closes).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPrivateFileStore } from './private-file-store'

describe('the private file store', () => {
  afterEach(() => vi.restoreAllMocks())

  it('makes its folder before it returns, and leaves no mkdir of tus running after', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'private-store-'))
    const directory = path.join(root, 'uploads')
    const lateMkdir = vi.spyOn(fs, 'mkdir')
    try {
      createPrivateFileStore({ directory, expirationPeriodInMilliseconds: 3600_000 })
      expect(fs.statSync(directory).isDirectory()).toBe(true)
      expect(lateMkdir).not.toHaveBeenCalled()
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
