import { type Context, Hono } from 'hono'
import { isbot } from 'isbot'
import { Touch } from '#common/contract/analytics.ts'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import { ImageUploadInput } from '#common/contract/images.ts'
import { PostId, PostInput, PostListQuery, PostUpdate, PublishExtras } from '#common/contract/posts.ts'
import { SeoCheckInput } from '#common/contract/seo-check.ts'
import { checkSeo } from '#common/seo-check.ts'
import type { Config } from '#server/config.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { basedOn, basedOnOptionalBody } from '#server/http/version.ts'
import { recordVisit } from '#server/http/visit-beacon.ts'
import { postObject } from '#server/services/activity.ts'
import { authorsOf } from '#server/services/authors.ts'
import { ConflictError, InvalidInputError } from '#server/services/errors.ts'
import { decodeDataUrl, storeImage } from '#server/services/images.ts'
import { linkSuggestions } from '#server/services/link-suggestions.ts'
import {
  cancelNewsletterOfPost,
  createNewsletter,
  NEWSLETTER_MAIL_NOT_CONFIGURED,
  newsletterOfPost,
  toNewsletter,
} from '#server/services/newsletters.ts'
import { assertMay, assertMayChangePost } from '#server/services/post-access.ts'
import {
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  listPosts,
  recordView,
  setPublished,
  updatePost,
} from '#server/services/posts.ts'

const NOT_FOUND = 'Post not found'

/** The publish call's optional `sendNewsletter` (its body is otherwise `{version}` or nothing). */
async function sendNewsletterAsked(c: Context<AppEnv>): Promise<boolean> {
  const text = await c.req.text()
  if (text.trim() === '') return false
  const parsed = PublishExtras.safeParse(JSON.parse(text))
  if (!parsed.success) {
    const fields = fieldMessages(parsed.error)
    throw new InvalidInputError(validationSentence(fields), fields)
  }
  return parsed.data.sendNewsletter === true
}

/** The fetcher's test-only allow list (a fixture host on 127.0.0.1), as the rewriter gets it (018). */
const imageFetchOptions = (config: Config) =>
  config.ai.testAllowPrivateHosts.length > 0 ? { allowPrivateHosts: config.ai.testAllowPrivateHosts } : {}
const idParam = validate('param', PostId)

export function createdMessage(slug: string, requestedSlug: string | null) {
  return requestedSlug
    ? `Blog post created. The slug "${requestedSlug}" was already taken, so it was saved as "${slug}".`
    : 'Blog post created successfully.'
}

export const blog = new Hono<AppEnv>()
  .get('/', validate('query', PostListQuery), async (c) => {
    const { published, limit, offset } = c.req.valid('query')
    const posts = await listPosts(c.var.db, {
      published: published === undefined ? undefined : published === 'true',
      includeDrafts: c.var.userId !== null,
      limit,
      offset,
    })
    return c.json(posts)
  })
  .post('/', requireAdmin, validate('json', PostInput, { success: false }), async (c) => {
    // Issue 28: anyone on the staff may start a draft; a post created published needs publishOwn.
    if (c.req.valid('json').isPublished) assertMay(staffOf(c), 'publishOwn')
    const { post, requestedSlug } = await createPost(c.var.db, c.req.valid('json'), {
      userId: c.var.userId,
      imageFetch: imageFetchOptions(c.var.config),
    })
    await recordFrom(c, {
      kind: 'post.create',
      object: { type: 'post', id: post.id, label: post.title },
      detail: post.isPublished ? 'published' : 'draft',
    })
    return c.json({ success: true, message: createdMessage(post.slug, requestedSlug), post }, 201)
  })
  .post('/upload-image', requireAdmin, validate('json', ImageUploadInput, { success: false }), async (c) => {
    const { imageData, fileName } = c.req.valid('json')
    const bytes = decodeDataUrl(imageData, fileName)
    const stored = await storeImage(c.var.db, bytes, fileName)
    return c.json({ success: true, imageUrl: stored.url, fileName })
  })
  // Issue 15 §2: the same checks the editor runs live (docs/decisions/033-seo-assistant.md).
  .post('/seo-check', requireAdmin, validate('json', SeoCheckInput), (c) =>
    c.json(checkSeo({ ...c.req.valid('json'), siteUrl: c.var.config.publicUrl })),
  )
  .get('/id/:id', idParam, async (c) => {
    const post = await getPostById(c.var.db, c.req.valid('param').id)
    if (!post || (!post.isPublished && c.var.userId === null)) return apiError(c, 404, NOT_FOUND)
    // Issue 28: the staff who wrote it, in byline order (the admin's edit screen shows them).
    return c.json({ ...post, authors: (await authorsOf(c.var.db, [post.id])).get(post.id) ?? [] })
  })
  // Issue 15 §4: two segments, so '/:slug' never takes it.
  .get('/:id/link-suggestions', requireAdmin, idParam, async (c) => {
    const suggestions = await linkSuggestions(c.var.db, c.req.valid('param').id)
    if (!suggestions) return apiError(c, 404, NOT_FOUND)
    return c.json(suggestions)
  })
  .get('/:slug', async (c) => {
    const post = await getPostBySlug(c.var.db, c.req.param('slug'), { includeDrafts: c.var.userId !== null })
    if (!post) return apiError(c, 404, NOT_FOUND)
    return c.json(post)
  })
  .post('/:slug/view', async (c) => {
    // Issue 16: a body, when sent, is the visitor's first touch, and the view is also a visit (one
    // beacon for both). Without one, only the count goes up, as before.
    const text = await c.req.text()
    let touch: Touch | null = null
    if (text !== '') {
      let parsed: ReturnType<typeof Touch.safeParse>
      try {
        parsed = Touch.safeParse(JSON.parse(text))
      } catch {
        return apiError(c, 400, 'The body must be JSON.', {}, { success: false })
      }
      if (!parsed.success) {
        const fields = fieldMessages(parsed.error)
        return apiError(c, 400, validationSentence(fields), fields, { success: false })
      }
      touch = parsed.data
    }
    // A view is a page view by a person's browser: crawlers and link-preview bots are not counted.
    // docs/decisions/004-what-counts-as-a-view.md
    if (isbot(c.req.header('user-agent') ?? '')) return c.json({ success: true, counted: false })
    const viewCount = await recordView(c.var.db, c.req.param('slug'))
    if (viewCount === null) return apiError(c, 404, NOT_FOUND)
    if (touch) recordVisit(c, { ...touch, path: `/blog/${encodeURIComponent(c.req.param('slug'))}` })
    // The current count: a cached page may show one up to PAGE_CACHE_TTL_MS old (decision 015).
    return c.json({ success: true, counted: true, viewCount })
  })
  .put('/:id', requireAdmin, idParam, validate('json', PostUpdate, { success: false }), async (c) => {
    const id = c.req.valid('param').id
    const { version, autosave, ...changes } = c.req.valid('json')
    const expectedVersion = basedOn(c, version)
    await assertMayChangePost(c.var.db, staffOf(c), id, changes.isPublished ? 'publish' : 'edit')
    const post = await updatePost(c.var.db, id, changes, {
      userId: c.var.userId,
      imageFetch: imageFetchOptions(c.var.config),
      expectedVersion,
      autosave,
    })
    if (!post) return apiError(c, 404, NOT_FOUND, {}, { success: false })
    if (!post.isPublished && !post.scheduledAt) await cancelNewsletterOfPost(c.var.db, post.id)
    // An autosave every few seconds is not an action to log: its revision is the record (decision 052).
    if (!autosave)
      await recordFrom(c, { kind: 'post.update', object: { type: 'post', id: post.id, label: post.title } })
    return c.json({ success: true, message: 'Blog post updated successfully.', post })
  })
  .delete('/:id', requireAdmin, idParam, async (c) => {
    await assertMayChangePost(c.var.db, staffOf(c), c.req.valid('param').id, 'delete')
    // Its title is read first: the row is gone after.
    const object = await postObject(c.var.db, c.req.valid('param').id)
    const deleted = await deletePost(c.var.db, c.req.valid('param').id)
    if (!deleted) return apiError(c, 404, NOT_FOUND, {}, { success: false })
    await recordFrom(c, { kind: 'post.delete', object })
    return c.json({ success: true, message: 'Blog post deleted successfully.' })
  })
  .post('/:id/publish', requireAdmin, idParam, async (c) => {
    const id = c.req.valid('param').id
    await assertMayChangePost(c.var.db, staffOf(c), id, 'publish')
    const expectedVersion = await basedOnOptionalBody(c)
    // Issue 30: `sendNewsletter: true` sends it to the subscribers as well; refused before publishing.
    const sendNewsletter = await sendNewsletterAsked(c)
    if (sendNewsletter) {
      assertMay(staffOf(c), 'newsletters')
      if (!c.var.config.mail) return apiError(c, 503, NEWSLETTER_MAIL_NOT_CONFIGURED, {}, { success: false })
      if (await newsletterOfPost(c.var.db, id)) throw new ConflictError('This post already has a newsletter.')
    }
    const post = await setPublished(c.var.db, id, true, { userId: c.var.userId, expectedVersion })
    if (!post) return apiError(c, 404, NOT_FOUND, {}, { success: false })
    await recordFrom(c, { kind: 'post.publish', object: { type: 'post', id: post.id, label: post.title } })
    if (sendNewsletter) {
      // Right after the publish's own transaction (it announces the change once committed).
      await c.var.services.jobs.ready()
      const newsletter = await c.var.db.transaction((tx) =>
        createNewsletter(tx, c.var.services.jobs, id, { userId: c.var.userId }),
      )
      return c.json({
        success: true,
        message: 'Blog post published successfully!',
        post,
        newsletter: toNewsletter(newsletter),
      })
    }
    return c.json({ success: true, message: 'Blog post published successfully!', post })
  })
  .post('/:id/unpublish', requireAdmin, idParam, async (c) => {
    await assertMayChangePost(c.var.db, staffOf(c), c.req.valid('param').id, 'publish')
    const expectedVersion = await basedOnOptionalBody(c)
    const post = await setPublished(c.var.db, c.req.valid('param').id, false, { userId: c.var.userId, expectedVersion })
    if (!post) return apiError(c, 404, NOT_FOUND, {}, { success: false })
    await cancelNewsletterOfPost(c.var.db, post.id)
    await recordFrom(c, { kind: 'post.unpublish', object: { type: 'post', id: post.id, label: post.title } })
    return c.json({ success: true, message: 'Blog post moved to drafts.', post })
  })
