// Viewings: the times an owner opens their home to visitors, and the bookings of those times, as
// the API sends and takes them (ARCHITECTURE.md, "Conversations, viewings…"), for the server and
// the screens alike. No zod here: the listing page imports it.
import type { ListingStatus, ListingType } from './listing.js'
import type { Participant } from './conversation.js'

export const viewingLimits = {
  minMinutes: 15,
  maxMinutes: 240,
  /** 1 is a private viewing, more an open house */
  minCapacity: 1,
  maxCapacity: 50,
  /** how far ahead a slot may start */
  maxDaysAhead: 90,
  /** a listing's future slots, booked ones included */
  maxSlots: 100,
} as const

/** A slot as the owner sends it: `start` is ISO 8601, an instant (UTC or with an offset). */
export interface ViewingSlotInput {
  start: string
  minutes: number
  capacity: number
}

/** Who booked a slot: shown to the listing's owner only. */
export interface SlotBooking {
  id: string
  booker: Participant
}

export interface ViewingSlot {
  id: string
  /** ISO 8601, UTC */
  start: string
  minutes: number
  capacity: number
  booked: number
  /** the caller's booking of this slot, when they have one */
  myBookingId?: string
  /** for the listing's owner: who booked it, in the order they booked */
  bookings?: SlotBooking[]
}

export interface ViewingSlotList {
  items: ViewingSlot[]
  /** the listing's IANA time zone, from its coordinates: slots are entered and shown in it */
  timeZone: string
}

/** A new booking, as `POST /api/viewing-slots/:id/bookings` sends it back. */
export interface Booking {
  id: string
  slotId: string
  /** ISO 8601, UTC */
  start: string
  minutes: number
  listingId: string
}

export interface BookingListing {
  id: string
  name: string
  type: ListingType
  location: string
  /** the cover photo, or null for a listing without photos */
  imageUrl: string | null
  status: ListingStatus
}

/** A booking in `GET /api/bookings`: the caller's own, or one of their listings'. */
export interface BookingDetails extends Booking {
  listing: BookingListing
  /** the listing's IANA time zone */
  timeZone: string
  booker: Participant
  owner: Participant
}

export interface BookingList {
  /** upcoming ones first, soonest first; then the past 30 days', latest first */
  items: BookingDetails[]
}

export const viewingMessages = {
  full: 'This viewing is full',
  alreadyBooked: 'You already booked this viewing',
  ownListing: 'This is your own listing: visitors book its viewings',
  started: 'This viewing has already started',
  slotNotFound: 'Viewing not found',
  bookingNotFound: 'Booking not found',
  overlap: 'Two viewing times overlap',
} as const

/** The words of a listing's closed status, for the 409 of a closed listing. */
export const closedForViewings = (status: ListingStatus) =>
  status === 'sold' || status === 'rented'
    ? `This home is ${status}: it takes no viewings`
    : 'This home is not on the market: it takes no viewings'
