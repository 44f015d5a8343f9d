// The offline geocoder against the real gazetteer: the addresses people type, resolved to the city.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { cityAliases, normalizePlace } from './place-names'
import { createOfflineGeocoder, openPlaces, resolveAddress, type Places } from './offline-geocoder'

let places: Places
beforeAll(() => {
  places = openPlaces()
})

const resolve = (address: string) => resolveAddress(address, places)

/** Near enough: the city's centre, to about a kilometre. */
function expectNear(place: { lat: number; lng: number } | null, lat: number, lng: number): void {
  expect(place, 'a place').not.toBeNull()
  expect(place!.lat).toBeCloseTo(lat, 1)
  expect(place!.lng).toBeCloseTo(lng, 1)
}

describe('offline geocoder', () => {
  it("puts '12 Rue de Rivoli, Paris, France' in Paris, France", () => {
    const place = resolve('12 Rue de Rivoli, Paris, France')
    expectNear(place, 48.85, 2.35)
    expect(place!.formattedAddress).toBe('Paris, Île-de-France, France')
  })

  it.each(['Paris, Texas', 'Paris, TX, USA', 'Paris, TX 75460', 'Paris Texas'])(
    'puts %j in Paris, Texas',
    (address) => {
      const place = resolve(address)
      expectNear(place, 33.66, -95.56)
      expect(place!.formattedAddress).toBe('Paris, Texas, United States')
    },
  )

  it.each([
    'London',
    'london',
    'LONDON',
    'London, UK',
    'London, England',
    'London, United Kingdom',
  ])('puts %j in London, England', (address) => {
    const place = resolve(address)
    expectNear(place, 51.51, -0.13)
    expect(place!.formattedAddress).toBe('London, England, United Kingdom')
  })

  it('reads an address written on several lines', () => {
    expectNear(resolve('221B Baker Street\nLondon'), 51.51, -0.13)
    expectNear(resolve('221B Baker Street\r\nLondon NW1 6XE\r\nUnited Kingdom'), 51.51, -0.13)
  })

  it.each([
    ['Zürich', 47.37, 8.55, 'Zürich, Switzerland'],
    ['Zurich', 47.37, 8.55, 'Zürich, Switzerland'],
    ['ZÜRICH, Schweiz', 47.37, 8.55, 'Zürich, Switzerland'],
    ['Sao Paulo', -23.55, -46.64, 'São Paulo, Brazil'],
    ['São Paulo, Brasil', -23.55, -46.64, 'São Paulo, Brazil'],
    ['Saint-Etienne', 45.43, 4.39, 'Saint-Étienne, Auvergne-Rhône-Alpes, France'],
    ['Saint Louis, MO', 38.63, -90.2, 'St. Louis, Missouri, United States'],
    ['Krakow, Poland', 50.06, 19.94, 'Kraków, Poland'],
  ])('ignores accents, case and abbreviations: %j', (address, lat, lng, formatted) => {
    const place = resolve(address)
    expectNear(place, lat, lng)
    expect(place!.formattedAddress).toBe(formatted)
  })

  it.each([
    ['London, Ontario, Canada', 42.98, -81.23],
    ['London, ON', 42.98, -81.23],
    ['Perth, WA', -31.95, 115.86],
    ['Perth, Scotland', 56.4, -3.43],
    ['Sydney, Nova Scotia', 46.14, -60.18],
    ['Sydney NSW 2000, Australia', -33.87, 151.21],
    ['Springfield, IL 62701', 39.8, -89.64],
    ['Springfield, Massachusetts', 42.1, -72.59],
    ['Cambridge, MA', 42.38, -71.11],
    ['Cambridge, UK', 52.2, 0.12],
    ['Dublin, Ireland', 53.33, -6.25],
    ['Dublin, OH', 40.1, -83.11],
    ['Vienna, Austria', 48.21, 16.37],
    ['Vienna, VA', 38.9, -77.27],
    ['Atlanta, Georgia', 33.75, -84.39],
    ['Tbilisi, Georgia', 41.69, 44.83],
    ['Lebanon, PA', 40.34, -76.41],
  ])('lets a region or a country choose among cities of one name: %j', (address, lat, lng) => {
    expectNear(resolve(address), lat, lng)
  })

  it.each([
    ['Paris', 48.85, 2.35],
    ['Springfield', 37.22, -93.3],
    ['Perth', -31.95, 115.86],
    ['Birmingham', 52.48, -1.9],
  ])('prefers the most populous city when nothing else says: %j', (address, lat, lng) => {
    expectNear(resolve(address), lat, lng)
  })

  it.each([
    ['350 5th Ave, New York, NY 10118, USA', 40.71, -74.01],
    ['New York', 40.71, -74.01],
    ['1600 Pennsylvania Ave NW, Washington, DC 20500', 38.9, -77.04],
    ['Washington', 38.9, -77.04],
    ['Unter den Linden 1, 10117 Berlin, Deutschland', 52.52, 13.41],
    ['Marienplatz 1, 80331 München', 48.14, 11.58],
    ['Frankfurt, Germany', 50.12, 8.68],
    ['Calle de Alcalá 1, 28014 Madrid, España', 40.42, -3.7],
    ['Stephansplatz 1, 1010 Wien, Österreich', 48.21, 16.37],
    ['Damrak 1, Amsterdam, The Netherlands', 52.37, 4.89],
    ['Via Roma 10, Torino', 45.07, 7.69],
    ['1 Main St, Austin, TX 78701', 30.27, -97.74],
    ['Oxford Street London', 51.51, -0.13],
    ['Singapore', 1.29, 103.85],
  ])('finds the city in a full address: %j', (address, lat, lng) => {
    expectNear(resolve(address), lat, lng)
  })

  it.each([
    'qwertyuiop asdfghjkl',
    'Xyzzy, Plugh',
    '',
    ' ,, \n ',
    '12345',
    // A country or a street is not an address, and a named country is binding.
    'France',
    'Georgia',
    'Pariss, France',
    'Springfield, Germany',
    '12 Rue de Rivoli',
    'Via Roma 10',
    'Rue de Paris',
  ])('returns null for %j', (address) => {
    expect(resolve(address)).toBeNull()
  })

  it('resolves the cities of the demo seed (src/server/seed)', () => {
    const seeded: [string, string, number, number][] = [
      ['Rue de Rivoli', 'Paris, France', 48.86, 2.35],
      ['Baker Street', 'London, United Kingdom', 51.51, -0.13],
      ['Bleecker Street', 'New York, United States', 40.71, -74.01],
      ['Torstraße', 'Berlin, Germany', 52.52, 13.41],
      ['Avenida da Liberdade', 'Lisbon, Portugal', 38.72, -9.13],
      ['Passeig de Gràcia', 'Barcelona, Spain', 41.39, 2.16],
      ['Prinsengracht', 'Amsterdam, Netherlands', 52.37, 4.89],
      ['Queen Street West', 'Toronto, Canada', 43.7, -79.42],
      ['Oxford Street', 'Sydney, Australia', -33.87, 151.21],
      ['East 6th Street', 'Austin, United States', 30.27, -97.74],
      ['Grafton Street', 'Dublin, Ireland', 53.33, -6.25],
      ['Mariahilfer Straße', 'Vienna, Austria', 48.21, 16.37],
    ]
    for (const [street, city, lat, lng] of seeded) {
      expectNear(resolve(`42 ${street}, ${city}`), lat, lng)
    }
  })

  it('knows each city alias by its gazetteer name, in its country', () => {
    for (const [alias, name, country] of cityAliases) {
      const cities = places.gazetteer.named(normalizePlace(alias)).map(places.gazetteer.city)
      expect(cities, alias).toContainEqual(expect.objectContaining({ name, country }))
    }
  })

  it('reads the gazetteer on the first address, once, not when created', async () => {
    const open = vi.fn(() => places)
    const geocoder = createOfflineGeocoder(open)
    expect(open).not.toHaveBeenCalled()
    expectNear(await geocoder.geocode('Paris, France'), 48.85, 2.35)
    expect(await geocoder.geocode('Qwxz Qwxz, Zzyzzx')).toBeNull()
    expect(open).toHaveBeenCalledTimes(1)
  })
})
