// The statement cache: one prepared statement per SQL text, a fresh one while the kept one is busy.
import SQLite from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { arrayRowsMarker, withStatementCache } from './statement-cache'

let sqlite: SQLite.Database
afterEach(() => sqlite?.close())

function open() {
  sqlite = new SQLite(':memory:')
  sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)')
  return withStatementCache(sqlite)
}

it('prepares each SQL text once and runs it again with new parameters', () => {
  const db = open()
  const first = db.prepare('select n from t where n > ?')
  expect(db.prepare('select n from t where n > ?')).toBe(first)
  expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }])
  expect(db.prepare('select n from t where n > ?').all([2])).toEqual([{ n: 3 }])
})

it('hands out a new statement while the kept one is still being iterated', () => {
  const db = open()
  const outer = db.prepare('select n from t order by n')
  const rows = outer.iterate([])
  expect(rows.next().value).toEqual({ n: 1 })
  const inner = db.prepare('select n from t order by n')
  expect(inner).not.toBe(outer)
  expect(inner.all([])).toHaveLength(3)
  expect([...rows]).toEqual([{ n: 2 }, { n: 3 }])
})

it('returns rows as arrays for a statement that asks for them', () => {
  const db = open()
  expect(db.prepare(`${arrayRowsMarker} select n, n * 2 from t where n > ?`).all([2])).toEqual([
    [3, 6],
  ])
  expect(db.prepare('select n from t where n > ?').all([2])).toEqual([{ n: 3 }])
})
