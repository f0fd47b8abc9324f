import { z } from 'zod'
import { Post, positiveId } from '#common/contract/posts.ts'

/**
 * Why a revision was written: the change that made it (the check constraint of post_revisions).
 * 'autosave': the editor saved a draft by itself; one such revision per session of work (decision 052).
 */
export const REVISION_REASONS = ['create', 'update', 'publish', 'unpublish', 'schedule', 'restore', 'autosave'] as const
export const RevisionReason = z.enum(REVISION_REASONS)
export type RevisionReason = z.infer<typeof RevisionReason>

/** What a revision does not keep: the post's identity and what no writer edits. */
export const NOT_REVISED = {
  id: true,
  publishedAt: true,
  updatedAt: true,
  viewCount: true,
  // The schedule is when, not what: a restore leaves it alone (issue 14).
  scheduledAt: true,
  unpublishAt: true,
  // Where a post stands in the review queue is not what it says (issue 28).
  reviewState: true,
  reviewNote: true,
  reviewRequestedAt: true,
  reviewRequestedBy: true,
  // Issue 28: which change this is, not what it says.
  version: true,
  updatedBy: true,
} as const

/**
 * A post's editable fields as one change left them (every field of Post but NOT_REVISED, so a new
 * field of posts is kept without a change here); isPublished is kept for the record only
 * (restoring a revision leaves the post's publish state alone, docs/decisions/032-revisions.md).
 * A field added after a revision was written is missing from it, and a restore leaves it as it is.
 */
export const RevisionFields = Post.omit(NOT_REVISED).partial().required({ title: true, slug: true, content: true })
export type RevisionFields = z.infer<typeof RevisionFields>

export const RevisionListItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  reason: RevisionReason,
  title: z.string(),
  /** Words of the content (runs of non-space characters). */
  words: z.number().int(),
  /** The admin who made the change; null for the command line, the first-run seed and jobs. */
  user: z.string().nullable(),
})
export type RevisionListItem = z.infer<typeof RevisionListItem>

/** GET /api/blog/{id}/revisions: newest first. */
export const RevisionList = z.object({ revisions: z.array(RevisionListItem) })
export type RevisionList = z.infer<typeof RevisionList>

/** GET /api/blog/{id}/revisions/{revisionId} */
export const Revision = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  reason: RevisionReason,
  user: z.string().nullable(),
  fields: RevisionFields,
})
export type Revision = z.infer<typeof Revision>

/** POST /api/blog/{id}/revisions/{revisionId}/restore */
export const RestoreRevisionResponse = z.object({ success: z.literal(true), message: z.string(), post: Post })
export type RestoreRevisionResponse = z.infer<typeof RestoreRevisionResponse>

export const RevisionParams = z.object({ id: positiveId, revisionId: positiveId })
