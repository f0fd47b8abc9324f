import { MessageSquareWarningIcon, SendIcon, UndoIcon, UserCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { RequestChangesDialog } from '#app/components/review/request-changes-dialog.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, scheduledLabel, useReader } from '#app/lib/dates.ts'
import { useSubmitForReview, useWithdrawReview } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import type { Post } from '#common/contract/posts.ts'

export const SAVE_BEFORE_REVIEW = 'Save your changes first: the editor reviews the post as saved.'

/** Only a draft without a schedule goes to review (the server says the same, 409 otherwise). */
export const reviewable = (post: Post) => !post.isPublished && post.scheduledAt === null

/**
 * Issue 28 on the edit screen: submitting the saved draft for review (again, after changes were
 * requested) and withdrawing it. A change of the form not yet saved must be saved first.
 */
export function useReviewActions(post: Post, { unsavedChanges }: { unsavedChanges: boolean }) {
  const submit = useSubmitForReview()
  const withdraw = useWithdrawReview()
  const failed = (fallback: string) => (error: unknown) =>
    toast({
      title: 'Error',
      description: (error instanceof ApiError && error.serverMessage) || fallback,
      variant: 'destructive',
    })
  return {
    busy: submit.isPending || withdraw.isPending,
    submitting: submit.isPending,
    withdrawing: withdraw.isPending,
    unsavedChanges,
    // mutateAsync: the step swaps the banner that holds the button, and a mutation's per-call
    // callbacks do not run once their component is gone.
    submit: () =>
      submit.mutateAsync(post.id).then(
        () =>
          toast({
            title: 'Submitted for review',
            description: 'An editor publishes it, or sends it back with a note.',
          }),
        failed('Failed to submit the post for review. Please try again.'),
      ),
    withdraw: () =>
      withdraw
        .mutateAsync(post.id)
        .then(
          () => toast({ title: 'Withdrawn from review', description: 'The post is a draft again.' }),
          failed('Failed to withdraw the post from review. Please try again.'),
        ),
  }
}
export type ReviewActions = ReturnType<typeof useReviewActions>

/** 'Submit for review' (or 'Submit again') beside the form's other buttons. */
export function SubmitForReviewButton({
  actions,
  disabled,
  again = false,
}: {
  actions: ReviewActions
  disabled: boolean
  again?: boolean
}) {
  return (
    <Button
      type="button"
      variant="outline"
      disabled={disabled || actions.busy || actions.unsavedChanges}
      title={actions.unsavedChanges ? SAVE_BEFORE_REVIEW : undefined}
      onClick={actions.submit}
    >
      <BusyIcon busy={actions.submitting} icon={SendIcon} />
      {actions.submitting ? 'Submitting...' : again ? 'Submit again' : 'Submit for review'}
    </Button>
  )
}

/**
 * The banner at the top of the edit screen while the post is in review: waiting for an editor
 * (with Withdraw), or sent back with the editor's note (with Submit again).
 */
export function ReviewBanner({
  post,
  actions,
  disabled,
  reviewer,
}: {
  post: Post
  actions: ReviewActions
  disabled: boolean
  /** An Editor (or up): approve it here (publish or schedule), or request changes. */
  reviewer: boolean
}) {
  const reader = useReader()
  const [requesting, setRequesting] = useState(false)
  if (post.reviewState === 'changes_requested') {
    return (
      <section
        aria-labelledby="review-banner-title"
        className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950 shadow-sm"
      >
        <h2 id="review-banner-title" className="flex items-center gap-2 text-base font-semibold">
          <MessageSquareWarningIcon className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
          Changes requested
        </h2>
        <blockquote className="border-l-4 border-amber-400 pl-3 text-sm break-words whitespace-pre-wrap">
          {post.reviewNote}
        </blockquote>
        <p className="text-sm text-amber-900">
          Make the changes and save them, then submit the post again.
          {actions.unsavedChanges && <> {SAVE_BEFORE_REVIEW}</>}
        </p>
        <div className="flex flex-wrap gap-2">
          <SubmitForReviewButton actions={actions} disabled={disabled} again />
        </div>
      </section>
    )
  }
  if (post.reviewState !== 'in_review') return null
  return (
    <section
      aria-labelledby="review-banner-title"
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 px-5 py-4 text-sky-950 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1">
        <h2 id="review-banner-title" className="flex items-center gap-2 text-base font-semibold">
          <UserCheckIcon className="size-5 shrink-0 text-sky-700" aria-hidden="true" />
          Waiting for review
        </h2>
        <p className="text-sm text-sky-900">
          Submitted{' '}
          {post.reviewRequestedAt && (
            <time dateTime={post.reviewRequestedAt} title={scheduledLabel(post.reviewRequestedAt, reader)}>
              {formatDate(post.reviewRequestedAt, 'moment', reader)}
            </time>
          )}
          . An editor publishes or schedules it, or sends it back with a note.
        </p>
        {reviewer && (
          <p className="text-sm text-sky-900">
            To approve it, publish it (Published, then save) or schedule it; publishing or scheduling takes it out of
            the queue.
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {reviewer && (
          <Button
            type="button"
            variant="outline"
            className="bg-white"
            disabled={disabled || actions.busy}
            onClick={() => setRequesting(true)}
          >
            <MessageSquareWarningIcon aria-hidden="true" />
            Request changes
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          className="bg-white"
          disabled={disabled || actions.busy}
          onClick={actions.withdraw}
        >
          <BusyIcon busy={actions.withdrawing} icon={UndoIcon} />
          {actions.withdrawing ? 'Withdrawing...' : 'Withdraw from review'}
        </Button>
      </div>
      {reviewer && <RequestChangesDialog post={post} open={requesting} onOpenChange={setRequesting} />}
    </section>
  )
}
