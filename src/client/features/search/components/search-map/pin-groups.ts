// Which markers of the search map stand alone and which share one badge: markers whose boxes on
// the screen would overlap are put together, again and again, until no two boxes touch.

/** A box on the screen, in pixels: x grows to the right, y downwards. */
export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** A marker at a point of the screen: one listing's pin, or a badge of several. */
export interface PlacedMarker<T> {
  /** what the marker stands for: one listing, or the listings and clusters of a badge */
  members: T[]
  /** how many listings it stands for (a server's cluster counts all of its own) */
  count: number
  x: number
  y: number
  box: Box
}

export const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * Groups the markers until no two boxes overlap. Two that overlap become one badge at their
 * weighted middle, whose box is `badgeBox`; that badge may then overlap another, and so on.
 * Each step leaves one marker fewer, so it ends; 200 pins take a few milliseconds.
 */
export function groupOverlapping<T>(
  markers: PlacedMarker<T>[],
  badgeBox: (x: number, y: number, count: number) => Box,
): PlacedMarker<T>[] {
  const placed = [...markers]
  let grouped = true
  while (grouped) {
    grouped = false
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!
        const b = placed[j]!
        if (!overlaps(a.box, b.box)) continue
        const count = a.count + b.count
        const x = (a.x * a.count + b.x * b.count) / count
        const y = (a.y * a.count + b.y * b.count) / count
        placed[i] = {
          members: [...a.members, ...b.members],
          count,
          x,
          y,
          box: badgeBox(x, y, count),
        }
        placed.splice(j, 1)
        grouped = true
        // The badge is new: it is checked against every marker after it again.
        j = i
      }
    }
  }
  return placed
}
