import type { Context } from 'hono'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import { VersionBody } from '#common/contract/posts.ts'
import { InvalidInputError } from '#server/services/errors.ts'

const IF_MATCH = /^\s*(?:W\/)?"?([1-9]\d{0,9})"?\s*$/

/**
 * Issue 28: the version a change of a post was based on: `version` of the body, or the If-Match
 * header (`"3"`, `3` or `W/"3"`; `*` checks nothing). Neither: undefined, not checked (decision 047).
 */
export function basedOn(c: Context, fromBody: number | undefined): number | undefined {
  const header = c.req.header('if-match')
  if (header === undefined || header.trim() === '*') return fromBody
  const match = IF_MATCH.exec(header)
  const version = match ? Number(match[1]) : Number.NaN
  if (!(version <= 2_147_483_647)) {
    throw new InvalidInputError('If-Match must name a version of the post, like "3".', {
      version: 'Must be a positive integer',
    })
  }
  if (fromBody !== undefined && fromBody !== version) {
    throw new InvalidInputError('The version in the body and the If-Match header differ.', {
      version: 'Differs from If-Match',
    })
  }
  return version
}

/** The same for a call whose body is optional (publish, unpublish, restore): none, or `{version}`. */
export async function basedOnOptionalBody(c: Context): Promise<number | undefined> {
  const text = await c.req.text()
  if (text.trim() === '') return basedOn(c, undefined)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new InvalidInputError('The body must be JSON.')
  }
  const parsed = VersionBody.safeParse(json)
  if (!parsed.success) {
    const fields = fieldMessages(parsed.error)
    throw new InvalidInputError(validationSentence(fields), fields)
  }
  return basedOn(c, parsed.data.version)
}
