import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import { apiError } from '#server/http/errors.ts'

/** The first field's message when it is a sentence of its own ('Please add at least one keyword.'). */
export function ownSentence(fields: Record<string, string>): string {
  const first = Object.values(fields)[0] ?? ''
  return first.endsWith('.') ? first : validationSentence(fields)
}

/**
 * zod validation with our 400 body; `extra` adds spec-named fields (e.g. success: false), and
 * `sentence` makes the `error` from the field messages (by default 'Please check: …').
 */
export const validate = <K extends keyof ValidationTargets, S extends z.ZodType>(
  target: K,
  schema: S,
  extra: Record<string, unknown> = {},
  sentence: (fields: Record<string, string>) => string = validationSentence,
) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const fields = fieldMessages(result.error)
      return apiError(c, 400, sentence(fields), fields, extra)
    }
  })
