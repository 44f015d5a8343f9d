// A landlord's public page: what GET /api/users/:id/profile returns, and the rules of its reply
// figures. Never the e-mail.

/** How a landlord replies to the conversations people start with them. */
export interface ReplyFigures {
  /** the share of the window's conversations the landlord wrote in, 0 to 1 */
  share: number
  /** the median time to their first message, in whole minutes (rounded up); null if none replied */
  medianMinutes: number | null
  /** the conversations started with them in the window */
  conversations: number
}

export interface LandlordProfile {
  id: string
  name: string
  /** the day their account was made, `YYYY-MM-DD` (UTC) */
  memberSince: string
  /** null until they have had `replyFigureRules.minConversations` conversations in the window */
  replies: ReplyFigures | null
}

export const replyFigureRules = {
  /** the figures cover the conversations started in this many last days */
  windowDays: 90,
  /** fewer conversations than this say too little to show */
  minConversations: 3,
} as const
