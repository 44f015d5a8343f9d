import { describe, expect, it } from 'vitest'
import { descriptionMaxLength, firstSentence } from './first-sentence'

describe('firstSentence', () => {
  it('takes the first sentence of the first paragraph, on one line', () => {
    expect(firstSentence('  A bright flat.\nIt faces south.')).toBe('A bright flat.')
    expect(firstSentence('Quiet street!  Near the park.')).toBe('Quiet street!')
    expect(firstSentence('A flat by the\nriver\n\nSecond paragraph.')).toBe('A flat by the river')
    expect(firstSentence('Priced at 1.5 million. Yes.')).toBe('Priced at 1.5 million.')
  })

  it('keeps markup as the text it is', () => {
    expect(firstSentence('<b>Bold</b> & bright. More.')).toBe('<b>Bold</b> & bright.')
  })

  it('cuts a long sentence at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(100)}end.`
    const cut = firstSentence(long)
    expect(cut.length).toBeLessThanOrEqual(descriptionMaxLength)
    expect(cut).toMatch(/^word( word)*…$/)
  })
})
