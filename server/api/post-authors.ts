import { Hono } from 'hono'
import { bylineText } from '#common/blog-rules.ts'
import { PostId } from '#common/contract/posts.ts'
import { PostAuthorsInput } from '#common/contract/profile.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, requireAdmin } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { postObject, shortText } from '#server/services/activity.ts'
import { authorsOf, setPostAuthors } from '#server/services/authors.ts'
import { getPostById } from '#server/services/posts.ts'

const failure = { success: false }
const NOT_FOUND = 'Post not found'

/**
 * Issue 28 (mounted at /api/blog): a post's byline. Everyone on the staff reads it; setting it is
 * for those who may change any post (Editors and above: `anyPost`), since it also decides whose
 * own post it is (server/services/post-access.ts).
 */
export const postAuthorsApi = new Hono<AppEnv>()
  .get('/:id/authors', requireAdmin, validate('param', PostId, failure), async (c) => {
    const id = c.req.valid('param').id
    if (!(await getPostById(c.var.db, id))) return apiError(c, 404, NOT_FOUND, {}, failure)
    return c.json({ success: true as const, authors: (await authorsOf(c.var.db, [id])).get(id) ?? [] })
  })
  .put(
    '/:id/authors',
    allow('anyPost'),
    validate('param', PostId, failure),
    validate('json', PostAuthorsInput, failure),
    async (c) => {
      const id = c.req.valid('param').id
      const authors = await setPostAuthors(c.var.db, id, c.req.valid('json').authors)
      if (!authors) return apiError(c, 404, NOT_FOUND, {}, failure)
      await recordFrom(c, {
        kind: 'post.update',
        object: await postObject(c.var.db, id),
        detail: shortText(`authors: ${bylineText(authors.map((a) => a.name))}`),
      })
      return c.json({ success: true as const, authors })
    },
  )
