import { useMemo } from 'react'
import type { Bbox } from '../../../../shared/listing-requests'
import { placeBbox, usePlace } from '../api/places'
import { placeShortName } from '../components/place-names'

/**
 * The place a search names, once known: its name for the chip ('London, England') and its box for
 * the map, the same objects from one render to the next.
 */
export function useSearchPlace(id: number | undefined): { name: string; box: Bbox } | undefined {
  const { data } = usePlace(id)
  return useMemo(
    () => (data ? { name: placeShortName(data), box: placeBbox(data) } : undefined),
    [data],
  )
}
