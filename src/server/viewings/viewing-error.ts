// An expected failure of a viewing or booking write, sent as `{ error, fields }` with its status.
// Thrown inside the write's transaction, so that nothing of it is kept.
export class ViewingError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}
