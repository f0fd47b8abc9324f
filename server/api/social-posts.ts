import { type Context, Hono } from 'hono'
import type { Channel } from '#common/channels.ts'
import { PostId } from '#common/contract/posts.ts'
import {
  CreateSocialPostInput,
  type SocialCapabilities,
  SocialPostListQuery,
  SocialPostScheduleInput,
  UpdateSocialPostInput,
} from '#common/contract/social-posts.ts'
import { XPostId } from '#common/contract/x-posts.ts'
import { recordFrom } from '#server/http/activity.ts'
import { studioOf, takeAiQuota } from '#server/http/ai-access.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { shortText } from '#server/services/activity.ts'
import { aiXPostWriter, templateXPostWriter } from '#server/services/ai/x-post.ts'
import { storedConnections } from '#server/services/channels/connections.ts'
import {
  adapterFor,
  CHANNEL_LABELS,
  channelServices,
  expiredMessage,
  expiryProblem,
  isConnected,
  linkCardOf,
  notConnected,
  type OtherChannel,
  slotsOf,
  tokenExpiry,
} from '#server/services/channels/index.ts'
import { clickAnalytics } from '#server/services/clicks.ts'
import { assertMayChangePost, assertMayChangeXPost } from '#server/services/post-access.ts'
import { cancelSocialPostSchedule, scheduleSocialPost } from '#server/services/schedule.ts'
import {
  count,
  createSocialPost,
  getSocialPost,
  listSocialPosts,
  publishSocialPost,
  SOCIAL_POST_NOT_FOUND,
  toSocialPost,
  updateSocialPost,
} from '#server/services/social-posts.ts'
import { type SocialWriter, templateSocialWriter } from '#server/services/social-text.ts'
import { postXPostToX } from '#server/services/x-posts.ts'

const failure = { success: false }
const CHANNEL_ORDER: Channel[] = ['x', 'linkedin', 'bluesky', 'mastodon', 'threads']

/**
 * Who writes the text: the injected writer (tests), else the AI provider when configured and the
 * writer is within the AI quota, else the template of the network.
 */
async function writersFor(c: Context<AppEnv>) {
  const studio = studioOf(c)
  const ai = studio.provider.configured && (await takeAiQuota(c)) === null
  const ctx = { log: c.var.log, signal: c.req.raw.signal }
  const writer: SocialWriter =
    c.var.services.socialWriter ??
    (ai
      ? {
          name: 'ai',
          write: (channel, source, link) =>
            channel === 'x'
              ? templateSocialWriter.write(channel, source, link)
              : studio.writeSocialPost(channel, source, link, ctx),
        }
      : templateSocialWriter)
  const xWriter = c.var.services.xPostWriter ?? (ai ? aiXPostWriter(studio.writeXPost, ctx) : templateXPostWriter)
  return { writer, xWriter }
}

const objectOf = (p: { id: number; text: string }) => ({
  type: 'social-post' as const,
  id: p.id,
  label: shortText(p.text),
})

/**
 * The social post `id` to post or schedule now: one the caller may change, on a network that is
 * connected; else the answer that says why not (404, 503).
 */
async function connectedSocialPost(c: Context<AppEnv>, id: number) {
  await assertMayChangeXPost(c.var.db, staffOf(c), id)
  const existing = await getSocialPost(c.var.db, id)
  if (!existing) return apiError(c, 404, SOCIAL_POST_NOT_FOUND, {}, failure)
  if (!(await isConnected(channelServices(c), existing.channel)))
    return apiError(c, 503, notConnected(existing.channel), {}, failure)
  return existing
}

/**
 * Issue 29: social posts on every network (docs/decisions/058-social-posts.md), beside the X
 * endpoints (which keep answering as they did). Mounted under /api.
 */
export const socialPostsApi = new Hono<AppEnv>()
  .post(
    '/blog/:id/social-posts',
    requireAdmin,
    validate('param', PostId),
    validate('json', CreateSocialPostInput, failure),
    async (c) => {
      const { id } = c.req.valid('param')
      await assertMayChangePost(c.var.db, staffOf(c), id, 'publish')
      const { channel, customContent } = c.req.valid('json')
      const socialPost = await createSocialPost(c.var.db, {
        blogPostId: id,
        channel,
        customContent,
        publicUrl: c.var.config.publicUrl,
        ...(await writersFor(c)),
        logger: c.var.log,
      })
      if (!socialPost) return apiError(c, 404, 'Post not found', {}, failure)
      await recordFrom(c, {
        kind: 'social-post.create',
        object: objectOf(socialPost),
        detail: `${CHANNEL_LABELS[channel]}, for post ${id}`,
      })
      return c.json(socialPost, 201)
    },
  )
  .get(
    '/blog/:id/social-posts',
    requireAdmin,
    validate('param', PostId),
    validate('query', SocialPostListQuery),
    async (c) => {
      const socialPosts = await listSocialPosts(c.var.db, c.req.valid('param').id, c.req.valid('query').channel)
      if (!socialPosts) return apiError(c, 404, 'Post not found')
      return c.json({ socialPosts })
    },
  )
  // The panel asks which networks are connected; the secrets themselves never leave the server.
  .get('/social-posts/capabilities', requireAdmin, async (c) => {
    const services = channelServices(c)
    const stored = await storedConnections(c.var.db, services.secretKey)
    const channels = await Promise.all(
      CHANNEL_ORDER.map(async (channel) => ({
        channel,
        label: CHANNEL_LABELS[channel],
        connected: await isConnected(services, channel),
        slots: channel === 'x' ? c.var.config.x.slots : slotsOf(c.var.config, stored.get(channel)),
        tokenExpiresAt: (await tokenExpiry(services, channel))?.toISOString() ?? null,
      })),
    )
    return c.json<SocialCapabilities>({ channels, slots: c.var.config.x.slots })
  })
  .patch(
    '/social-posts/:id',
    requireAdmin,
    validate('param', XPostId),
    validate('json', UpdateSocialPostInput, failure),
    async (c) => {
      const { id } = c.req.valid('param')
      await assertMayChangeXPost(c.var.db, staffOf(c), id)
      const socialPost = await updateSocialPost(c.var.db, id, c.req.valid('json'))
      await recordFrom(c, {
        kind: 'social-post.update',
        object: objectOf(socialPost),
        detail: CHANNEL_LABELS[socialPost.channel],
      })
      return c.json({ success: true, message: 'Saved.', socialPost })
    },
  )
  .post('/social-posts/:id/publish', requireAdmin, validate('param', XPostId), async (c) => {
    const { id } = c.req.valid('param')
    const existing = await connectedSocialPost(c, id)
    if (existing instanceof Response) return existing
    const label = CHANNEL_LABELS[existing.channel]
    const services = channelServices(c)
    const expired = await expiryProblem(services, existing.channel, new Date())
    if (expired) return apiError(c, 409, expired, {}, failure)
    const adapter = existing.channel === 'x' ? null : await adapterFor(services, existing.channel as OtherChannel)
    if (existing.channel !== 'x' && !adapter) return apiError(c, 503, notConnected(existing.channel), {}, failure)
    const { credentials, baseUrl } = c.var.config.x
    const result = adapter
      ? await publishSocialPost(c.var.db, id, {
          adapter,
          claimMs: c.var.config.social.postingClaimSeconds * 1000,
          card: () => linkCardOf(c.var.db, existing.blogPostId, existing.shortUrl),
          signal: c.req.raw.signal,
        })
      : // isConnected said the X credentials are there.
        await postXPostToX(c.var.db, id, { baseUrl, credentials: credentials as NonNullable<typeof credentials> })
    if (!result || 'skipped' in result) return apiError(c, 404, SOCIAL_POST_NOT_FOUND, {}, failure)
    const socialPost = await getSocialPost(c.var.db, id)
    if (!socialPost) return apiError(c, 404, SOCIAL_POST_NOT_FOUND, {}, failure)
    if (!result.ok) {
      c.var.log.warn({ socialPostId: id, channel: existing.channel, reason: result.message }, 'social post refused')
      // 502: our request was fine, the network (upstream) said no. The social post now reads 'failed'.
      return apiError(c, 502, result.message, {}, { success: false, socialPost })
    }
    await recordFrom(c, { kind: 'social-post.post', object: objectOf(socialPost), detail: socialPost.remoteId })
    return c.json({ success: true, message: `Posted to ${label}.`, socialPost })
  })
  .post(
    '/social-posts/:id/schedule',
    requireAdmin,
    validate('param', XPostId),
    validate('json', SocialPostScheduleInput, failure),
    async (c) => {
      const { id } = c.req.valid('param')
      const existing = await connectedSocialPost(c, id)
      if (existing instanceof Response) return existing
      if (!existing.fits) {
        const message = `${count(existing.used)} of ${count(existing.limit)} characters as ${CHANNEL_LABELS[existing.channel]} counts them: shorten it before it is scheduled.`
        return apiError(c, 422, message, { text: message }, failure)
      }
      const { at, afterArticle } = c.req.valid('json')
      // Issue 29: a token that stops working before the post's moment is said now, not found out then.
      const expiry = await tokenExpiry(channelServices(c), existing.channel)
      const row = await scheduleSocialPost(
        c.var.db,
        c.var.services.jobs,
        id,
        {
          ...(at === undefined ? {} : { at: new Date(at) }),
          ...(afterArticle === undefined ? {} : { afterArticle }),
        },
        { refuse: (moment) => (expiry && moment >= expiry ? expiredMessage(existing.channel, expiry) : null) },
      )
      const socialPost = toSocialPost(await import('#common/channels.ts'), row)
      await recordFrom(c, {
        kind: 'social-post.schedule',
        object: objectOf(socialPost),
        detail: socialPost.scheduledAt ? `${CHANNEL_LABELS[socialPost.channel]} for ${socialPost.scheduledAt}` : null,
      })
      return c.json({ success: true, message: `${CHANNEL_LABELS[socialPost.channel]} post scheduled.`, socialPost })
    },
  )
  .delete('/social-posts/:id/schedule', requireAdmin, validate('param', XPostId), async (c) => {
    const { id } = c.req.valid('param')
    await assertMayChangeXPost(c.var.db, staffOf(c), id)
    const row = await cancelSocialPostSchedule(c.var.db, id)
    const socialPost = toSocialPost(await import('#common/channels.ts'), row)
    await recordFrom(c, { kind: 'social-post.unschedule', object: objectOf(socialPost) })
    return c.json({ success: true, message: 'Schedule cancelled.', socialPost })
  })
  .get('/social-posts/:id/analytics', allow('leads'), validate('param', XPostId), async (c) => {
    const analytics = await clickAnalytics(c.var.db, c.req.valid('param').id)
    if (!analytics) return apiError(c, 404, SOCIAL_POST_NOT_FOUND)
    return c.json(analytics)
  })
