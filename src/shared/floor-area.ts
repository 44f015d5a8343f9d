// Floor areas are stored in square metres; the screens show square feet beside them.

export const squareFeetPerSquareMetre = 10.7639

export const toSquareFeet = (squareMetres: number) =>
  Math.round(squareMetres * squareFeetPerSquareMetre)

/** Whole square metres, as stored, from what an owner typed in square feet. */
export const fromSquareFeet = (squareFeet: number) =>
  Math.round(squareFeet / squareFeetPerSquareMetre)

/** '85 m² · 915 sq ft' */
export function formatFloorArea(squareMetres: number): string {
  const metres = squareMetres.toLocaleString('en-US')
  return `${metres} m² · ${toSquareFeet(squareMetres).toLocaleString('en-US')} sq ft`
}
