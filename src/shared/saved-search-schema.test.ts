import { describe, expect, it } from 'vitest'
import { savedSearchQuery } from './saved-search'
import { newSavedSearchSchema, savedSearchChangeSchema } from './saved-search-schema'

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map(({ path, message }) => [path.join('.'), message]),
  )

describe('newSavedSearchSchema', () => {
  it('reads the query with the search’s own schemas, into the canonical query', () => {
    const parsed = newSavedSearchSchema.parse({
      query: { sort: 'price-asc', furnished: 'false', q: ' Lyon ', type: 'sale' },
      alerts: 'instant',
    })
    expect(parsed.query).toEqual({
      filter: { type: 'sale', q: 'Lyon', furnished: false },
      sort: 'price-asc',
    })
    const query = savedSearchQuery(parsed.query)
    expect(Object.entries(query)).toEqual([
      ['type', 'sale'],
      ['q', 'Lyon'],
      ['furnished', 'false'],
      ['sort', 'price-asc'],
    ])
  })

  it('names each parameter it refuses, a cursor or a limit as not belonging to a saved search', () => {
    const result = newSavedSearchSchema.safeParse({
      query: JSON.parse('{"cursor":"a","limit":"5","__proto__":"x","zoom":"3","bbox":"1,2"}'),
      alerts: 'daily',
    })
    expect(issues(result)).toEqual({
      'query.cursor': 'A saved search keeps no cursor or limit',
      'query.limit': 'A saved search keeps no cursor or limit',
      'query.__proto__': 'Not a search parameter',
      'query.zoom': 'Not a search parameter',
      'query.bbox': 'Must be west,south,east,north in degrees',
    })
  })
})

describe('savedSearchChangeSchema', () => {
  it('takes any one change, a blank name as asking for the summary', () => {
    expect(savedSearchChangeSchema.parse({ name: '   ' })).toEqual({ name: '' })
    expect(savedSearchChangeSchema.parse({ alerts: 'off' })).toEqual({ alerts: 'off' })
    expect(issues(savedSearchChangeSchema.safeParse({}))).toEqual({
      '': 'Give a name, a query or alerts to change',
    })
  })
})
