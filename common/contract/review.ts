import { z } from 'zod'
import { requiredText } from '#common/contract/errors.ts'

/**
 * Issue 28, the review queue (docs/decisions/049-review-queue.md): a draft a writer has submitted
 * waits 'in_review' for an Editor, who publishes or schedules it (which clears the state) or sends
 * it back, 'changes_requested', with a note the writer reads on the edit screen.
 */
export const REVIEW_STATES = ['in_review', 'changes_requested'] as const
export const ReviewState = z.enum(REVIEW_STATES)
export type ReviewState = z.infer<typeof ReviewState>

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  in_review: 'In review',
  changes_requested: 'Changes requested',
}

export const REVIEW_NOTE_MAX = 2000

/** POST /api/blog/{id}/review/changes: what the writer should change. */
export const ReviewChangesInput = z.object({
  note: requiredText('Say what should change', REVIEW_NOTE_MAX),
})
export type ReviewChangesInput = z.input<typeof ReviewChangesInput>

/** One post waiting in GET /api/admin/review (oldest submission first). */
export const ReviewItem = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  /** The post's authors (staff names, in byline order); empty when it has none. */
  authors: z.array(z.string()),
  /** Who submitted it; null when that account is gone. */
  submittedBy: z.string().nullable(),
  /** ISO 8601, UTC. */
  submittedAt: z.string(),
})
export type ReviewItem = z.infer<typeof ReviewItem>

export const ReviewList = z.object({ posts: z.array(ReviewItem) })
export type ReviewList = z.infer<typeof ReviewList>

/** GET /api/admin/review/count: how many posts wait (the admin navigation's count). */
export const ReviewCount = z.object({ count: z.number().int() })
export type ReviewCount = z.infer<typeof ReviewCount>
