import { useQuery } from '@tanstack/react-query'
import { CalendarClockIcon, InboxIcon, MessageSquareWarningIcon, PencilIcon, SendIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { RequestChangesDialog } from '#app/components/review/request-changes-dialog.tsx'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { SCHEDULE_FAILED, scheduleErrors, scheduleInput } from '#app/components/schedule/schedule-new-post.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { forbiddenOr, LoadFailure } from '#app/components/ui/load-failure.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, scheduledLabel, useReader } from '#app/lib/dates.ts'
import { reviewQueueOptions, useSchedulePost, useSetPublished } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import type { ReviewItem } from '#common/contract/review.ts'
import { relativeTime } from '#common/text-rules.ts'

const failed = (fallback: string) => (error: unknown) =>
  toast({
    title: 'Error',
    description: (error instanceof ApiError && error.serverMessage) || fallback,
    variant: 'destructive',
  })

/**
 * Issue 28, /admin/review: the drafts waiting for an Editor, oldest first. Approving is publishing
 * now or scheduling (the same endpoints and dialog as the edit screen); 'Request changes' sends the
 * post back to its writer with a note.
 */
export function ReviewQueue() {
  const queue = useQuery(reviewQueueOptions())
  if (queue.isError && !queue.data) {
    return <LoadFailure query={queue}>{forbiddenOr(queue.error, 'The review queue could not be loaded.')}</LoadFailure>
  }
  if (!queue.data) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading the review queue…
      </p>
    )
  }
  const { posts } = queue.data
  return (
    <SectionCard
      headingId="review-queue-heading"
      title={posts.length === 1 ? '1 post waiting' : `${posts.length} posts waiting`}
      description="The oldest submission first. Open a post to read it in the editor."
    >
      {posts.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <InboxIcon className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900">Nothing waits for review</p>
          <p className="text-sm text-muted-foreground">When a writer submits a draft, it shows here.</p>
        </div>
      ) : (
        <ul className="min-w-0 divide-y">
          {posts.map((post) => (
            <ReviewRow key={post.id} post={post} />
          ))}
        </ul>
      )}
    </SectionCard>
  )
}

function ReviewRow({ post }: { post: ReviewItem }) {
  const reader = useReader()
  const publish = useSetPublished()
  const schedule = useSchedulePost()
  const [scheduling, setScheduling] = useState(false)
  const [scheduleFieldErrors, setScheduleFieldErrors] = useState<ScheduleErrors>({})
  const [requesting, setRequesting] = useState(false)
  const busy = publish.isPending || schedule.isPending

  // mutateAsync, not mutate's callbacks: approving reads the queue again, which takes this item
  // out of it, and a mutation's per-call callbacks do not run once their component is gone.
  const publishNow = () =>
    publish
      .mutateAsync({ id: post.id, publish: true })
      .then(
        () => toast({ title: 'Published', description: `“${post.title}” is live.` }),
        failed('Failed to publish the post. Please try again.'),
      )

  const submitSchedule = (choice: ScheduleChoice) => {
    setScheduleFieldErrors({})
    schedule.mutateAsync({ id: post.id, input: scheduleInput(choice) }).then(
      (answer) => {
        setScheduling(false)
        toast({
          title: 'Post scheduled',
          description: `“${answer.post.title}” goes live ${scheduledLabel(answer.post.scheduledAt ?? choice.at, reader)}.`,
        })
      },
      (error) => {
        const fields = scheduleErrors(error)
        setScheduleFieldErrors(fields)
        if (!fields.at && !fields.unpublishAt) setScheduling(false)
        failed(SCHEDULE_FAILED)(error)
      },
    )
  }

  const byline = post.authors.length > 0 ? post.authors.join(', ') : (post.submittedBy ?? 'Unknown')
  return (
    <li data-testid="review-item" className="grid min-w-0 gap-3 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <h3 className="text-base font-semibold break-words text-slate-900">
          <Link
            to={`/admin/blog/edit/${post.id}`}
            className="rounded-sm underline-offset-2 hover:text-violet-800 hover:underline"
          >
            {post.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">
          By <span className="font-medium text-slate-700">{byline}</span>
          {' · '}
          Submitted
          {post.submittedBy && post.authors.length > 0 && !post.authors.includes(post.submittedBy)
            ? ` by ${post.submittedBy}`
            : ''}{' '}
          <time dateTime={post.submittedAt} title={scheduledLabel(post.submittedAt, reader)}>
            {relativeTime(post.submittedAt)}
          </time>
          <span className="sr-only"> ({formatDate(post.submittedAt, 'moment', reader)})</span>
        </p>
        {post.excerpt && <p className="line-clamp-2 text-sm break-words text-slate-600">{post.excerpt}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <Link to={`/admin/blog/edit/${post.id}`} aria-label={`Open “${post.title}” in the editor`}>
            <PencilIcon aria-hidden="true" />
            Open
          </Link>
        </Button>
        <Button size="sm" disabled={busy} onClick={publishNow}>
          <BusyIcon busy={publish.isPending} icon={SendIcon} />
          {publish.isPending ? 'Publishing...' : 'Publish now'}
          <span className="sr-only">: “{post.title}”</span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => {
            setScheduleFieldErrors({})
            setScheduling(true)
          }}
          aria-label={`Schedule “${post.title}”`}
        >
          <CalendarClockIcon aria-hidden="true" />
          Schedule
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => setRequesting(true)}
          aria-label={`Request changes to “${post.title}”`}
        >
          <MessageSquareWarningIcon aria-hidden="true" />
          Request changes
        </Button>
      </div>
      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        title="Approve and schedule"
        description={`“${post.title}” stays a draft until then, and goes live by itself at the time you pick.`}
        withUnpublish
        pending={schedule.isPending}
        errors={scheduleFieldErrors}
        onSubmit={submitSchedule}
      />
      <RequestChangesDialog post={post} open={requesting} onOpenChange={setRequesting} />
    </li>
  )
}
