import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody } from '#common/contract/errors.ts'

/** The one error body: `{error, fields}`, plus any spec-named fields beside them (success, message). */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  fields: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  return c.json<ApiErrorBody & Record<string, unknown>>({ ...extra, error, fields }, status)
}
