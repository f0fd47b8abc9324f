import { and, desc, eq, gt, isNull, like, lte, or, type SQL, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Post, PostChanges, PostValues, VersionConflict } from '#common/contract/posts.ts'
import type { RevisionFields, RevisionReason } from '#common/contract/revisions.ts'
import { SLUG_MAX } from '#common/limits.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, postAuthors, postRevisions, users } from '#server/db/schema.ts'
import type { SafeFetchOptions } from '#server/services/ai/safe-fetch.ts'
import { contentChanged } from '#server/services/content-events.ts'
import { ConflictError, InvalidInputError, isUniqueViolation, VersionConflictError } from '#server/services/errors.ts'
import { importPostImages } from '#server/services/post-images.ts'
import { postSlugChanged, postTookSlug } from '#server/services/redirects.ts'

type Row = typeof blogPosts.$inferSelect

/** A row as the API shows it: every column, the times as ISO strings. */
export function toPost(row: Row): Post {
  const { publishedAt, updatedAt, scheduledAt, unpublishAt, reviewRequestedAt, ...fields } = row
  return {
    ...fields,
    publishedAt: isoOrNull(publishedAt),
    updatedAt: updatedAt.toISOString(),
    scheduledAt: isoOrNull(scheduledAt),
    unpublishAt: isoOrNull(unpublishAt),
    reviewRequestedAt: isoOrNull(reviewRequestedAt),
  }
}

export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null
}

/** The one order of every list of posts: newest published (or last changed) first, then newest id. */
export const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt})`), desc(blogPosts.id)]

export interface ListOptions {
  /** undefined lists both. */
  published?: boolean
  /** Anonymous callers never see drafts, whatever they ask for. */
  includeDrafts: boolean
  /** Issue 13: at most this many (every post when undefined), after skipping `offset`. */
  limit?: number | undefined
  offset?: number | undefined
}

export async function listPosts(db: Db, { published, includeDrafts, limit, offset = 0 }: ListOptions): Promise<Post[]> {
  const conditions: SQL[] = []
  if (!includeDrafts) conditions.push(eq(blogPosts.isPublished, true))
  if (published !== undefined) conditions.push(eq(blogPosts.isPublished, published))
  const query = db
    .select()
    .from(blogPosts)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .offset(offset)
  const rows = await (limit === undefined ? query : query.limit(limit))
  return rows.map(toPost)
}

export async function getPostBySlug(db: Db, slug: string, { includeDrafts }: { includeDrafts: boolean }) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), includeDrafts ? undefined : eq(blogPosts.isPublished, true)))
    .limit(1)
  return row ? toPost(row) : null
}

export async function getPostById(db: Db, id: number) {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  return row ? toPost(row) : null
}

/** Who makes a change, and why: what its revision keeps. */
export interface Change {
  /** The signed-in admin; null (the default) for the command line, the first-run seed and jobs. */
  userId?: number | null
  /** 'update' by default for updatePost; setPublished and restores say their own. */
  reason?: RevisionReason
  now?: Date
  /** How images from other sites are fetched: the test-only allow list of decision 018. */
  imageFetch?: SafeFetchOptions
  /**
   * Issue 28: the version the change was based on; when the post is at another one, nothing is
   * written and a VersionConflictError names who changed it. Undefined: not checked (decision 047).
   */
  expectedVersion?: number | undefined
  /**
   * Issue 32: the editor saved a draft by itself (decision 052): only a draft that is not
   * scheduled (else a ConflictError and nothing written), with one 'autosave' revision per session.
   */
  autosave?: boolean | undefined
}

/** The review columns of a post that is in no review (issue 28): what publishing and scheduling leave. */
const NO_REVIEW = { reviewState: null, reviewNote: null, reviewRequestedAt: null, reviewRequestedBy: null } as const

/** The newest revisions kept per post; older ones are deleted as new ones come (decision 032). */
export const REVISIONS_KEPT = 50

/** Every column but the post's identity and counters (NOT_REVISED): a new column is kept too. */
function revisionFields(row: Row): RevisionFields {
  const {
    id: _id,
    publishedAt: _published,
    updatedAt: _updated,
    viewCount: _views,
    scheduledAt: _scheduled,
    unpublishAt: _unpublish,
    reviewState: _reviewState,
    reviewNote: _reviewNote,
    reviewRequestedAt: _reviewRequestedAt,
    reviewRequestedBy: _reviewRequestedBy,
    version: _version,
    updatedBy: _updatedBy,
    ...fields
  } = row
  return fields
}

/** Issue 32: autosaves by one person less than this apart are one session of work: one revision. */
export const AUTOSAVE_SESSION_MS = 30 * 60 * 1000

/**
 * An autosave continues the post's newest revision when that is an autosave by the same person
 * from the last AUTOSAVE_SESSION_MS: its fields and time become this one's (decision 052). The
 * caller holds the post's row lock, so two autosaves cannot both start a session.
 */
async function continuedAutosave(tx: Db, row: Row, userId: number | null, now: Date): Promise<boolean> {
  const [newest] = await tx
    .select({
      id: postRevisions.id,
      reason: postRevisions.reason,
      userId: postRevisions.userId,
      at: postRevisions.createdAt,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, row.id))
    .orderBy(desc(postRevisions.id))
    .limit(1)
  if (newest?.reason !== 'autosave' || newest.userId !== userId) return false
  if (now.getTime() - newest.at.getTime() >= AUTOSAVE_SESSION_MS) return false
  await tx
    .update(postRevisions)
    .set({ fields: revisionFields(row), createdAt: now })
    .where(eq(postRevisions.id, newest.id))
  return true
}

/**
 * Keeps the post as this change left it, in the change's own transaction, and drops the
 * revisions beyond the newest REVISIONS_KEPT (one indexed delete on (post_id, id)).
 */
async function writeRevision(tx: Db, row: Row, reason: RevisionReason, userId: number | null, now: Date) {
  if (reason === 'autosave' && (await continuedAutosave(tx, row, userId, now))) return
  await tx.insert(postRevisions).values({ postId: row.id, reason, userId, createdAt: now, fields: revisionFields(row) })
  const oldestKept = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, row.id))
    .orderBy(desc(postRevisions.id))
    .offset(REVISIONS_KEPT - 1)
    .limit(1)
  await tx
    .delete(postRevisions)
    .where(and(eq(postRevisions.postId, row.id), sql`${postRevisions.id} < (${oldestKept})`))
}

/** Why a saved change is kept as a revision, by whom, when. */
interface RevisionOf {
  reason: RevisionReason
  userId: number | null
  now: Date
}

/** Issue 28: every change of a post makes it one version newer and names who made it. */
function nextVersion(userId: number | null) {
  return { version: sql`${blogPosts.version} + 1`, updatedBy: userId }
}

/** The version condition of a change based on `expected` (none when undefined). */
const atVersion = (expected: number | undefined) =>
  expected === undefined ? undefined : eq(blogPosts.version, expected)

/**
 * Issue 28: after a change based on `expected` wrote nothing, whether that is because the post is
 * now at another version: then a VersionConflictError naming the version, when and by whom. The
 * UPDATE's WHERE decided; this read only explains it (answers quietly when the post is gone).
 */
export async function assertVersion(db: Db, id: number, expected: number | undefined): Promise<void> {
  if (expected === undefined) return
  const [row] = await db
    .select({
      version: blogPosts.version,
      updatedAt: blogPosts.updatedAt,
      byId: users.id,
      byName: sql<string | null>`coalesce(${users.name}, ${users.username})`,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.updatedBy))
    .where(eq(blogPosts.id, id))
    .limit(1)
  if (!row || row.version === expected) return
  const by = row.byId === null ? null : { id: row.byId, name: row.byName ?? '' }
  const who = by ? by.name : 'the system'
  throw new VersionConflictError(
    `This post was changed by ${who} after you opened it (now version ${row.version}); nothing was saved.`,
    {},
    { conflict: { version: row.version, updatedAt: row.updatedAt.toISOString(), by } satisfies VersionConflict },
  )
}

/**
 * The one UPDATE of a post that changes what it says or whether it is public, with its one
 * revision, in the caller's transaction: updatePost, setPublished, restores and the schedule all
 * save through here. `when` is a further condition on the row (a schedule's step is due only
 * while the row is in the state it expects); when it does not hold, nothing is written and the
 * answer is null. The caller announces the change after its commit (contentChanged).
 */
async function saveRow(
  tx: Db,
  id: number,
  set: PgUpdateSetSource<typeof blogPosts>,
  when: SQL | undefined,
  revision: RevisionOf,
): Promise<Row | null> {
  // Issue 31: a slug that changes leaves a redirect behind (read under the row's lock).
  const [before] =
    set.slug === undefined
      ? []
      : await tx.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.id, id)).for('update')
  const [row] = await tx
    .update(blogPosts)
    .set({ ...set, ...nextVersion(revision.userId) })
    .where(and(eq(blogPosts.id, id), when))
    .returning()
  if (!row) return null
  await writeRevision(tx, row, revision.reason, revision.userId, revision.now)
  if (before && before.slug !== row.slug) await slugChanged(tx, before.slug, row)
  return row
}

/**
 * Issue 31: the old address of a post that has been public leads to its new one (a draft's was
 * never shared: nothing to keep); no redirect hides the post at its new address.
 */
async function slugChanged(tx: Db, before: string, row: Row) {
  if (row.publishedAt !== null) await postSlugChanged(tx, before, row.slug)
  else await postTookSlug(tx, row.slug)
}

export interface CreatedPost {
  post: Post
  /** The slug asked for, when the server had to change it because it was taken. */
  requestedSlug: string | null
}

function withSuffix(base: string, n: number) {
  const suffix = `-${n}`
  return `${base.slice(0, SLUG_MAX - suffix.length)}${suffix}`
}

/**
 * Inserts a post; a taken slug becomes slug-1, slug-2, … The unique constraint decides, not a
 * prior read, so two creates racing for one slug both succeed with distinct slugs.
 */
export async function createPost(
  db: Db,
  given: PostValues,
  { userId = null, now = new Date(), imageFetch, publishedAt }: Change & { publishedAt?: Date | null } = {},
): Promise<CreatedPost> {
  // Before the transaction (fetching holds no connection), but here, for every caller: docs/decisions/023.
  const values = await importPostImages(db, given, imageFetch)
  const base = values.slug
  const created = await db.transaction(async (tx) => {
    let candidate = base
    for (let attempt = 0; attempt < 100; attempt++) {
      const [row] = await tx
        .insert(blogPosts)
        .values({
          ...values,
          slug: candidate,
          // An imported post keeps the day it was first published on its old site (issue 31).
          publishedAt: values.isPublished ? (publishedAt ?? now) : null,
          updatedAt: now,
          updatedBy: userId,
        })
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning()
      if (row) {
        await writeRevision(tx, row, 'create', userId, now)
        await postTookSlug(tx, row.slug)
        // Issue 28: the person who creates a post is its first author, which makes it their own.
        if (userId !== null) await tx.insert(postAuthors).values({ postId: row.id, userId })
        return { post: toPost(row), requestedSlug: candidate === base ? null : base }
      }
      candidate = withSuffix(base, await nextSuffix(tx, base))
    }
    return null
  })
  if (!created) {
    throw new ConflictError('Could not find a free slug; please choose another one.', { slug: 'This slug is taken' })
  }
  // After the commit: listeners (the page cache, other instances) must see the change.
  await contentChanged(db)
  return created
}

/** One more than the highest n among the slugs base-n (at least 1). */
async function nextSuffix(db: Db, base: string): Promise<number> {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`)
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(like(blogPosts.slug, `${escaped}-%`))
  let max = 0
  for (const { slug } of rows) {
    const n = Number(slug.slice(base.length + 1))
    if (Number.isInteger(n) && n > max && String(n) === slug.slice(base.length + 1)) max = n
  }
  return max + 1
}

export async function updatePost(
  db: Db,
  id: number,
  given: PostChanges,
  { userId = null, reason = 'update', now = new Date(), imageFetch, expectedVersion, autosave = false }: Change = {},
) {
  if (autosave && given.isPublished === true) {
    throw new InvalidInputError('An autosave cannot publish the post; use Publish.', {
      isPublished: 'An autosave keeps a draft a draft',
    })
  }
  const { isPublished, ...rest } = await importPostImages(db, given, imageFetch)
  const set: PgUpdateSetSource<typeof blogPosts> = { ...rest, updatedAt: now }
  if (isPublished !== undefined) {
    set.isPublished = isPublished
    // publishedAt is set the first time a post is published and kept afterwards.
    if (isPublished) set.publishedAt = sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)`
    // Publishing by hand overtakes a schedule; unpublishing by hand ends a planned unpublish.
    // Their jobs then find the moment gone and do nothing (issue 14).
    // Publishing approves it: it leaves the review queue (issue 28).
    if (isPublished) Object.assign(set, { scheduledAt: null, ...NO_REVIEW })
    else set.unpublishAt = null
  }
  try {
    const post = await db.transaction(async (tx) => {
      // The version is checked in the UPDATE's WHERE: of two saves from one version, the second
      // waits for the first's row lock, then finds the version moved and writes nothing.
      const when = autosave ? and(atVersion(expectedVersion), AUTOSAVABLE) : atVersion(expectedVersion)
      const row = await saveRow(tx, id, set, when, { reason: autosave ? 'autosave' : reason, userId, now })
      return row ? toPost(row) : null
    })
    if (post) await contentChanged(db)
    else {
      await assertVersion(db, id, expectedVersion)
      if (autosave) await assertAutosavable(db, id)
    }
    return post
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError('Another post already uses this slug.', {
        slug: 'This slug is already used by another post',
      })
    }
    throw error
  }
}

/** Issue 32: what an autosave may change: a draft that is not scheduled (decision 052). */
const AUTOSAVABLE = and(eq(blogPosts.isPublished, false), isNull(blogPosts.scheduledAt))

/** After an autosave wrote nothing at the right version: why, when the post is still there. */
async function assertAutosavable(db: Db, id: number) {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  if (!row) return
  throw new ConflictError(
    'A published or scheduled post is not autosaved: its changes wait for Update. Nothing was saved.',
  )
}

export async function setPublished(db: Db, id: number, isPublished: boolean, change: Omit<Change, 'reason'> = {}) {
  return updatePost(db, id, { isPublished }, { ...change, reason: isPublished ? 'publish' : 'unpublish' })
}

/**
 * What a post's schedule says it must be by `dueBy`, saved in one transaction (the schedule's jobs
 * decide when to ask: services/schedule.ts): a draft whose publish moment has passed goes live
 * (`publishedAt` = that moment, not the moment this runs; revision 'schedule'); then a live post
 * whose unpublish moment has passed goes back to draft (revision 'unpublish'). Each step is a
 * conditional UPDATE, so whichever job runs first makes both changes, and a second job, a retry
 * or another instance finds nothing left to do and writes nothing twice (issue 27). Announced
 * after the commit; answers which steps were taken (and the post's title, for the activity log),
 * or null when nothing changed.
 */
export async function saveDueSchedule(
  db: Db,
  id: number,
  dueBy: Date,
  now = new Date(),
): Promise<{ title: string; published: boolean; unpublished: boolean } | null> {
  const revision = (reason: RevisionReason): RevisionOf => ({ reason, userId: null, now })
  const changed = await db.transaction(async (tx) => {
    const published = await saveRow(
      tx,
      id,
      { isPublished: true, publishedAt: sql`${blogPosts.scheduledAt}`, scheduledAt: null, updatedAt: now },
      and(eq(blogPosts.isPublished, false), lte(blogPosts.scheduledAt, dueBy)),
      revision('schedule'),
    )
    const unpublished = await saveRow(
      tx,
      id,
      { isPublished: false, unpublishAt: null, updatedAt: now },
      and(eq(blogPosts.isPublished, true), lte(blogPosts.unpublishAt, dueBy)),
      revision('unpublish'),
    )
    const title = (unpublished ?? published)?.title
    return title === undefined ? null : { title, published: published !== null, unpublished: unpublished !== null }
  })
  if (changed) await contentChanged(db)
  return changed
}

/**
 * Sets a draft's publish moment and, unless `unpublishAt` is undefined (kept), its unpublish
 * moment, in the caller's transaction (the schedule's jobs are added in it). Only a draft, and a
 * kept unpublish moment must still come after the new publish moment: null otherwise. The row is
 * locked first, as scheduling an X post locks it, and the moment it replaces is answered (its X
 * posts follow it). The schedule is not part of a revision, nor of what visitors see: nothing is
 * announced.
 */
export async function setPublishSchedule(
  tx: Db,
  id: number,
  {
    publishAt,
    unpublishAt,
    userId = null,
    expectedVersion,
  }: { publishAt: Date; unpublishAt: Date | null | undefined } & Pick<Change, 'userId' | 'expectedVersion'>,
): Promise<{ post: Post; replaced: Date | null } | null> {
  const [before] = await tx
    .select({ scheduledAt: blogPosts.scheduledAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .for('update')
  const [row] = await tx
    .update(blogPosts)
    // Scheduling approves it: it leaves the review queue (issue 28).
    .set({
      scheduledAt: publishAt,
      ...(unpublishAt === undefined ? {} : { unpublishAt }),
      ...NO_REVIEW,
      ...nextVersion(userId),
    })
    .where(
      and(
        eq(blogPosts.id, id),
        atVersion(expectedVersion),
        eq(blogPosts.isPublished, false),
        unpublishAt === undefined ? or(isNull(blogPosts.unpublishAt), gt(blogPosts.unpublishAt, publishAt)) : undefined,
      ),
    )
    .returning()
  return row ? { post: toPost(row), replaced: before?.scheduledAt ?? null } : null
}

/** Drops a post's schedule (both moments); null when there is no such post. */
export async function clearPublishSchedule(
  db: Db,
  id: number,
  { userId = null, expectedVersion }: Pick<Change, 'userId' | 'expectedVersion'> = {},
): Promise<Post | null> {
  const [row] = await db
    .update(blogPosts)
    .set({ scheduledAt: null, unpublishAt: null, ...nextVersion(userId) })
    .where(and(eq(blogPosts.id, id), atVersion(expectedVersion)))
    .returning()
  if (!row) await assertVersion(db, id, expectedVersion)
  return row ? toPost(row) : null
}

/**
 * Inserts finished rows (the first run's sample posts), each starting its history with one
 * 'create' revision by nobody; a taken slug is skipped. Answers how many went in.
 */
export async function insertPosts(db: Db, rows: (typeof blogPosts.$inferInsert)[], now = new Date()): Promise<number> {
  const inserted = await db.transaction(async (tx) => {
    const saved = await tx.insert(blogPosts).values(rows).onConflictDoNothing({ target: blogPosts.slug }).returning()
    for (const row of saved) {
      await writeRevision(tx, row, 'create', null, now)
      await postTookSlug(tx, row.slug)
    }
    return saved.length
  })
  if (inserted > 0) await contentChanged(db)
  return inserted
}

/**
 * Issue 31: the columns of a post that no save sets, as this site's own export had them (its view
 * count, review state, last change, first publication, planned unpublish), in the import's
 * transaction. Not a change of its content: no revision, and the import announces once at its end.
 */
export async function restoreExportedColumns(
  tx: Db,
  id: number,
  columns: Pick<
    PgUpdateSetSource<typeof blogPosts>,
    'viewCount' | 'reviewState' | 'reviewNote' | 'updatedAt' | 'publishedAt' | 'unpublishAt'
  >,
): Promise<void> {
  await tx.update(blogPosts).set(columns).where(eq(blogPosts.id, id))
}

export async function deletePost(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id })
  if (rows.length === 0) return false
  await contentChanged(db)
  return true
}

/** One atomic increment; answers false when no published post has that slug. */
export async function recordView(db: Db, slug: string): Promise<number | null> {
  const [row] = await db
    .update(blogPosts)
    .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .returning({ viewCount: blogPosts.viewCount })
  return row ? row.viewCount : null
}

/**
 * Issue 28, the review queue (docs/decisions/049-review-queue.md). Each step is one conditional
 * UPDATE, so two people acting at once cannot both succeed; when the row is not in the state the
 * step expects, nothing is written and a ConflictError says why (null: there is no such post).
 * Where a post stands in review is not what it says: no revision, nothing announced.
 */
async function reviewStep(
  db: Db,
  id: number,
  set: PgUpdateSetSource<typeof blogPosts>,
  when: SQL | undefined,
  refusal: (row: Row) => string,
): Promise<Post | null> {
  const [row] = await db
    .update(blogPosts)
    .set(set)
    .where(and(eq(blogPosts.id, id), when))
    .returning()
  if (row) return toPost(row)
  const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  if (!current) return null
  throw new ConflictError(refusal(current))
}

/** A writer hands their draft to the Editors (again, after changes were requested). */
export function submitForReview(db: Db, id: number, userId: number | null, now = new Date()) {
  return reviewStep(
    db,
    id,
    { reviewState: 'in_review', reviewNote: null, reviewRequestedAt: now, reviewRequestedBy: userId },
    and(
      eq(blogPosts.isPublished, false),
      isNull(blogPosts.scheduledAt),
      or(isNull(blogPosts.reviewState), eq(blogPosts.reviewState, 'changes_requested')),
    ),
    (row) =>
      row.isPublished
        ? 'This post is already published: only a draft can be submitted for review.'
        : row.scheduledAt
          ? 'This post is already scheduled: only a draft without a schedule can be submitted for review.'
          : 'This post is already waiting for review.',
  )
}

/** The writer takes it back: out of the queue, and a requested change is forgotten. */
export function withdrawReview(db: Db, id: number) {
  return reviewStep(db, id, NO_REVIEW, sql`${blogPosts.reviewState} is not null`, () => 'This post is not in review.')
}

/** An Editor sends it back to its writer with what should change. */
export function requestChanges(db: Db, id: number, note: string) {
  return reviewStep(
    db,
    id,
    { reviewState: 'changes_requested', reviewNote: note },
    and(eq(blogPosts.reviewState, 'in_review'), eq(blogPosts.isPublished, false)),
    () => 'This post is not waiting for review.',
  )
}
