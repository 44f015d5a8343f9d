import { describe, expect, it } from 'vitest'
import {
  hideReasonError,
  moderationFormMessages,
  reportFormErrors,
  reportInput,
  textCount,
} from './moderation-forms'

describe('the report form', () => {
  it('asks for a reason before anything is sent', () => {
    expect(reportFormErrors({ reason: undefined, details: '' })).toEqual({
      reason: 'Choose why you are reporting this listing',
    })
    expect(reportFormErrors({ reason: 'scam', details: '' })).toEqual({})
  })

  it('counts the details as the server does, without the spaces at either end', () => {
    expect(textCount('  Fake photos  ', 1000)).toEqual({ text: '11 / 1,000', over: false })
    expect(textCount('x'.repeat(1000), 1000)).toEqual({ text: '1,000 / 1,000', over: false })
    expect(textCount('x'.repeat(1001), 1000)).toEqual({ text: '1,001 / 1,000', over: true })
  })

  it("says 'At most 1,000 characters' of longer details", () => {
    expect(reportFormErrors({ reason: 'other', details: 'x'.repeat(1001) })).toEqual({
      details: 'At most 1,000 characters',
    })
    expect(reportFormErrors({ reason: 'other', details: ` ${'x'.repeat(1000)} ` })).toEqual({})
  })

  it('sends the details trimmed, and none when they are blank', () => {
    expect(reportInput({ reason: 'scam', details: '  Asks for a deposit by wire  ' })).toEqual({
      reason: 'scam',
      details: 'Asks for a deposit by wire',
    })
    expect(reportInput({ reason: 'duplicate', details: '   ' })).toEqual({ reason: 'duplicate' })
  })
})

describe("the moderator's reason for hiding", () => {
  it('is required, since the owner reads it', () => {
    expect(hideReasonError('')).toBe(moderationFormMessages.noHideReason)
    expect(hideReasonError('   ')).toBe('Say why: the owner reads it')
    expect(hideReasonError('Photos copied from another listing')).toBeUndefined()
  })

  it('holds at most 500 characters', () => {
    expect(hideReasonError('x'.repeat(500))).toBeUndefined()
    expect(hideReasonError('x'.repeat(501))).toBe('At most 500 characters')
  })
})
