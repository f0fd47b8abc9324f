import { and, eq } from 'drizzle-orm'
import { can, type Permission, type Role, refusal } from '#common/roles.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, postAuthors, xPosts } from '#server/db/schema.ts'
import { ForbiddenError } from '#server/services/errors.ts'

/** The signed-in person a service call is made for. */
export interface Staff {
  userId: number
  role: Role
}

/**
 * What is done to a post: `edit` (its content, its revisions), `publish` (publish, schedule,
 * unpublish, its X posts), `delete`.
 */
export type PostAction = 'edit' | 'publish' | 'delete'

/**
 * Issue 28 (common/roles.ts): whether `staff` may do `action` to post `postId`; throws
 * ForbiddenError (403, naming what the role lacks) when not. Editors and above may do anything to
 * any post. Others only to their own (they are one of its authors): a Contributor edits and deletes
 * their own drafts, an Author also their published and scheduled posts and publishes them. A post
 * that does not exist passes, so that the caller answers its own 404.
 */
export async function assertMayChangePost(db: Db, staff: Staff, postId: number, action: PostAction): Promise<void> {
  if (can(staff.role, 'anyPost')) return
  const [row] = await db
    .select({ isPublished: blogPosts.isPublished, scheduledAt: blogPosts.scheduledAt, own: postAuthors.userId })
    .from(blogPosts)
    .leftJoin(postAuthors, and(eq(postAuthors.postId, blogPosts.id), eq(postAuthors.userId, staff.userId)))
    .where(eq(blogPosts.id, postId))
    .limit(1)
  if (!row) return
  if (row.own === null) throw new ForbiddenError(refusal(staff.role, 'anyPost'))
  const needs: Permission = action === 'publish' || row.isPublished || row.scheduledAt !== null ? 'publishOwn' : 'draft'
  if (!can(staff.role, needs)) throw new ForbiddenError(refusal(staff.role, needs))
}

/** The same for an X post: what may be done to it is what may be published of its article. */
export async function assertMayChangeXPost(db: Db, staff: Staff, xPostId: number): Promise<void> {
  if (can(staff.role, 'anyPost')) return
  const [row] = await db.select({ postId: xPosts.blogPostId }).from(xPosts).where(eq(xPosts.id, xPostId)).limit(1)
  if (!row) return
  await assertMayChangePost(db, staff, row.postId, 'publish')
}

/** A refusal for an action on no particular post (creating a published post, say). */
export function assertMay(staff: Staff, permission: Permission): void {
  if (!can(staff.role, permission)) throw new ForbiddenError(refusal(staff.role, permission))
}
