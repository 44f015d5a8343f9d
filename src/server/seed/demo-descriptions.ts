// The demo homes' descriptions, as owners write them: an opening, the rooms, the neighbourhood
// and the practical points, each picked and filled from the home's own details, so that no two
// homes read alike and each reads like its kind of home.
import type { ListingType } from '../../shared/listing.js'
import type { HomeKind } from './homes.js'
import type { Random } from './random.js'

export interface DescribedHome {
  kind: HomeKind
  type: ListingType
  adjective: string
  city: string
  street: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  floorArea: number
  petsAllowed: boolean | null
  /** words for when it is free, 'straight away' or 'from 3 March' */
  available: string | null
}

const flatKinds: readonly HomeKind[] = ['Studio', 'Loft', 'Flat', 'Apartment', 'Penthouse']

/** A line or two on each demo city's streets: what a neighbour would tell a newcomer. */
const neighbourhoods: Record<string, string[]> = {
  Paris: [
    'The bakery on the corner opens at seven, and the Seine is a ten-minute walk.',
    'Two métro lines stop within five minutes, and the Sunday market sets up across the road.',
  ],
  London: [
    'The Tube station is four minutes away, and a proper pub and a park sit at the end of the road.',
    'Buses run all night from the stop outside, and the high street has everything from a butcher to a bookshop.',
  ],
  'New York': [
    'The subway is two blocks away, and the deli downstairs makes the best bagels in the neighbourhood.',
    'Coffee shops, a laundromat and a small park are all on the same block.',
  ],
  Berlin: [
    'The U-Bahn and two tram lines are close by, and the canal path is made for evening walks.',
    'Cafés with tables on the pavement line the street, and the weekly market is around the corner.',
  ],
  Lisbon: [
    'The tram rattles past at the end of the street, and a miradouro with a view over the river is a short climb away.',
    'Small tascas, a fish market and the river front are all within walking distance.',
  ],
  Barcelona: [
    'The beach is a twenty-minute walk, and the plaça below fills with neighbours on summer evenings.',
    'The metro is three minutes away, and the covered market sells fresh produce every morning but Sunday.',
  ],
  Amsterdam: [
    'Everything is a short bike ride away, and the canal outside is quiet in the evenings.',
    'A bakery, a cheese shop and two tram stops are on the same street.',
  ],
  Toronto: [
    'The streetcar stops at the door, and the lake shore trail is fifteen minutes away by bike.',
    'Independent shops, a library branch and a large park are all within a few blocks.',
  ],
  Sydney: [
    'The bus to the beach leaves from the corner, and there is a good café on every block.',
    'The harbour ferry is a short walk, and the local pool is open all year.',
  ],
  Tokyo: [
    'The station is a six-minute walk, with a convenience store and a bathhouse on the way.',
    'Quiet side streets, a neighbourhood shrine and small izakayas make the area feel like a village.',
  ],
  'Mexico City': [
    'Tree-lined streets lead to two parks, and the weekend tianguis is a few blocks away.',
    'Taquerías, cafés and the Metrobús are all within a short walk.',
  ],
  'São Paulo': [
    'The metro station is close, and the neighbourhood has bakeries, gyms and a Sunday street fair.',
    'Restaurants of every kind are nearby, and the park is a ten-minute walk.',
  ],
  'Cape Town': [
    'Table Mountain is the view from the street, and cafés and galleries are a short walk away.',
    'The MyCiTi bus stops nearby, and the beach promenade is a quick drive.',
  ],
  Rome: [
    'The piazza with its fountain is around the corner, and the best gelato in the area is on the way home.',
    'Historic streets, a produce market and two bus lines are all close by.',
  ],
  Stockholm: [
    'The tunnelbana is a short walk, and the water is at the end of the street.',
    'A bakery famous for its cardamom buns and a large park are both nearby.',
  ],
  Austin: [
    'Food trucks, live music and the hike-and-bike trail are all a short walk away.',
    'The bus runs downtown in fifteen minutes, and the neighbourhood has great tacos and coffee.',
  ],
  Dublin: [
    'The Luas is a few minutes on foot, and Stephen’s Green is a pleasant walk away.',
    'Shops, pubs and the canal are close by, and buses run to the city centre all day.',
  ],
  Vienna: [
    'The U-Bahn and a tram stop are close, and the Naschmarkt is a short ride away.',
    'A Kaffeehaus, a bakery and a small park are on the same block.',
  ],
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function opening(random: Random, home: DescribedHome): string {
  const kind = home.kind.toLowerCase()
  const adjective = home.adjective.toLowerCase()
  const rooms =
    home.kind === 'Studio'
      ? 'one open room'
      : `${home.bedrooms} bedroom${home.bedrooms > 1 ? 's' : ''}`
  const flat = flatKinds.includes(home.kind)
  const openers = [
    `A ${adjective} ${kind} on ${home.street}, with ${rooms} and ${home.floorArea} m² of living space.`,
    `Welcome to this ${adjective} ${kind} in the heart of ${home.city}: ${home.floorArea} m² and ${rooms}, on one of the nicest parts of ${home.street}.`,
    `${sentence(rooms)}, ${home.floorArea} m² and light from morning to evening: this ${kind} on ${home.street} is ${adjective} in every sense.`,
    flat
      ? `On the ${['second', 'third', 'fourth', 'top'][random.int(0, 3)]} floor of a well-kept building on ${home.street}, this ${kind} has ${rooms} and ${home.floorArea} m².`
      : `Set back from ${home.street} behind a small front garden, this ${kind} has ${rooms} over ${home.floorArea} m².`,
  ]
  const more = flat
    ? [
        'The building has a lift and a shared bike room.',
        'Large windows look over the street, and the building is quiet at night.',
        'The entrance hall was renovated last year, and the neighbours are friendly.',
      ]
    : [
        'The garden gets the afternoon sun and has room for a table and a barbecue.',
        'There is a garden at the back, with a shed for tools and bikes.',
        'Mature trees shade the garden, and the street is quiet.',
      ]
  return `${random.pick(openers)} ${random.pick(more)}`
}

function rooms(random: Random, home: DescribedHome): string {
  const kitchen = random.pick([
    'The kitchen is new, with an induction hob, a dishwasher and plenty of cupboards.',
    'An open kitchen with a breakfast bar for quick meals.',
    'The kitchen is separate and practical, with a gas cooker and a window over the courtyard.',
    'The kitchen was redone two years ago, with oak worktops and a large fridge.',
  ])
  const living = random.pick(
    home.kind === 'Studio'
      ? [
          'The room has wooden floors and a tall window.',
          'Built-in shelves and a fold-out table make the most of the space.',
        ]
      : [
          'The living room has wooden floors and a bay window.',
          'The living room is bright, with high ceilings and built-in shelves.',
          'The living room opens onto a small balcony.',
          'A generous living room leaves space for a dining table for six.',
        ],
  )
  const baths =
    home.bathrooms > 1
      ? `There are ${home.bathrooms} bathrooms, one with a bath and one with a walk-in shower.`
      : random.pick(['The bathroom has a walk-in shower.', 'The bathroom has a bath and a shower.'])
  const bedrooms =
    home.kind === 'Studio'
      ? 'A sleeping corner fits a double bed and a wardrobe.'
      : home.bedrooms > 2
        ? `The main bedroom is large enough for a desk; the other ${home.bedrooms - 1} suit children or guests.`
        : random.pick([
            'The bedrooms are quiet, away from the street.',
            'Each bedroom has a built-in wardrobe.',
          ])
  const furnishing = home.furnished
    ? random.pick([
        'It comes furnished, with a sofa, beds and a dining table.',
        'It is let furnished: bring your clothes and move in.',
      ])
    : 'It comes unfurnished, ready for your own things.'
  return `${kitchen} ${living} ${bedrooms} ${baths} ${home.type === 'rent' ? furnishing : ''}`.trim()
}

function practical(random: Random, home: DescribedHome): string {
  const lines = ['Good to know:']
  lines.push(
    home.parking
      ? random.pick(['- A parking space comes with it.', '- Parking in the private garage.'])
      : '- No parking, but the street has residents’ permits.',
  )
  if (home.petsAllowed !== null) {
    lines.push(home.petsAllowed ? '- Pets are welcome.' : '- Sorry, no pets.')
  }
  if (home.available) lines.push(`- Free ${home.available}.`)
  lines.push(
    home.type === 'rent'
      ? random.pick([
          '- A deposit of two months’ rent; bills not included.',
          '- Minimum stay of twelve months.',
          '- Heating and water are included in the rent.',
        ])
      : random.pick([
          '- No onward chain.',
          '- The roof and the windows were replaced five years ago.',
          '- Low running costs thanks to good insulation.',
        ]),
  )
  return lines.join('\n')
}

/** Several paragraphs, parted by blank lines; the last is a list, one point a line. */
export function demoDescription(random: Random, home: DescribedHome): string {
  const area = neighbourhoods[home.city] ?? []
  const closing = random.pick([
    'Viewings on weekday evenings and Saturday mornings.',
    'Ask for a viewing: the owner shows the home in person.',
    'Send a message with a little about yourself, and we will arrange a visit.',
  ])
  return [
    opening(random, home),
    rooms(random, home),
    `${random.pick(area)} ${closing}`,
    practical(random, home),
  ].join('\n\n')
}
