/** Every error response of our API: a message for people, and one per field when input was bad. */
export interface ErrorBody {
  error: string
  fields?: Record<string, string>
}
