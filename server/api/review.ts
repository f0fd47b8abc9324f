import { Hono } from 'hono'
import { PostId } from '#common/contract/posts.ts'
import { ReviewChangesInput, type ReviewCount, type ReviewList } from '#common/contract/review.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { assertMayChangePost } from '#server/services/post-access.ts'
import { requestChanges, submitForReview, withdrawReview } from '#server/services/posts.ts'
import { countReviewQueue, listReviewQueue } from '#server/services/review.ts'

const NOT_FOUND = 'Post not found'
const failure = { success: false }
const idParam = validate('param', PostId)

/**
 * Issue 28, the review queue (docs/decisions/049-review-queue.md). A writer submits a draft they
 * may edit (a Contributor their own) and may withdraw it; Editors and above list the queue and
 * request changes. Approving is publishing or scheduling (server/api/blog.ts, schedule.ts), which
 * clears the review state.
 */
export const review = new Hono<AppEnv>()
  .post('/blog/:id/review', requireAdmin, idParam, async (c) => {
    const id = c.req.valid('param').id
    await assertMayChangePost(c.var.db, staffOf(c), id, 'edit')
    const post = await submitForReview(c.var.db, id, c.var.userId)
    if (!post) return apiError(c, 404, NOT_FOUND, {}, failure)
    await recordFrom(c, { kind: 'post.review-submit', object: { type: 'post', id, label: post.title } })
    return c.json({ success: true, message: 'Submitted for review.', post })
  })
  .delete('/blog/:id/review', requireAdmin, idParam, async (c) => {
    const id = c.req.valid('param').id
    await assertMayChangePost(c.var.db, staffOf(c), id, 'edit')
    const post = await withdrawReview(c.var.db, id)
    if (!post) return apiError(c, 404, NOT_FOUND, {}, failure)
    await recordFrom(c, { kind: 'post.review-withdraw', object: { type: 'post', id, label: post.title } })
    return c.json({ success: true, message: 'Withdrawn from review: the post is a draft again.', post })
  })
  .post(
    '/blog/:id/review/changes',
    allow('anyPost'),
    idParam,
    validate('json', ReviewChangesInput, failure),
    async (c) => {
      const id = c.req.valid('param').id
      const { note } = c.req.valid('json')
      const post = await requestChanges(c.var.db, id, note)
      if (!post) return apiError(c, 404, NOT_FOUND, {}, failure)
      await recordFrom(c, {
        kind: 'post.review-changes',
        object: { type: 'post', id, label: post.title },
        detail: note,
      })
      return c.json({ success: true, message: 'Changes requested: the writer sees your note.', post })
    },
  )
  .get('/admin/review', allow('anyPost'), async (c) => c.json<ReviewList>({ posts: await listReviewQueue(c.var.db) }))
  .get('/admin/review/count', allow('anyPost'), async (c) =>
    c.json<ReviewCount>({ count: await countReviewQueue(c.var.db) }),
  )
