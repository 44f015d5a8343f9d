// Writes tests/fixtures/schema-org-vocabulary.json, the part of schema.org's vocabulary that the
// structured-data test checks against: every type with its parents, every property with the types
// it is on and takes, every enumeration member with its enumeration. The source is a release of the
// schemaorg/schemaorg repository, `data/releases/<version>/schemaorg-current-https.jsonld`;
// comments and the mappings to other vocabularies are left out, which makes it a fifth of the size.
//
//   tsx scripts/schema-org-vocabulary.ts <path to schemaorg-current-https.jsonld> <version>
//   npx prettier --write tests/fixtures/schema-org-vocabulary.json
import fs from 'node:fs/promises'
import path from 'node:path'

interface Node {
  '@id': string
  '@type': string | string[]
  'rdfs:subClassOf'?: Reference | Reference[]
  'schema:domainIncludes'?: Reference | Reference[]
  'schema:rangeIncludes'?: Reference | Reference[]
  'schema:supersededBy'?: Reference | Reference[]
}

interface Reference {
  '@id': string
}

interface SchemaOrgVocabulary {
  source: string
  /** Each type's direct parents, schema.org's own only (`Text` and its kin have none). */
  types: Record<string, string[]>
  /** The types of literal values: `Text`, `Number`, `Boolean`, `Date`, … (their subtypes too). */
  dataTypes: string[]
  properties: Record<string, { domains: string[]; ranges: string[]; supersededBy?: string[] }>
  /** Each enumeration member's enumerations: `SoldOut` → `['ItemAvailability']`. */
  members: Record<string, string[]>
}

const prefix = 'schema:'

function names(value: Reference | Reference[] | string | string[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return list
    .map((item) => (typeof item === 'string' ? item : item['@id']))
    .filter((id) => id.startsWith(prefix))
    .map((id) => id.slice(prefix.length))
    .sort()
}

function schemaOrgVocabulary(graph: Node[], source: string): SchemaOrgVocabulary {
  const vocabulary: SchemaOrgVocabulary = {
    source,
    types: {},
    dataTypes: [],
    properties: {},
    members: {},
  }
  const sorted = [...graph].sort((a, b) => a['@id'].localeCompare(b['@id']))
  for (const node of sorted) {
    if (!node['@id'].startsWith(prefix)) continue
    const name = node['@id'].slice(prefix.length)
    const kinds = Array.isArray(node['@type']) ? node['@type'] : [node['@type']]
    if (kinds.includes('rdfs:Class')) {
      vocabulary.types[name] = names(node['rdfs:subClassOf'])
      if (kinds.includes('schema:DataType')) vocabulary.dataTypes.push(name)
    } else if (kinds.includes('rdf:Property')) {
      const supersededBy = names(node['schema:supersededBy'])
      vocabulary.properties[name] = {
        domains: names(node['schema:domainIncludes']),
        ranges: names(node['schema:rangeIncludes']),
        ...(supersededBy.length > 0 ? { supersededBy } : {}),
      }
    } else {
      vocabulary.members[name] = names(kinds)
    }
  }
  return vocabulary
}

async function main() {
  const [file, version] = process.argv.slice(2)
  if (!file || !version) {
    throw new Error(
      'Usage: tsx scripts/schema-org-vocabulary.ts <schemaorg-current-https.jsonld> <version>',
    )
  }
  const { '@graph': graph } = JSON.parse(await fs.readFile(file, 'utf8')) as { '@graph': Node[] }
  const source = `https://github.com/schemaorg/schemaorg/blob/main/data/releases/${version}/schemaorg-current-https.jsonld`
  const out = path.join(
    import.meta.dirname,
    '..',
    'tests',
    'fixtures',
    'schema-org-vocabulary.json',
  )
  await fs.writeFile(out, `${JSON.stringify(schemaOrgVocabulary(graph, source), null, 1)}\n`)
}

await main()
