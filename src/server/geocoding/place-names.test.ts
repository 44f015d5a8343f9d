import { describe, expect, it } from 'vitest'
import { endsStreetName, normalizePlace, shortNames } from './place-names'

describe('normalizePlace', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['São Paulo', 'sao paulo'],
    ['SAINT-ÉTIENNE', 'saint etienne'],
    ['St. Louis', 'saint louis'],
    ['Ste-Foy', 'sainte foy'],
    ['Mt. Vernon', 'mount vernon'],
    ['Xi’an', 'xian'],
    ["L'Aquila", 'laquila'],
    ['Düsseldorf', 'dusseldorf'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Bosnia & Herzegovina', 'bosnia and herzegovina'],
    ['  New   York,  ', 'new york'],
    ['Washington, D.C.', 'washington d c'],
    ['', ''],
  ])('%j → %j', (text, key) => {
    expect(normalizePlace(text)).toBe(key)
  })

  it('does not expand abbreviations inside words', () => {
    expect(normalizePlace('Stuttgart')).toBe('stuttgart')
    expect(normalizePlace('Amsterdam')).toBe('amsterdam')
  })
})

describe('shortNames', () => {
  it.each([
    ['Frankfurt am Main', ['frankfurt']],
    ['Frankfurt (Oder)', ['frankfurt']],
    ['Washington, D.C.', ['washington']],
    ['Mülheim an der Ruhr', ['mulheim']],
    ['Boulogne-sur-Mer', ['boulogne']],
    ['Stratford-upon-Avon', ['stratford']],
    ['Paris', []],
    ['Tân An', []],
    ['Hội An', []],
  ])('%j also goes by %j', (name, short) => {
    expect(shortNames(name)).toEqual(short)
  })
})

describe('endsStreetName', () => {
  const words = (text: string) => normalizePlace(text).split(' ')
  it.each([
    ['Rue de Rivoli', 2, true],
    ['Via Roma', 1, true],
    ['Rue de la Paix', 3, true],
    ['Fifth Avenue New York', 2, false],
    ['Rue de Rivoli Paris', 3, false],
    ['Oxford Street London', 2, false],
    ['Paris', 0, false],
  ] as const)('%j from word %i: %s', (text, start, expected) => {
    expect(endsStreetName(words(text), start)).toBe(expected)
  })
})
