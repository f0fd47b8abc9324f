import { DomainError } from '#server/services/errors.ts'

export type AiErrorStatus = 400 | 422 | 429 | 499 | 502 | 503 | 504

/**
 * A failure of an AI operation, with the HTTP status the API answers and a message fit to show
 * the admin (never a provider's raw error body, never a key, never prompt text).
 */
export class AiError extends DomainError {
  readonly status: AiErrorStatus
  /** For 429/503: seconds after which trying again makes sense. */
  readonly retryAfterSeconds: number | null
  constructor(
    status: AiErrorStatus,
    message: string,
    options: { fields?: Record<string, string>; retryAfterSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(message, options.fields ?? {})
    this.status = status
    this.retryAfterSeconds = options.retryAfterSeconds ?? null
    if (options.cause !== undefined) this.cause = options.cause
  }
}
