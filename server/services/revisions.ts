import { and, desc, eq, sql } from 'drizzle-orm'
import type { Post } from '#common/contract/posts.ts'
import {
  type Revision,
  RevisionFields,
  type RevisionListItem,
  type RevisionReason,
} from '#common/contract/revisions.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, postRevisions, users } from '#server/db/schema.ts'
import { updatePost } from '#server/services/posts.ts'

export async function postExists(db: Db, postId: number) {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, postId)).limit(1)
  return row !== undefined
}

/** The post's revisions, newest first; null when there is no such post. */
export async function listRevisions(db: Db, postId: number): Promise<RevisionListItem[] | null> {
  if (!(await postExists(db, postId))) return null
  const rows = await db
    .select({
      id: postRevisions.id,
      createdAt: postRevisions.createdAt,
      reason: postRevisions.reason,
      title: sql<string>`${postRevisions.fields}->>'title'`,
      // Counted in SQL so the list never carries the content of up to 50 versions.
      words: sql<number>`(select count(*) from regexp_matches(${postRevisions.fields}->>'content', '\\S+', 'g'))::int`,
      user: users.username,
    })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.userId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id))
  return rows.map((r) => ({
    ...r,
    reason: r.reason as RevisionReason,
    createdAt: r.createdAt.toISOString(),
    title: r.title ?? '',
    words: Number(r.words),
  }))
}

/** One revision of this post; null when the post has no such revision (another post's included). */
export async function getRevision(db: Db, postId: number, revisionId: number): Promise<Revision | null> {
  const [row] = await db
    .select({
      id: postRevisions.id,
      createdAt: postRevisions.createdAt,
      reason: postRevisions.reason,
      user: users.username,
      fields: postRevisions.fields,
    })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.userId))
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)))
    .limit(1)
  if (!row) return null
  return {
    ...row,
    reason: row.reason as RevisionReason,
    createdAt: row.createdAt.toISOString(),
    fields: RevisionFields.parse(row.fields),
  }
}

export type RestoreResult = { post: Post } | { missing: 'post' | 'revision' }

/**
 * Puts a revision's fields back through the posts service (so a taken slug is a ConflictError and
 * the page cache empties) and keeps that as a 'restore' revision. The publish state is left as it
 * is: restoring text must not publish a draft or take a live post down (decision 032).
 */
export async function restoreRevision(
  db: Db,
  postId: number,
  revisionId: number,
  userId: number | null,
  expectedVersion?: number,
): Promise<RestoreResult> {
  if (!(await postExists(db, postId))) return { missing: 'post' }
  const revision = await getRevision(db, postId, revisionId)
  if (!revision) return { missing: 'revision' }
  const { isPublished: _kept, ...fields } = revision.fields
  const post = await updatePost(db, postId, fields, { userId, reason: 'restore', expectedVersion })
  // Deleted between the two statements.
  return post ? { post } : { missing: 'post' }
}
