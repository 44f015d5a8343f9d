// The hostile inputs the fuzz suite throws at every route: odd strings, odd numbers, odd JSON texts.
import fc from 'fast-check'

/** Strings that have broken servers before: control characters, lone surrogates, injections. */
const notorious = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'Sunny\u0000flat by the river',
  '\ud800',
  'Sunny flat \udfff river',
  '\u202eSunny flat by the river',
  '\ufeffSunny flat by the river',
  'Sunny flat by the river\u0007',
  '\u0085\u009f',
  '💥💥💥💥💥💥💥💥💥💥💥💥',
  'Cafe\u0301 by the river side',
  '__proto__',
  'constructor',
  'prototype',
  "'; DROP TABLE listing; --",
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '3',
  '3.5',
  '1e309',
  '0x10',
  ' 5 ',
  'true',
  'rent',
  'sale',
  'Paris, France',
]

const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code))

/** Direction embeddings, overrides and isolates, which reverse how the text after them shows. */
const directionControl = fc.constantFrom(
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((code) =>
    String.fromCharCode(code),
  ),
)

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code))

/** One character of a hostile string: mostly printable, often control or half a surrogate pair. */
const hostileCharacter = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.constantFrom(' ', 'a', 'Z', '1'), weight: 4 },
  { arbitrary: controlCharacter, weight: 1 },
  { arbitrary: directionControl, weight: 1 },
  { arbitrary: loneSurrogate, weight: 1 },
)

/** Strings around the spec's length limits (10–32 for a name, 500 for an address), padded with spaces. */
const lengthProbe = fc
  .tuple(fc.integer({ min: 0, max: 520 }), fc.integer({ min: 0, max: 3 }))
  .map(([length, padding]) => `${' '.repeat(padding)}${'a'.repeat(length)}${' '.repeat(padding)}`)

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...notorious),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: hostileCharacter, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  lengthProbe,
)

/** Numbers a room count or a price must not be: negative, fractional, huge, unsafe, edge values. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.5,
    1,
    3.5,
    49.999,
    50,
    51,
    -0,
    750_000_000,
    750_000_001,
    1e21,
    2 ** 53 + 2,
  ),
  fc.integer({ min: -5, max: 60 }),
  fc.integer(),
  // NaN and ±Infinity become null in JSON.stringify; the raw texts below send them as written.
  fc.double(),
)

export const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype')

/** Any JSON value with hostile leaves, and objects whose keys aim at the prototype. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.oneof(hostileString, prototypeKey), tie('value'), { maxKeys: 4 }),
})).value

/** JSON texts that JSON.parse rejects or that hold values JSON.stringify never writes. */
const rawValueTexts = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '9'.repeat(400),
  'undefined',
  '0x10',
  '010',
  '.5',
  '+1',
  '1.',
  "'single quoted'",
  'True',
  '"\\ud800"',
  '"\\u0000"',
  '"Sunny flat\\u0000 by the river"',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
]

/** The text of one JSON value: a hostile value as JSON, or a raw text from the list above. */
export const hostileValueText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 3 },
  { arbitrary: fc.constantFrom(...rawValueTexts), weight: 1 },
)

/** An object as text, key by key, so keys may repeat and `__proto__` stays an own key. */
export const objectText = (entries: [key: string, valueText: string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`

const remove = Symbol('remove')

/**
 * Bodies derived from a valid one: fields replaced by hostile values (or by `plausible` ones, which
 * may make the body valid again), removed, repeated or added (prototype keys too); whole texts that
 * are not JSON or not an object; and texts past the 64 KiB body limit.
 */
export function hostileBody(
  valid: Record<string, unknown>,
  plausible: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<string> {
  // Keys the body should not have (an owner, an id) are tried too, when `plausible` names them.
  const keys = [...new Set([...Object.keys(valid), ...Object.keys(plausible)])]
  const validEntries = Object.entries(valid).map(([key, value]): [string, string] => [
    key,
    JSON.stringify(value),
  ])
  const validText = objectText(validEntries)

  const valueFor = (key: string) => {
    const candidates = Object.hasOwn(plausible, key) ? plausible[key] : undefined
    return fc.oneof(
      { arbitrary: hostileValueText, weight: 6 },
      { arbitrary: fc.constant<typeof remove>(remove), weight: 1 },
      ...(candidates
        ? [{ arbitrary: candidates.map((value) => JSON.stringify(value)), weight: 6 }]
        : []),
    )
  }
  const change = fc
    .oneof(
      { arbitrary: fc.constantFrom(...keys), weight: 6 },
      { arbitrary: prototypeKey, weight: 1 },
      { arbitrary: hostileString, weight: 1 },
    )
    .chain((key) =>
      fc.record({ key: fc.constant(key), value: valueFor(key), repeat: fc.boolean() }),
    )
  const changed = fc.array(change, { minLength: 1, maxLength: 4 }).map((changes) => {
    let entries = [...validEntries]
    for (const { key, value, repeat } of changes) {
      if (value === remove) entries = entries.filter(([name]) => name !== key)
      else if (repeat || !entries.some(([name]) => name === key)) entries.push([key, value])
      else entries = entries.map(([name, text]) => [name, name === key ? value : text])
    }
    return objectText(entries)
  })

  const malformed = fc.oneof(
    fc.integer({ min: 0, max: validText.length - 1 }).map((end) => validText.slice(0, end)),
    fc.constantFrom(
      '',
      'null',
      '[]',
      '"a string"',
      '42',
      'true',
      '{',
      '}',
      `${validText}{`,
      validText.replace(/}$/, ',}'),
      `\ufeff${validText}`,
      validText.replaceAll('"', "'"),
    ),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc
      .integer({ min: 1, max: 10_000 })
      .map((depth) =>
        objectText([...validEntries, ['name', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`]]),
      ),
  )

  // Just past the 64 KiB limit, and a megabyte.
  const huge = fc
    .constantFrom(65 * 1024, 1024 * 1024)
    .map((length) => objectText([...validEntries, ['name', JSON.stringify('x'.repeat(length))]]))

  return fc.oneof(
    { arbitrary: changed, weight: 12 },
    { arbitrary: malformed, weight: 3 },
    { arbitrary: huge, weight: 1 },
  )
}

/** Content types a JSON route may be sent: mostly JSON, sometimes what a cross-site form sends. */
export const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
      '',
    ),
    weight: 2,
  },
)

/** A URL path segment: hostile text percent-encoded byte by byte, broken escapes, plausible ids. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(percentEncode),
  fc.constantFrom('%ZZ', '%', '%E0%A4', '..', '%2e%2e', '%2F', 'a%00b', '%ff', '%C0%AF', '-', '_'),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  fc.integer({ min: 65, max: 400 }).map((length) => 'a'.repeat(length)),
)

/** Percent-encodes every byte but letters and digits (lone surrogates become U+FFFD's bytes). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('')
}

/**
 * A query string from hostile pairs: keys may repeat, values may be hostile or missing. One case
 * in four is well formed (each key at most once, with a plausible value), so that a route whose
 * only valid queries carry a key still meets valid ones in every run, not in most.
 */
export function hostileQuery(
  keys: readonly string[],
  plausible: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(
      { arbitrary: fc.constantFrom(...keys), weight: 6 },
      { arbitrary: prototypeKey, weight: 1 },
      { arbitrary: hostileString, weight: 1 },
    ),
    fc.option(fc.oneof(plausible, hostileString), { nil: undefined }),
  )
  const wellFormed = fc
    .shuffledSubarray([...keys], { minLength: 1 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((key) => plausible.map((value) => [key, value] as const))),
    )
  return fc
    .oneof(
      { arbitrary: fc.array(pair, { maxLength: 5 }), weight: 3 },
      { arbitrary: wellFormed, weight: 1 },
    )
    .map((pairs) =>
      pairs
        .map(([key, value]) =>
          value === undefined
            ? percentEncode(key)
            : `${percentEncode(key)}=${percentEncode(value)}`,
        )
        .join('&'),
    )
}

/** Where a request comes from, as the Node adapter reports it (rate limits are kept per address). */
export const clientAddress = fc.oneof(
  // Mostly a new address each time, so that the per-address limits let the bodies through…
  {
    arbitrary: fc
      .noBias(fc.integer({ min: 0, max: 2 ** 32 - 1 }))
      .map((n) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.')),
    weight: 8,
  },
  { arbitrary: fc.noBias(fc.ipV6()), weight: 1 },
  // …and sometimes the same one, so that they are reached too.
  { arbitrary: fc.constantFrom('10.99.0.1', '10.99.0.2'), weight: 1 },
)

/** `text` with `cut` characters at `at` (wrapped to its length) replaced by `insert`. */
const edit = (text: string, at: number, cut: number, insert: string) =>
  text.slice(0, at % (text.length + 1)) + insert + text.slice((at % (text.length + 1)) + cut)

/**
 * What a client may send in place of a cursor we handed out (`real`): edits of its text, edits of
 * what it says encoded again as we encode it, keys that never existed in every encoding (`forge`
 * writes a key's plain text from a number and an id), and any text at all.
 */
export function tamperedCursor(
  real: fc.Arbitrary<string>,
  forge: (value: string, id: string) => string,
): fc.Arbitrary<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=.:'
  const character = fc.oneof(
    fc.constantFrom(...alphabet),
    hostileString.filter((text) => text.length === 1),
  )
  const edits = (maxLength: number) =>
    fc.tuple(real, fc.nat(), fc.nat({ max: 3 }), fc.string({ unit: character, maxLength }))
  return fc.oneof(
    edits(3).map(([cursor, at, cut, insert]) => edit(cursor, at, cut, insert)),
    edits(4).map(([cursor, at, cut, insert]) =>
      Buffer.from(
        edit(Buffer.from(cursor, 'base64url').toString('utf8'), at, cut, insert),
        'utf8',
      ).toString('base64url'),
    ),
    fc
      .tuple(
        fc.oneof(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String), hostileString),
        fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/), hostileString),
        fc.constantFrom('base64url', 'base64', 'hex', 'utf8' as const),
      )
      .map(([value, id, encoding]) => Buffer.from(forge(value, id), 'utf8').toString(encoding)),
    fc.string({ unit: character, maxLength: 250 }),
  )
}

/**
 * Session cookies that are not a valid session: none, hostile text as the token, and the valid
 * cookie with one character changed (a forged or damaged token).
 */
export function forgedSessionCookie(validCookie: string): fc.Arbitrary<string> {
  const name = 'better-auth.session_token='
  return fc.oneof(
    fc.constant(''),
    hostileString.map(
      (value) => `${name}${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`,
    ),
    fc.tuple(fc.nat(), fc.constantFrom('A', 'z', '0', '.', '')).map(([at, insert]) => {
      const value = validCookie.slice(name.length)
      const cut = at % value.length
      return `${name}${value.slice(0, cut)}${insert}${value.slice(cut + 1)}`
    }),
  )
}
