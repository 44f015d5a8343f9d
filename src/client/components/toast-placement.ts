// Where the toasts stand so that they cover none of the controls they must keep clear of: the
// control that raised them and the form's submit button, which the next tap goes to.

/** A stretch of the screen from top to bottom, in pixels from the top of the window. */
export interface Band {
  top: number
  bottom: number
}

const overlaps = (a: Band, b: Band) => a.top < b.bottom && b.top < a.bottom

/**
 * How far to move the toasts (`stack`, where the style sheet puts them) up, as a negative number,
 * or down so that they overlap none of `obstacles` and stay within `bounds`; 0 when they are clear
 * already, and the smallest move otherwise. When no place is clear (a stack taller than the room
 * between the controls), they stay where they are.
 */
export function toastShift(stack: Band, obstacles: Band[], bounds: Band, gap: number): number {
  if (!obstacles.some((obstacle) => overlaps(stack, obstacle))) return 0
  const candidates = [
    bounds.top - stack.top,
    ...obstacles.flatMap((obstacle) => [
      obstacle.top - gap - stack.bottom,
      obstacle.bottom + gap - stack.top,
    ]),
  ]
  const clear = candidates.filter((shift) => {
    const moved = { top: stack.top + shift, bottom: stack.bottom + shift }
    return (
      moved.top >= bounds.top &&
      moved.bottom <= bounds.bottom &&
      !obstacles.some((obstacle) => overlaps(moved, obstacle))
    )
  })
  if (clear.length === 0) return 0
  return clear.reduce((best, shift) => (Math.abs(shift) < Math.abs(best) ? shift : best))
}
