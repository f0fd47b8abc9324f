import { z } from 'zod'

// zod compiles object parsers with `new Function` after probing `Function('')`; our CSP has no
// 'unsafe-eval', so in a browser the probe alone raises a policy violation (docs/decisions/022).
// Every contract module imports this one, so it runs before any schema parses.
z.config({ jitless: true })

/** The one error shape of the API: a sentence safe to show, plus per-field messages. */
export const ApiErrorBody = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

/** The first message for each field path ("tags.2" for an item), or "_" for the whole body. */
export function fieldMessages(error: {
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>
}): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_'
    fields[key] ??= issue.message
  }
  return fields
}

/** One sentence for a failed validation, naming the fields so a curl user sees what to fix. */
export function validationSentence(fields: Record<string, string>): string {
  const names = Object.keys(fields).filter((k) => k !== '_')
  if (names.length === 0) return fields._ ?? 'The request body is not valid.'
  const first = names[0] as string
  return names.length === 1 ? `${first}: ${fields[first]}` : `Please fix these fields: ${names.join(', ')}.`
}

/**
 * For `z.string(required('Title is required'))`: an absent or null field gets the field's own
 * "required" sentence (docs/product.md §5), not zod's "expected string, received undefined".
 */
export const required = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? message : 'Must be text'),
})

/** Every text field's bound: "Must be at most 80 characters". */
export const atMost = (n: number) => `Must be at most ${n} characters`

/** A text field that may not be left blank: trimmed, `message` when absent or blank, at most `max` characters. */
export const requiredText = (message: string, max: number) =>
  z.string(required(message)).trim().min(1, message).max(max, atMost(max))

/** A whole number from a query value ('25'), `fallback` when it is absent, within min..max. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(min, `Must be at least ${min}`)
    .max(max, `Must be at most ${max}`)
    .default(fallback)
