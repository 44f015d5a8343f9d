import { describe, expect, it } from 'vitest'
import { countryName, placeFullName, placeShortName, placeWhere } from './place-names'

const london = { name: 'London', region: 'England', country: 'GB' }
const londonOntario = { name: 'London', region: 'Ontario', country: 'CA' }

describe('place names', () => {
  it('tell places of one name apart by their region and country', () => {
    expect(placeFullName(london)).toBe('London, England, United Kingdom')
    expect(placeFullName(londonOntario)).toBe('London, Ontario, Canada')
    expect(placeShortName(london)).toBe('London, England')
    expect(placeWhere(londonOntario)).toBe('Ontario, Canada')
  })

  it('say the country where the region is not known', () => {
    const lyon = { name: 'Lyon', region: '', country: 'FR' }
    expect(placeFullName(lyon)).toBe('Lyon, France')
    expect(placeShortName(lyon)).toBe('Lyon, France')
  })

  it('keep a code the browser does not know as it is', () => {
    expect(countryName('XK')).toMatch(/\S/)
    expect(countryName('??')).toBe('??')
  })
})
