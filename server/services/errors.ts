/** Domain errors: services throw these, the HTTP layer maps them to statuses. */
export class DomainError extends Error {
  readonly fields: Record<string, string>
  /** More of the answer's body beside `error` and `fields` (e.g. the moment a conflict is about). */
  readonly details: Record<string, unknown>
  constructor(message: string, fields: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message)
    this.name = new.target.name
    this.fields = fields
    this.details = details
  }
}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
/** Issue 28: a change based on an older version of a post (409 with `conflict`: who, when). */
export class VersionConflictError extends ConflictError {}
/** Was here and is no longer: a used, withdrawn or expired link (410). */
export class GoneError extends DomainError {}
export class ForbiddenError extends DomainError {}
export class InvalidInputError extends DomainError {}
export class PayloadTooLargeError extends DomainError {}
/** Well-formed but not doable: an image named in a post that cannot be brought in (422). */
export class UnprocessableError extends DomainError {}

/** PostgreSQL's unique_violation, as raised by pg and PGlite (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * PostgreSQL refusing a character its text type cannot hold (22021, 22P05): from a JS string that
 * is U+0000, which JSON and percent-encoded paths can carry. The input is bad, not the server.
 */
export function isUnstorableText(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (code === '22021' || code === '22P05') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
