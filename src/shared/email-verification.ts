/**
 * The query a verification link lands on Profile with (server/auth/verification-mail.ts); Better
 * Auth adds `error` when the link failed.
 */
export const emailVerifiedParam = 'email-verified'
