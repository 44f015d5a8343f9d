// Descriptions for the bench's listings: 300 to 1,500 characters of varied text from sentence
// templates and word lists, picked with the seed's random, so that the text index meets the spread
// of words a real catalogue has. None uses a word of the names, streets or cities that the other
// search targets ask for ('apartment', 'cottage', 'quiet', 'london', 'libertad', 'paix'), so those
// targets read as before; two words belong to descriptions alone, at known shares:
import type { Random } from '../../src/server/seed/random.js'

/** In about 1 in 2,000 descriptions: a word that only descriptions hold, and few of them. */
export const rareDescriptionWord = 'wisteria'
/** In about 1 in 40 descriptions: a word that only descriptions hold, fairly common. */
export const commonDescriptionWord = 'parquet'

const rooms = ['living room', 'bedroom', 'study', 'hallway', 'dining room', 'guest room', 'den']
const floors = ['oak boards', 'stone tiles', 'terracotta tiles', 'polished concrete', 'carpet']
const light = ['morning sun', 'evening light', 'light all day', 'soft northern light']
const views = ['the river', 'the rooftops', 'a leafy square', 'the hills', 'the harbour', 'a park']
const kitchens = ['open-plan', 'galley', 'eat-in', 'farmhouse', 'compact', 'renovated']
const appliances = ['dishwasher', 'gas hob', 'induction hob', 'double oven', 'washer-dryer']
const outside = ['a terrace', 'a balcony', 'a small garden', 'a courtyard', 'a roof deck']
const nearby = ['bakeries', 'cafés', 'a weekly market', 'schools', 'a gym', 'a library', 'shops']
const transport = ['the metro', 'a tram stop', 'the bus routes', 'the train station', 'cycle lanes']
const heating = [
  'underfloor heating',
  'a heat pump',
  'radiators',
  'a wood burner',
  'district heating',
]
const adjectives = ['generous', 'calm', 'well kept', 'freshly painted', 'high-ceilinged', 'light']
const terms = ['a deposit of one month', 'references', 'a minimum stay of a year', 'no agency fee']
const rareFeatures = [
  `a ${rareDescriptionWord} over the porch`,
  'a sauna in the cellar',
  'an old bread oven',
  'a piano that stays',
  'a lemon tree by the door',
  'a vaulted wine cellar',
  'a rooftop beehive',
  'an orangery',
  'a private jetty',
  'a tiled hammam',
]

const sentences: ((random: Random) => string)[] = [
  (r) => `The ${r.pick(rooms)} is ${r.pick(adjectives)}, with ${r.pick(light)}.`,
  (r) =>
    `Floors are ${r.pick(floors)} throughout, and the ${r.pick(rooms)} looks onto ${r.pick(views)}.`,
  (r) => `The ${r.pick(kitchens)} kitchen has a ${r.pick(appliances)} and a ${r.pick(appliances)}.`,
  (r) => `There is ${r.pick(outside)} facing ${r.pick(['south', 'west', 'east', 'north'])}.`,
  (r) => `Warmth comes from ${r.pick(heating)}; the windows are double glazed.`,
  (r) => `You are a short walk from ${r.pick(nearby)} and ${r.pick(nearby)}.`,
  (r) =>
    `${r.pick(['Getting around is easy', 'Commuting is simple'])}: ${r.pick(transport)} within ${r.int(2, 15)} minutes.`,
  (r) =>
    `The building is ${r.pick(['from the 1930s', 'a conversion', 'newly built', 'from 1890'])}, with ${r.pick(['a lift', 'a concierge', 'bike storage', 'a shared garden'])}.`,
  (r) =>
    `The bathroom has ${r.pick(['a walk-in shower', 'a deep bath', 'a bath and shower', 'twin basins'])}.`,
  (r) => `Storage is ${r.pick(['ample', 'built in', 'in a cellar room', 'under the stairs'])}.`,
  (r) => `The owner asks for ${r.pick(terms)}.`,
  (r) => `Viewings ${r.pick(['on weekdays', 'at weekends', 'by appointment', 'most evenings'])}.`,
  (r) =>
    `Neighbours are ${r.pick(['friendly', 'long-standing', 'families', 'mostly retired'])}, and the street is ${r.pick(['leafy', 'lively', 'one-way', 'residential'])}.`,
  (r) => `Broadband reaches ${r.pick(['500', '900', '1,000', '300'])} Mbit/s.`,
  (r) =>
    `Council tax band ${r.pick(['A', 'B', 'C', 'D', 'E'])}; energy rating ${r.pick(['A', 'B', 'C', 'D'])}.`,
  (r) =>
    r.chance(0.02)
      ? `The ${r.pick(rooms)} has ${commonDescriptionWord} laid in a herringbone.`
      : `The ${r.pick(rooms)} was redone ${r.int(2, 12)} years ago.`,
]

/** A description of 300 to 1,500 characters: sentences in paragraphs, a rare feature now and then. */
export function benchDescription(random: Random): string {
  const target = random.int(320, 1380)
  const paragraphs: string[] = []
  let paragraph: string[] = []
  let length = 0
  if (random.chance(0.005)) {
    const feature = `A rare find: ${random.pick(rareFeatures)}.`
    paragraph.push(feature)
    length += feature.length + 1
  }
  while (length < target) {
    const sentence = random.pick(sentences)(random)
    paragraph.push(sentence)
    length += sentence.length + 1
    if (paragraph.length >= 3 && random.chance(0.3)) {
      paragraphs.push(paragraph.join(' '))
      paragraph = []
      length += 1
    }
  }
  if (paragraph.length > 0) paragraphs.push(paragraph.join(' '))
  return paragraphs.join('\n\n').slice(0, 1500)
}
