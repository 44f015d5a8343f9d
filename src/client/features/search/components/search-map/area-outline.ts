// An outline traced on the map as the search's area: simplified to few enough corners, or the
// reason it cannot be searched, in words for the visitor rather than the API's.
import type { Geolocation } from '../../../../../shared/listing'
import {
  canonicalPolygon,
  polygonMessages,
  polygonProblem,
  simplifyPolygon,
  type Polygon,
} from '../../../../../shared/polygon'

export const outlineProblems = {
  crossing: 'The area crosses itself. Draw it again as one loop.',
  small: 'The area is too small. Draw around more of the map.',
  wide: 'The area is too wide. Zoom in and draw a smaller one.',
} as const

/**
 * The area of a traced outline in its canonical form (the address then holds the text the server
 * would write for it), or what the visitor should do instead.
 */
export function areaOfOutline(path: Geolocation[]): { polygon: Polygon } | { problem: string } {
  const polygon = simplifyPolygon(path)
  const problem = polygonProblem(polygon)
  if (problem === undefined) return { polygon: canonicalPolygon(polygon) }
  if (problem === polygonMessages.crossing) return { problem: outlineProblems.crossing }
  if (problem === polygonMessages.span) return { problem: outlineProblems.wide }
  return { problem: outlineProblems.small }
}
