/** `GET /api/listings/count`: how many listings on the market match a filter. */
export interface ListingCount {
  total: number
}
