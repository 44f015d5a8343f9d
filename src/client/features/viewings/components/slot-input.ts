import type { ViewingSlot, ViewingSlotInput } from '../../../../shared/viewing'

/** A slot as the owner sends it back in the full list: the server matches it to the stored one. */
export const slotInput = ({ start, minutes, capacity }: ViewingSlot): ViewingSlotInput => ({
  start,
  minutes,
  capacity,
})

/** The slots still ahead now: one that started since the list was read would be rejected as past. */
export function slotsAhead(slots: ViewingSlot[]): ViewingSlot[] {
  const now = Date.now()
  return slots.filter((slot) => Date.parse(slot.start) > now)
}
