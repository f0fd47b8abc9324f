import { and, eq, gte, lt, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { CalendarItem } from '#common/contract/schedule.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, xPosts } from '#server/db/schema.ts'

const within = (column: AnyPgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to))

/**
 * GET /api/calendar: what is due, went live or failed in [from, to). A post is there at its
 * scheduled moment (a draft) or at its publication (published); an X post at its scheduled moment,
 * when it reached X, or, failed, when it was due.
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
  const xRows = await db
    .select({
      id: xPosts.id,
      postId: xPosts.blogPostId,
      title: blogPosts.title,
      text: xPosts.rewrittenContent,
      status: xPosts.status,
      scheduledAt: xPosts.scheduledAt,
      postedAt: xPosts.postedAt,
      error: xPosts.errorMessage,
    })
    .from(xPosts)
    .innerJoin(blogPosts, eq(blogPosts.id, xPosts.blogPostId))
    .where(
      or(
        and(sql`${xPosts.status} in ('scheduled', 'failed')`, within(xPosts.scheduledAt, from, to)),
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
    })),
    ...xRows.map((x) => ({
      type: 'x-post' as const,
      id: x.id,
      postId: x.postId,
      title: x.title,
      text: x.text,
      at: ((x.status === 'published' ? x.postedAt : x.scheduledAt) as Date).toISOString(),
      status: x.status as CalendarItem['status'],
      error: x.status === 'failed' ? x.error : null,
    })),
  ]
  return items.sort((a, b) => a.at.localeCompare(b.at) || a.type.localeCompare(b.type) || a.id - b.id)
}
