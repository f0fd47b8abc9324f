// Issue 28, the review queue: what waits for an Editor. The posts service (posts.ts) writes the
// states; this reads them. docs/decisions/049-review-queue.md
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { ReviewItem } from '#common/contract/review.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, postAuthors, users } from '#server/db/schema.ts'

const staffName = sql<string>`coalesce(${users.name}, ${users.username})`

/** The posts waiting for review, the oldest submission first, with their authors and submitter. */
export async function listReviewQueue(db: Db): Promise<ReviewItem[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      submittedAt: blogPosts.reviewRequestedAt,
      submittedBy: sql<string | null>`${staffName}`,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.reviewRequestedBy))
    .where(eq(blogPosts.reviewState, 'in_review'))
    .orderBy(asc(blogPosts.reviewRequestedAt), asc(blogPosts.id))
  if (rows.length === 0) return []
  const authors = await db
    .select({ postId: postAuthors.postId, name: staffName })
    .from(postAuthors)
    .innerJoin(users, eq(users.id, postAuthors.userId))
    .where(
      inArray(
        postAuthors.postId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(postAuthors.position), asc(postAuthors.userId))
  return rows.map(({ submittedAt, ...row }) => ({
    ...row,
    authors: authors.filter((a) => a.postId === row.id).map((a) => a.name),
    // Set with the state, in one statement (posts.ts submitForReview).
    submittedAt: (submittedAt ?? new Date(0)).toISOString(),
  }))
}

/** How many posts wait for review. */
export async function countReviewQueue(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.reviewState, 'in_review'))
  return row?.n ?? 0
}
