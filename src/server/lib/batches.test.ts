import { describe, expect, it } from 'vitest'
import { batches } from './batches'

describe('batches', () => {
  it('slices items into consecutive batches of at most the given size', () => {
    expect(batches([], 1000)).toEqual([])
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(batches([1, 2], 2)).toEqual([[1, 2]])
  })
})
