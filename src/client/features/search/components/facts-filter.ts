// The filter panel's facts as the fields hold them: the home types ticked, the floor area range as
// typed (square metres), the date the home must be free by, and pets.
import type { HomeType } from '../../../../shared/listing'
import { searchLimits, type ListingFilter } from '../../../../shared/listing-requests'

export interface FactsDraft {
  homeType: HomeType[]
  minArea: string
  maxArea: string
  /** `YYYY-MM-DD`, or '' for any */
  availableBy: string
  petsAllowed?: true
}

export type AreaErrors = Partial<Record<'minArea' | 'maxArea', string>>

export function factsDraftOf(filter: ListingFilter): FactsDraft {
  return {
    homeType: filter.homeType ?? [],
    minArea: filter.minArea === undefined ? '' : String(filter.minArea),
    maxArea: filter.maxArea === undefined ? '' : String(filter.maxArea),
    availableBy: filter.availableBy ?? '',
    petsAllowed: filter.petsAllowed,
  }
}

/** '1,200' and ' 80 ' are 1200 and 80. */
const squareMetresOf = (typed: string) => typed.replace(/[\s,]/g, '')

const { min, max } = searchLimits.floorArea

/** Each area field's problem, the way the API would name it, said in the panel's words. */
export function areaErrors(draft: FactsDraft): AreaErrors {
  const errors: AreaErrors = {}
  const range = `Enter whole square metres from ${min} to ${max.toLocaleString('en-US')}`
  const check = (name: 'minArea' | 'maxArea') => {
    const text = squareMetresOf(draft[name])
    if (!text) return
    const value = /^\d{1,6}$/.test(text) ? Number(text) : NaN
    if (!(value >= min && value <= max)) errors[name] = range
  }
  check('minArea')
  check('maxArea')
  const low = squareMetresOf(draft.minArea)
  const high = squareMetresOf(draft.maxArea)
  if (!errors.minArea && !errors.maxArea && low && high && Number(low) > Number(high)) {
    errors.minArea = 'The min area is above the max area'
  }
  return errors
}

/** The facts' part of the filter; what is left empty is absent. */
export function factsFilterOf(draft: FactsDraft): Partial<ListingFilter> {
  const number = (typed: string) =>
    squareMetresOf(typed) ? Number(squareMetresOf(typed)) : undefined
  return {
    homeType: draft.homeType.length > 0 ? draft.homeType : undefined,
    minArea: number(draft.minArea),
    maxArea: number(draft.maxArea),
    availableBy: draft.availableBy || undefined,
    petsAllowed: draft.petsAllowed,
  }
}
