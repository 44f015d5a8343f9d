// `npm run seed` may write to the SQLite file while the server runs (README.md): the
// server's transactions that read and then write must wait for the other writer, not fail.
import path from 'node:path'
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { afterEach, expect, it } from 'vitest'
import { createTestApp, createUser, type TestApp } from '../../../tests/support/test-app'
import { newId } from '../ids'
import { uploadLimits } from '../uploads/upload-limits'

/** Another connection, on its own thread as another process would be: a small write every ms. */
const writerSource = `
const { workerData, parentPort } = require('node:worker_threads')
const Database = require('better-sqlite3')
const db = new Database(workerData.file)
db.pragma('busy_timeout = 5000')
db.exec('create table if not exists other_writer (n integer)')
const insert = db.prepare('insert into other_writer values (?)')
const stop = new Int32Array(workerData.stop)
parentPort.postMessage('writing')
for (let n = 0; Atomics.load(stop, 0) === 0; n++) {
  insert.run(n)
  Atomics.wait(stop, 0, 0, 1)
}
db.close()
`

let t: TestApp | undefined
afterEach(() => t?.close())

it('records uploads within their limits while another connection keeps writing', async () => {
  t = await createTestApp('sqlite')
  const user = await createUser(t.context)
  const stop = new SharedArrayBuffer(4)
  const writer = new Worker(writerSource, {
    eval: true,
    workerData: { file: path.join(t.dataDir, 'app.db'), stop },
  })
  await once(writer, 'message')
  const failures: string[] = []
  try {
    for (let n = 0; n < 300; n++) {
      const upload = { id: newId(24), userId: user.id, originalName: 'a.png', size: 1 }
      await t.context.uploads
        // Each one two hours after the last, so that no limit rejects it: the transaction still
        // reads the user's uploads first, then writes.
        .createWithinLimits(upload, uploadLimits, Date.now() + n * 7_200_000)
        .catch((error: { code?: string }) => failures.push(error.code ?? String(error)))
    }
  } finally {
    Atomics.store(new Int32Array(stop), 0, 1)
    await once(writer, 'exit')
  }
  expect(failures).toEqual([])
})
