// Countries and the regions people write after a city ('France', 'TX', 'Ontario', 'England'),
// with the codes the gazetteer uses: ISO 3166 countries and GeoNames first-level regions.
import { normalizePlace } from './place-names.js'

/** A country, or one region of it. */
export interface Area {
  country: string
  region?: string
}

export interface AreaIndex {
  /** The areas a name can mean ('georgia': the country and the US state), and whether one is a country. */
  named(key: string): { areas: Area[]; country: boolean }
  countryName(country: string): string
  regionName(country: string, region: string): string | undefined
}

// The names of countries come from the runtime's ICU data, in these languages.
const countryLocales = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl']

const moreCountryNames: Record<string, readonly string[]> = {
  US: ['USA', 'U.S.A.', 'U.S.', 'United States of America', 'America'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain'],
  NL: ['Holland'],
  CZ: ['Czech Republic', 'Česko'],
  TR: ['Turkey'],
  CI: ['Ivory Coast'],
  KR: ['Korea', 'Republic of Korea'],
  KP: ['North Korea'],
  RU: ['Russian Federation'],
  AE: ['UAE', 'U.A.E.', 'Emirates'],
  CD: ['DRC', 'DR Congo', 'Democratic Republic of the Congo'],
  CG: ['Republic of the Congo'],
  VA: ['Vatican', 'Vatican City', 'Holy See'],
  MK: ['Macedonia'],
  SZ: ['Swaziland'],
  CV: ['Cape Verde'],
  TL: ['East Timor'],
  MO: ['Macau'],
  VN: ['Viet Nam'],
  PL: ['Polska'],
  SE: ['Sverige'],
  NO: ['Norge'],
  DK: ['Danmark'],
  FI: ['Suomi'],
  IE: ['Éire', 'Eire'],
  HU: ['Magyarország'],
  HR: ['Hrvatska'],
  RS: ['Srbija'],
  SK: ['Slovensko'],
  SI: ['Slovenija'],
  GR: ['Hellas', 'Ellada'],
  JP: ['Nippon', 'Nihon'],
  CH: ['Schweiz', 'Suisse', 'Svizzera'],
  AT: ['Österreich'],
  BE: ['België', 'Belgique', 'Belgien'],
}

// First-level regions of the countries whose addresses usually name them. The first name is the
// one shown; US states are also known by their code, which is the gazetteer's region code.
const regionNames: Record<string, Record<string, readonly string[]>> = {
  US: {
    AL: ['Alabama'],
    AK: ['Alaska'],
    AZ: ['Arizona'],
    AR: ['Arkansas'],
    CA: ['California'],
    CO: ['Colorado'],
    CT: ['Connecticut'],
    DE: ['Delaware'],
    DC: ['D.C.', 'District of Columbia'],
    FL: ['Florida'],
    GA: ['Georgia'],
    HI: ['Hawaii'],
    ID: ['Idaho'],
    IL: ['Illinois'],
    IN: ['Indiana'],
    IA: ['Iowa'],
    KS: ['Kansas'],
    KY: ['Kentucky'],
    LA: ['Louisiana'],
    ME: ['Maine'],
    MD: ['Maryland'],
    MA: ['Massachusetts'],
    MI: ['Michigan'],
    MN: ['Minnesota'],
    MS: ['Mississippi'],
    MO: ['Missouri'],
    MT: ['Montana'],
    NE: ['Nebraska'],
    NV: ['Nevada'],
    NH: ['New Hampshire'],
    NJ: ['New Jersey'],
    NM: ['New Mexico'],
    NY: ['New York'],
    NC: ['North Carolina'],
    ND: ['North Dakota'],
    OH: ['Ohio'],
    OK: ['Oklahoma'],
    OR: ['Oregon'],
    PA: ['Pennsylvania'],
    RI: ['Rhode Island'],
    SC: ['South Carolina'],
    SD: ['South Dakota'],
    TN: ['Tennessee'],
    TX: ['Texas'],
    UT: ['Utah'],
    VT: ['Vermont'],
    VA: ['Virginia'],
    WA: ['Washington'],
    WV: ['West Virginia'],
    WI: ['Wisconsin'],
    WY: ['Wyoming'],
  },
  CA: {
    '01': ['Alberta', 'AB'],
    '02': ['British Columbia', 'BC'],
    '03': ['Manitoba', 'MB'],
    '04': ['New Brunswick', 'NB'],
    '05': ['Newfoundland and Labrador', 'Newfoundland', 'NL'],
    '07': ['Nova Scotia', 'NS'],
    '08': ['Ontario', 'ON'],
    '09': ['Prince Edward Island', 'PE', 'PEI'],
    '10': ['Quebec', 'QC'],
    '11': ['Saskatchewan', 'SK'],
    '12': ['Yukon', 'YT'],
    '13': ['Northwest Territories', 'NT'],
    '14': ['Nunavut', 'NU'],
  },
  AU: {
    '01': ['Australian Capital Territory', 'ACT'],
    '02': ['New South Wales', 'NSW'],
    '03': ['Northern Territory', 'NT'],
    '04': ['Queensland', 'QLD'],
    '05': ['South Australia', 'SA'],
    '06': ['Tasmania', 'TAS'],
    '07': ['Victoria', 'VIC'],
    '08': ['Western Australia', 'WA'],
  },
  GB: {
    ENG: ['England'],
    SCT: ['Scotland'],
    WLS: ['Wales'],
    NIR: ['Northern Ireland'],
  },
  DE: {
    '01': ['Baden-Württemberg'],
    '02': ['Bavaria', 'Bayern'],
    '03': ['Bremen'],
    '04': ['Hamburg'],
    '05': ['Hesse', 'Hessen'],
    '06': ['Lower Saxony', 'Niedersachsen'],
    '07': ['North Rhine-Westphalia', 'Nordrhein-Westfalen', 'NRW'],
    '08': ['Rhineland-Palatinate', 'Rheinland-Pfalz'],
    '09': ['Saarland'],
    '10': ['Schleswig-Holstein'],
    '11': ['Brandenburg'],
    '12': ['Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
    '13': ['Saxony', 'Sachsen'],
    '14': ['Saxony-Anhalt', 'Sachsen-Anhalt'],
    '15': ['Thuringia', 'Thüringen'],
    '16': ['Berlin'],
  },
  FR: {
    '11': ['Île-de-France'],
    '24': ['Centre-Val de Loire'],
    '27': ['Bourgogne-Franche-Comté'],
    '28': ['Normandy', 'Normandie'],
    '32': ['Hauts-de-France'],
    '44': ['Grand Est'],
    '52': ['Pays de la Loire'],
    '53': ['Brittany', 'Bretagne'],
    '75': ['Nouvelle-Aquitaine'],
    '76': ['Occitania', 'Occitanie'],
    '84': ['Auvergne-Rhône-Alpes'],
    '93': ["Provence-Alpes-Côte d'Azur", 'PACA'],
    '94': ['Corsica', 'Corse'],
  },
}

/** The index for the countries the gazetteer has cities in. */
export function createAreaIndex(countries: Iterable<string>): AreaIndex {
  const byName = new Map<string, Area[]>()
  const add = (name: string, area: Area) => {
    const key = withoutThe(normalizePlace(name))
    if (key === '') return
    const areas = byName.get(key) ?? []
    const same = areas.some((a) => a.country === area.country && a.region === area.region)
    if (!same) byName.set(key, [...areas, area])
  }

  const names = new Map<string, string>()
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
  const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short', fallback: 'none' })
  const displays = countryLocales.map(
    (locale) => new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }),
  )
  for (const country of countries) {
    names.set(country, english.of(country) ?? country)
    const spellings = [
      short.of(country),
      ...displays.map((display) => display.of(country)),
      ...(moreCountryNames[country] ?? []),
    ]
    for (const spelling of spellings) {
      if (!spelling) continue
      add(spelling, { country })
      // 'Myanmar (Burma)': either name alone too.
      for (const piece of spelling.split(/[()]/)) add(piece, { country })
    }
  }

  for (const [country, regions] of Object.entries(regionNames)) {
    for (const [region, spellings] of Object.entries(regions)) {
      for (const spelling of spellings) add(spelling, { country, region })
      if (country === 'US') add(region, { country, region })
    }
  }

  return {
    named(key) {
      const areas = byName.get(withoutThe(key)) ?? []
      return { areas, country: areas.some((area) => area.region === undefined) }
    },
    countryName: (country) => names.get(country) ?? english.of(country) ?? country,
    regionName: (country, region) => regionNames[country]?.[region]?.[0],
  }
}

function withoutThe(key: string): string {
  return key.startsWith('the ') ? key.slice(4) : key
}
