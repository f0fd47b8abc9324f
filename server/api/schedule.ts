import { Hono } from 'hono'
import { PostId } from '#common/contract/posts.ts'
import {
  CalendarQuery,
  type CalendarResponse,
  PostScheduleInput,
  type PostScheduleResponse,
  XPostScheduleInput,
  type XPostScheduleResponse,
} from '#common/contract/schedule.ts'
import { XPostId } from '#common/contract/x-posts.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { basedOn } from '#server/http/version.ts'
import { shortText } from '#server/services/activity.ts'
import { listCalendar } from '#server/services/calendar.ts'
import { NEWSLETTER_MAIL_NOT_CONFIGURED } from '#server/services/newsletters.ts'
import { assertMay, assertMayChangePost, assertMayChangeXPost } from '#server/services/post-access.ts'
import { cancelPostSchedule, cancelXPostSchedule, schedulePost, scheduleXPost } from '#server/services/schedule.ts'
import { X_NOT_CONFIGURED } from '#server/services/x-posts.ts'

const failure = { success: false }

/** Issue 14, the content calendar: schedules of posts and X posts, and what is due or done when. */
export const schedule = new Hono<AppEnv>()
  .post(
    '/blog/:id/schedule',
    requireAdmin,
    validate('param', PostId),
    validate('json', PostScheduleInput, failure),
    async (c) => {
      await assertMayChangePost(c.var.db, staffOf(c), c.req.valid('param').id, 'publish')
      const { publishAt, unpublishAt, xPosts, version, sendNewsletter } = c.req.valid('json')
      if (sendNewsletter && !c.var.config.mail) return apiError(c, 503, NEWSLETTER_MAIL_NOT_CONFIGURED, {}, failure)
      if (sendNewsletter) assertMay(staffOf(c), 'newsletters')
      const { post, movedXPosts } = await schedulePost(c.var.db, c.var.services.jobs, c.req.valid('param').id, {
        publishAt: new Date(publishAt),
        unpublishAt: unpublishAt === undefined || unpublishAt === null ? unpublishAt : new Date(unpublishAt),
        xPosts,
        userId: c.var.userId,
        expectedVersion: basedOn(c, version),
        sendNewsletter,
      })
      await recordFrom(c, {
        kind: 'post.schedule',
        object: { type: 'post', id: post.id, label: post.title },
        detail: `for ${publishAt}${unpublishAt ? `, back to draft ${unpublishAt}` : ''}`,
      })
      const n = movedXPosts.length
      const message =
        n === 0
          ? 'Post scheduled.'
          : `Post scheduled. ${n === 1 ? 'Its social post' : `Its ${n} social posts`} moved with it.`
      return c.json<PostScheduleResponse>({ success: true, message, post, movedXPosts })
    },
  )
  .delete('/blog/:id/schedule', requireAdmin, validate('param', PostId), async (c) => {
    await assertMayChangePost(c.var.db, staffOf(c), c.req.valid('param').id, 'publish')
    const post = await cancelPostSchedule(c.var.db, c.req.valid('param').id, {
      userId: c.var.userId,
      expectedVersion: basedOn(c, undefined),
    })
    await recordFrom(c, { kind: 'post.unschedule', object: { type: 'post', id: post.id, label: post.title } })
    return c.json<PostScheduleResponse>({ success: true, message: 'Schedule cancelled.', post, movedXPosts: [] })
  })
  .post(
    '/x-posts/:id/schedule',
    requireAdmin,
    validate('param', XPostId),
    validate('json', XPostScheduleInput, failure),
    async (c) => {
      await assertMayChangeXPost(c.var.db, staffOf(c), c.req.valid('param').id)
      if (!c.var.config.x.credentials) return apiError(c, 503, X_NOT_CONFIGURED, {}, failure)
      const { at, afterArticle, linkInReply } = c.req.valid('json')
      const xPost = await scheduleXPost(c.var.db, c.var.services.jobs, c.req.valid('param').id, {
        at: at === undefined ? undefined : new Date(at),
        afterArticle,
        linkInReply,
      })
      await recordFrom(c, {
        kind: 'x-post.schedule',
        object: { type: 'x-post', id: xPost.id, label: shortText(xPost.rewrittenContent) },
        detail: xPost.scheduledAt ? `for ${xPost.scheduledAt}` : null,
      })
      return c.json<XPostScheduleResponse>({ success: true, message: 'X post scheduled.', xPost })
    },
  )
  .delete('/x-posts/:id/schedule', requireAdmin, validate('param', XPostId), async (c) => {
    await assertMayChangeXPost(c.var.db, staffOf(c), c.req.valid('param').id)
    const xPost = await cancelXPostSchedule(c.var.db, c.req.valid('param').id)
    await recordFrom(c, {
      kind: 'x-post.unschedule',
      object: { type: 'x-post', id: xPost.id, label: shortText(xPost.rewrittenContent) },
    })
    return c.json<XPostScheduleResponse>({ success: true, message: 'Schedule cancelled.', xPost })
  })
  .get('/calendar', allow('anyPost'), validate('query', CalendarQuery, failure), async (c) => {
    const { from, to } = c.req.valid('query')
    return c.json<CalendarResponse>({ items: await listCalendar(c.var.db, from, to) })
  })
