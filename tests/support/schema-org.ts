// Checks JSON-LD against schema.org's vocabulary (tests/fixtures/schema-org-vocabulary.json, made by
// scripts/schema-org-vocabulary.ts): every @type is a schema.org type, every property exists and is
// allowed on its node's type or a parent of it, and every value is of a type the property takes,
// an enumeration's value one of its members.
import vocabulary from '../fixtures/schema-org-vocabulary.json' with { type: 'json' }

interface Vocabulary {
  types: Record<string, string[]>
  dataTypes: string[]
  properties: Record<string, { domains: string[]; ranges: string[]; supersededBy?: string[] }>
  members: Record<string, string[]>
}

const { types, dataTypes, properties, members } = vocabulary as Vocabulary

/**
 * schema.org's `BusinessFunction` has no members of its own: its values are GoodRelations'
 * individuals (https://schema.org/BusinessFunction).
 */
const outsideMembers: Record<string, string[]> = {
  BusinessFunction: [
    'Buy',
    'ConstructionInstallation',
    'Dispose',
    'LeaseOut',
    'Maintain',
    'ProvideService',
    'Repair',
    'Sell',
  ].map((name) => `http://purl.org/goodrelations/v1#${name}`),
}

const schemaOrg = 'https://schema.org/'

/** `type` is `ancestor` or below it, following subClassOf up. */
function isA(type: string, ancestor: string): boolean {
  const seen = new Set<string>()
  const queue = [type]
  while (queue.length > 0) {
    const next = queue.pop()!
    if (next === ancestor) return true
    if (seen.has(next)) continue
    seen.add(next)
    queue.push(...(types[next] ?? []))
  }
  return false
}

const isDataType = (type: string) => dataTypes.some((dataType) => isA(type, dataType))

/** Whether a literal fits one of a property's ranges. */
function literalFits(value: string | number | boolean, ranges: string[]): boolean {
  return ranges.some((range) => {
    if (typeof value === 'boolean') return isA(range, 'Boolean')
    if (typeof value === 'number') {
      return isA(range, 'Integer') ? Number.isInteger(value) : isA(range, 'Number')
    }
    if (isA(range, 'URL')) return /^https?:\/\/[^\s]+$/.test(value)
    if (isA(range, 'DateTime')) return !Number.isNaN(Date.parse(value)) && value.includes('T')
    if (isA(range, 'Date')) return /^\d{4}-\d{2}-\d{2}$/.test(value)
    return isA(range, 'Text')
  })
}

/** A URL naming an enumeration's member: a schema.org one of it, or one it takes from elsewhere. */
function memberFits(value: string, ranges: string[]): boolean {
  return ranges.some((range) => {
    if (!isA(range, 'Enumeration')) return false
    if (value.startsWith(schemaOrg)) {
      const member = value.slice(schemaOrg.length)
      return (members[member] ?? []).some((enumeration) => isA(enumeration, range))
    }
    return Object.entries(outsideMembers).some(
      ([enumeration, values]) => isA(range, enumeration) && values.includes(value),
    )
  })
}

/** What is wrong with a JSON-LD document, as `path: problem` lines; none when it validates. */
export function schemaOrgProblems(document: unknown): string[] {
  const problems: string[] = []
  if (!isObject(document) || document['@context'] !== schemaOrg.slice(0, -1)) {
    problems.push(`$: @context is not "https://schema.org"`)
  }
  if (isObject(document)) checkNode(document, '$', problems)
  else problems.push('$: not an object')
  return problems
}

function checkNode(node: Record<string, unknown>, path: string, problems: string[]) {
  const given = node['@type']
  const nodeTypes = typeof given === 'string' ? [given] : Array.isArray(given) ? given : []
  if (nodeTypes.length === 0) problems.push(`${path}: no @type`)
  for (const type of nodeTypes) {
    if (typeof type !== 'string' || !(type in types) || isDataType(type)) {
      problems.push(`${path}: ${String(type)} is not a schema.org type`)
    }
  }
  for (const [name, value] of Object.entries(node)) {
    if (name === '@context' || name === '@type' || name === '@id') continue
    const property = properties[name]
    const at = `${path}.${name}`
    if (!property) {
      problems.push(`${at}: not a schema.org property`)
      continue
    }
    if (property.supersededBy) {
      problems.push(`${at}: superseded by ${property.supersededBy.join(', ')}`)
    }
    const allowed = nodeTypes.some((type) =>
      property.domains.some((domain) => isA(String(type), domain)),
    )
    if (!allowed) problems.push(`${at}: not a property of ${nodeTypes.join(', ')}`)
    const values = Array.isArray(value) ? value : [value]
    for (const [index, item] of values.entries()) {
      checkValue(item, property.ranges, Array.isArray(value) ? `${at}[${index}]` : at, problems)
    }
  }
}

function checkValue(value: unknown, ranges: string[], path: string, problems: string[]) {
  if (isObject(value)) {
    const nested = value['@type']
    const nestedTypes = typeof nested === 'string' ? [nested] : Array.isArray(nested) ? nested : []
    const fits = nestedTypes.some((type) => ranges.some((range) => isA(String(type), range)))
    if (!fits)
      problems.push(`${path}: ${nestedTypes.join(', ') || 'a node'} is not ${ranges.join(' or ')}`)
    checkNode(value, path, problems)
    return
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const fits =
      literalFits(value, ranges) || (typeof value === 'string' && memberFits(value, ranges))
    if (!fits) problems.push(`${path}: ${JSON.stringify(value)} is not ${ranges.join(' or ')}`)
    return
  }
  problems.push(`${path}: ${JSON.stringify(value)} is not a value`)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
