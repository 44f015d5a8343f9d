/** Ids of listings and users as they appear in URLs: ours and Better Auth's are both of this form. */
export const idPattern = /^[A-Za-z0-9_-]{1,64}$/
