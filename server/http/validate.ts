import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import { apiError } from '#server/http/errors.ts'

/** zod validation with our 400 body; `extra` adds spec-named fields (e.g. success: false). */
export const validate = <K extends keyof ValidationTargets, S extends z.ZodType>(
  target: K,
  schema: S,
  extra: Record<string, unknown> = {},
) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const fields = fieldMessages(result.error)
      return apiError(c, 400, validationSentence(fields), fields, extra)
    }
  })
