import { Hono } from 'hono'
import { PostId } from '#common/contract/posts.ts'
import { RevisionParams } from '#common/contract/revisions.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { basedOnOptionalBody } from '#server/http/version.ts'
import { assertMayChangePost } from '#server/services/post-access.ts'
import { getRevision, listRevisions, postExists, restoreRevision } from '#server/services/revisions.ts'

const POST_NOT_FOUND = 'Post not found'
const REVISION_NOT_FOUND = 'Revision not found'

/** Issue 15: a post's revision history, admin only; mounted at /api/blog. */
export const revisions = new Hono<AppEnv>()
  .get('/:id/revisions', requireAdmin, validate('param', PostId), async (c) => {
    const list = await listRevisions(c.var.db, c.req.valid('param').id)
    if (!list) return apiError(c, 404, POST_NOT_FOUND)
    return c.json({ revisions: list })
  })
  .get('/:id/revisions/:revisionId', requireAdmin, validate('param', RevisionParams), async (c) => {
    const { id, revisionId } = c.req.valid('param')
    const revision = await getRevision(c.var.db, id, revisionId)
    if (revision) return c.json(revision)
    return apiError(c, 404, (await postExists(c.var.db, id)) ? REVISION_NOT_FOUND : POST_NOT_FOUND)
  })
  .post('/:id/revisions/:revisionId/restore', requireAdmin, validate('param', RevisionParams), async (c) => {
    const { id, revisionId } = c.req.valid('param')
    await assertMayChangePost(c.var.db, staffOf(c), id, 'edit')
    const result = await restoreRevision(c.var.db, id, revisionId, c.var.userId, await basedOnOptionalBody(c))
    if ('missing' in result) {
      const error = result.missing === 'post' ? POST_NOT_FOUND : REVISION_NOT_FOUND
      return apiError(c, 404, error, {}, { success: false })
    }
    await recordFrom(c, {
      kind: 'post.restore',
      object: { type: 'post', id, label: result.post.title },
      detail: `revision ${revisionId}`,
    })
    return c.json({ success: true, message: 'The post is back to the chosen revision.', post: result.post })
  })
