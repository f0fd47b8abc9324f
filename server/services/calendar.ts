import { and, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Channel } from '#common/channel-names.ts'
import { type CalendarItem, xPostTiming } from '#common/contract/schedule.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, xPosts } from '#server/db/schema.ts'

const within = (column: AnyPgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to))

/**
 * When a scheduled X post really goes out (issue 27): its own time, or its article's when the
 * article is still to go live after it (xPostTiming, in SQL, so the range holds what it shows).
 */
const xPostGoesOut = sql`case when ${blogPosts.isPublished} or ${blogPosts.scheduledAt} is null then ${xPosts.scheduledAt} else greatest(${xPosts.scheduledAt}, ${blogPosts.scheduledAt}) end`

/**
 * GET /api/calendar: what is due, went live or failed in [from, to). A post is there at its
 * scheduled moment (a draft) or at its publication (published); an X post when it really goes out
 * (right after its article, if that goes live later), when it reached X, or, failed, when it was due.
 */
export async function listCalendar(db: Db, from: Date, to: Date): Promise<CalendarItem[]> {
  const posts = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      isPublished: blogPosts.isPublished,
      scheduledAt: blogPosts.scheduledAt,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(
      or(
        and(eq(blogPosts.isPublished, false), within(blogPosts.scheduledAt, from, to)),
        and(eq(blogPosts.isPublished, true), within(blogPosts.publishedAt, from, to)),
      ),
    )
  // How many scheduled X posts each post has: they move with it (issue 27), so a move asks first.
  const counts = posts.length
    ? await db
        .select({ postId: xPosts.blogPostId, n: count() })
        .from(xPosts)
        .where(
          and(
            eq(xPosts.status, 'scheduled'),
            inArray(
              xPosts.blogPostId,
              posts.map((p) => p.id),
            ),
          ),
        )
        .groupBy(xPosts.blogPostId)
    : []
  const scheduledXPosts = new Map(counts.map((c) => [c.postId, c.n]))
  const xRows = await db
    .select({
      id: xPosts.id,
      channel: xPosts.channel,
      postId: xPosts.blogPostId,
      title: blogPosts.title,
      text: xPosts.rewrittenContent,
      status: xPosts.status,
      scheduledAt: xPosts.scheduledAt,
      postedAt: xPosts.postedAt,
      error: xPosts.errorMessage,
      articlePublished: blogPosts.isPublished,
      articleAt: blogPosts.scheduledAt,
    })
    .from(xPosts)
    .innerJoin(blogPosts, eq(blogPosts.id, xPosts.blogPostId))
    .where(
      or(
        and(eq(xPosts.status, 'scheduled'), sql`${xPostGoesOut} >= ${from} and ${xPostGoesOut} < ${to}`),
        and(eq(xPosts.status, 'failed'), within(xPosts.scheduledAt, from, to)),
        and(eq(xPosts.status, 'published'), within(xPosts.postedAt, from, to)),
      ),
    )

  const items: CalendarItem[] = [
    ...posts.map((p) => ({
      type: 'post' as const,
      id: p.id,
      postId: p.id,
      title: p.title,
      text: null,
      at: ((p.isPublished ? p.publishedAt : p.scheduledAt) as Date).toISOString(),
      status: p.isPublished ? ('published' as const) : ('scheduled' as const),
      error: null,
      waitsFor: null,
      scheduledXPosts: scheduledXPosts.get(p.id) ?? 0,
      channel: null,
    })),
    ...xRows.map((x) => {
      const timing =
        x.status === 'scheduled'
          ? xPostTiming(x.scheduledAt as Date, { isPublished: x.articlePublished, scheduledAt: x.articleAt })
          : { at: (x.status === 'published' ? x.postedAt : x.scheduledAt) as Date, waitsFor: null }
      return {
        type: 'x-post' as const,
        id: x.id,
        postId: x.postId,
        title: x.title,
        text: x.text,
        at: timing.at.toISOString(),
        status: x.status as CalendarItem['status'],
        error: x.status === 'failed' ? x.error : null,
        waitsFor: timing.waitsFor,
        scheduledXPosts: 0,
        channel: x.channel as Channel,
      }
    }),
  ]
  return items.sort((a, b) => a.at.localeCompare(b.at) || a.type.localeCompare(b.type) || a.id - b.id)
}
