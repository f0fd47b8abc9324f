import { type Context, Hono } from 'hono'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import { PostId } from '#common/contract/posts.ts'
import { PostToXInput, PublishXInput, type XCapabilities, XPostId, XPostStatusInput } from '#common/contract/x-posts.ts'
import { recordFrom } from '#server/http/activity.ts'
import { studioOf, takeAiQuota } from '#server/http/ai-access.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { shortText } from '#server/services/activity.ts'
import { aiXPostWriter, templateXPostWriter, type XPostWriter } from '#server/services/ai/x-post.ts'
import { clickAnalytics } from '#server/services/clicks.ts'
import { assertMayChangePost, assertMayChangeXPost } from '#server/services/post-access.ts'
import { createXPost, listXPosts, postXPostToX, setXPostStatus, X_NOT_CONFIGURED } from '#server/services/x-posts.ts'

const POST_NOT_FOUND = 'Post not found'
const X_POST_NOT_FOUND = 'X post not found'
/**
 * Who writes this X post: the injected writer (tests), else the AI provider when configured and
 * the admin is within the AI quota shared with /api/blog/ai, else the template.
 */
async function writerFor(c: Context<AppEnv>): Promise<XPostWriter> {
  if (c.var.services.xPostWriter) return c.var.services.xPostWriter
  const studio = studioOf(c)
  if (!studio.provider.configured || (await takeAiQuota(c)) !== null) return templateXPostWriter
  return aiXPostWriter(studio.writeXPost, { log: c.var.log, signal: c.req.raw.signal })
}

/** An X post as the activity log names it. */
const xPostObjectOf = (xPost: { id: number; rewrittenContent: string }) => ({
  type: 'x-post' as const,
  id: xPost.id,
  label: shortText(xPost.rewrittenContent),
})

/** The body's JSON, or null when it is not JSON (the schema then refuses it). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Admin API of issue 5, mounted under /api (paths below /api/blog and /api/x-posts). */
export const xPostsApi = new Hono<AppEnv>()
  .post(
    '/blog/:id/publish-x',
    requireAdmin,
    validate('param', PostId),
    validate('json', PublishXInput, { success: false }),
    async (c) => {
      await assertMayChangePost(c.var.db, staffOf(c), c.req.valid('param').id, 'publish')
      const xPost = await createXPost(c.var.db, {
        blogPostId: c.req.valid('param').id,
        customContent: c.req.valid('json').customContent,
        publicUrl: c.var.config.publicUrl,
        writer: await writerFor(c),
        logger: c.var.log,
      })
      if (!xPost) return apiError(c, 404, POST_NOT_FOUND, {}, { success: false })
      await recordFrom(c, {
        kind: 'x-post.create',
        object: xPostObjectOf(xPost),
        detail: `for post ${xPost.blogPostId}`,
      })
      return c.json(xPost, 201)
    },
  )
  .get('/blog/:id/x-posts', requireAdmin, validate('param', PostId), async (c) => {
    const xPosts = await listXPosts(c.var.db, c.req.valid('param').id)
    if (!xPosts) return apiError(c, 404, POST_NOT_FOUND)
    return c.json({ xPosts })
  })
  .patch(
    '/x-posts/:id/status',
    requireAdmin,
    validate('param', XPostId),
    validate('json', XPostStatusInput, { success: false }),
    async (c) => {
      await assertMayChangeXPost(c.var.db, staffOf(c), c.req.valid('param').id)
      const xPost = await setXPostStatus(c.var.db, c.req.valid('param').id, c.req.valid('json').status)
      if (!xPost) return apiError(c, 404, X_POST_NOT_FOUND, {}, { success: false })
      await recordFrom(c, { kind: 'x-post.update', object: xPostObjectOf(xPost), detail: `status ${xPost.status}` })
      return c.json({ success: true, message: 'Status updated.', xPost })
    },
  )
  // The panel asks before offering 'Post to X'; the secrets themselves never leave the server.
  .get('/x-posts/capabilities', requireAdmin, (c) =>
    c.json<XCapabilities>({ postToX: c.var.config.x.credentials !== null, slots: c.var.config.x.slots }),
  )
  .get('/x-posts/:id/analytics', allow('leads'), validate('param', XPostId), async (c) => {
    const analytics = await clickAnalytics(c.var.db, c.req.valid('param').id)
    if (!analytics) return apiError(c, 404, X_POST_NOT_FOUND)
    return c.json(analytics)
  })
  .post('/x-posts/:id/post-to-x', requireAdmin, validate('param', XPostId), async (c) => {
    await assertMayChangeXPost(c.var.db, staffOf(c), c.req.valid('param').id)
    const { credentials, baseUrl } = c.var.config.x
    if (!credentials) return apiError(c, 503, X_NOT_CONFIGURED, {}, { success: false })
    // The body is optional: without one the X post's own 'Share a thread' setting holds.
    const raw = await c.req.text()
    const body = raw.trim() === '' ? null : PostToXInput.safeParse(parseJson(raw))
    if (body && !body.success) {
      const fields = fieldMessages(body.error)
      return apiError(c, 400, validationSentence(fields), fields, { success: false })
    }
    const linkInReply = body?.data.linkInReply
    const result = await postXPostToX(c.var.db, c.req.valid('param').id, { baseUrl, credentials, linkInReply })
    if (!result) return apiError(c, 404, X_POST_NOT_FOUND, {}, { success: false })
    if ('skipped' in result) throw new Error('unreachable: no due moment was given')
    if (!result.ok) {
      c.var.log.warn({ xPostId: result.xPost.id, reason: result.message }, 'post to X refused')
      // 502: our request was fine, X (the upstream) said no. The X post now reads 'failed'.
      return apiError(c, 502, result.message, {}, { success: false, xPost: result.xPost })
    }
    await recordFrom(c, {
      kind: 'x-post.post',
      object: xPostObjectOf(result.xPost),
      detail: result.xPost.tweetId ? `tweet ${result.xPost.tweetId}` : null,
    })
    return c.json({ success: true, message: 'Posted to X.', xPost: result.xPost })
  })
