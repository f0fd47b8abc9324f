import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { BLOG_PAGE_SIZE } from '#common/blog-rules.ts'
import {
  AUTHOR_SLUG_MAX,
  AUTHOR_SLUG_PATTERN,
  type PostAuthor,
  type Profile,
  type ProfileChange,
} from '#common/contract/profile.ts'
import { toSlug } from '#common/text-rules.ts'
import type { Db } from '#server/db/client.ts'
import { pageWithTotal } from '#server/db/paging.ts'
import { blogPosts, postAuthors, storedImages, users } from '#server/db/schema.ts'
import { contentChanged } from '#server/services/content-events.ts'
import { ConflictError, InvalidInputError, isUniqueViolation } from '#server/services/errors.ts'
import { newestFirst } from '#server/services/posts.ts'

// Issue 28: staff profiles and the staff who wrote a post. docs/decisions/048-author-profiles.md

/** The name a person goes by in public: their name, else the part of the username before any '@'. */
const shownName = sql<string>`coalesce(nullif(trim(${users.name}), ''), split_part(${users.username}, '@', 1))`

/** An author's address derived from their name with the post slugs' library; never empty. */
export function deriveAuthorSlug(name: string): string {
  const slug = toSlug(name)
    .replace(/^post-/, 'author-')
    .replace(/_+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, AUTHOR_SLUG_MAX - 8)
    .replace(/-$/, '')
  return AUTHOR_SLUG_PATTERN.test(slug) ? slug : 'author'
}

export async function getProfile(db: Db, userId: number): Promise<Profile | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: shownName,
      email: users.email,
      bio: users.bio,
      avatar: users.avatar,
      slug: users.slug,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row ? { ...row, suggestedSlug: deriveAuthorSlug(row.name) } : null
}

/**
 * Saves the person's own profile. The avatar must be an image our pipeline stored (400 otherwise);
 * a slug another person has is a 409, decided by the unique constraint. Public pages show the
 * name, bio and avatar, so the change is announced (the page cache empties).
 */
export async function updateProfile(db: Db, userId: number, change: ProfileChange): Promise<Profile | null> {
  if (change.avatar) {
    const hash = change.avatar.slice('/images/'.length, '/images/'.length + 64)
    const [image] = await db
      .select({ hash: storedImages.hash })
      .from(storedImages)
      .where(eq(storedImages.hash, hash))
      .limit(1)
    if (!image) {
      throw new InvalidInputError('Please fix the highlighted fields.', {
        avatar: 'That picture is not stored here: upload it again',
      })
    }
  }
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined))
  try {
    const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning({ id: users.id })
    if (!row) return null
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError('Another member of staff already uses this slug.', {
        slug: 'This slug is taken: choose another',
      })
    }
    throw error
  }
  await contentChanged(db)
  return getProfile(db, userId)
}

/**
 * Gives a person without a slug one derived from their name (name-2, name-3… when taken), so their
 * byline links to an author page from the start. Each try is its own savepoint (or transaction):
 * the unique constraint decides, so two at once never share a slug.
 */
export async function ensureSlug(tx: Db, userId: number, name: string): Promise<void> {
  const base = deriveAuthorSlug(name)
  for (let n = 1; n <= 50; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    try {
      await tx.transaction(async (sp) => {
        await sp
          .update(users)
          .set({ slug: candidate })
          .where(and(eq(users.id, userId), sql`${users.slug} is null`))
      })
      return
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
}

/** Each post's authors in byline order (posts without any are left out). */
export async function authorsOf(db: Db, postIds: readonly number[]): Promise<Map<number, PostAuthor[]>> {
  const byPost = new Map<number, PostAuthor[]>()
  if (postIds.length === 0) return byPost
  const rows = await db
    .select({ postId: postAuthors.postId, id: users.id, name: shownName, slug: users.slug })
    .from(postAuthors)
    .innerJoin(users, eq(users.id, postAuthors.userId))
    .where(inArray(postAuthors.postId, [...postIds]))
    .orderBy(asc(postAuthors.postId), asc(postAuthors.position), asc(users.id))
  for (const { postId, ...author } of rows) {
    const list = byPost.get(postId) ?? []
    list.push(author)
    byPost.set(postId, list)
  }
  return byPost
}

/**
 * Replaces a post's authors with `userIds`, in byline order, in one transaction; an author
 * without a slug gets one, so the byline links to their page. Null when there is no such post;
 * 400 naming the ids that are nobody on the staff.
 */
export async function setPostAuthors(db: Db, postId: number, userIds: readonly number[]): Promise<PostAuthor[] | null> {
  const done = await db.transaction(async (tx) => {
    const [post] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, postId)).for('update')
    if (!post) return false
    const staff = await tx
      .select({ id: users.id, name: shownName, slug: users.slug })
      .from(users)
      .where(inArray(users.id, [...userIds]))
    const unknown = userIds.filter((id) => !staff.some((s) => s.id === id))
    if (unknown.length > 0) {
      throw new InvalidInputError('Please fix the highlighted fields.', {
        authors: `Not a member of staff: ${unknown.join(', ')}`,
      })
    }
    await tx.delete(postAuthors).where(eq(postAuthors.postId, postId))
    await tx.insert(postAuthors).values(userIds.map((userId, position) => ({ postId, userId, position })))
    for (const s of staff) if (s.slug === null) await ensureSlug(tx, s.id, s.name)
    return true
  })
  if (!done) return null
  await contentChanged(db)
  return (await authorsOf(db, [postId])).get(postId) ?? []
}

export interface AuthorProfile {
  id: number
  name: string
  slug: string
  bio: string | null
  avatar: string | null
}

export async function findAuthor(db: Db, slug: string): Promise<AuthorProfile | null> {
  const [row] = await db
    .select({ id: users.id, name: shownName, slug: users.slug, bio: users.bio, avatar: users.avatar })
    .from(users)
    .where(eq(users.slug, slug))
    .limit(1)
  return row?.slug ? { ...row, slug: row.slug } : null
}

const ofAuthor = (userId: number) =>
  and(
    eq(blogPosts.isPublished, true),
    sql`exists (select 1 from ${postAuthors} where ${postAuthors.postId} = ${blogPosts.id} and ${postAuthors.userId} = ${userId})`,
  )

/** One page of an author's published posts, newest first (12 a page, as the filtered /blog). */
export async function authorPosts(db: Db, userId: number, page: number, pageSize = BLOG_PAGE_SIZE) {
  const where = ofAuthor(userId)
  const newest = db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .$dynamic()
  return pageWithTotal(db, newest, { table: blogPosts, where, page, pageSize })
}

/** The authors with at least one published post, and when their newest changed (the sitemap). */
export async function publishedAuthors(db: Db): Promise<{ slug: string; lastmod: Date }[]> {
  const rows = await db
    .select({ slug: users.slug, lastmod: sql<Date>`max(${blogPosts.updatedAt})`.mapWith(blogPosts.updatedAt) })
    .from(users)
    .innerJoin(postAuthors, eq(postAuthors.userId, users.id))
    .innerJoin(blogPosts, and(eq(blogPosts.id, postAuthors.postId), eq(blogPosts.isPublished, true)))
    .where(isNotNull(users.slug))
    .groupBy(users.slug)
    .orderBy(asc(users.slug))
  return rows.flatMap((r) => (r.slug ? [{ slug: r.slug, lastmod: r.lastmod }] : []))
}
