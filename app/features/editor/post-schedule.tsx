import { CalendarClockIcon, CalendarXIcon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { SCHEDULE_FAILED, scheduleErrors, scheduleInput } from '#app/components/schedule/schedule-new-post.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { scheduledLabel, useReader } from '#app/lib/dates.ts'
import { useCancelPostSchedule, useSchedulePost } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import type { Post } from '#common/contract/posts.ts'

export const CANCEL_SCHEDULE_FAILED = 'Failed to cancel the schedule. Please try again.'

/**
 * Issue 14 on the edit screen: the dialog to schedule (or reschedule) the saved post, and
 * cancelling its schedule. One dialog serves the Schedule button and the Change action.
 */
export function usePostSchedule(
  post: Post,
  { unsavedChanges, onSaved }: { unsavedChanges: boolean; onSaved?: (post: Post) => void },
) {
  const reader = useReader()
  const [open, setOpen] = useState(false)
  const [errors, setErrors] = useState<ScheduleErrors>({})
  const schedule = useSchedulePost()
  const cancel = useCancelPostSchedule()

  const submit = (choice: ScheduleChoice) => {
    setErrors({})
    schedule.mutate(
      { id: post.id, input: scheduleInput(choice) },
      {
        onSuccess: (answer) => {
          onSaved?.(answer.post)
          setOpen(false)
          const n = answer.movedXPosts.length
          const along = n === 0 ? '' : ` ${n === 1 ? 'Its social post' : `Its ${n} social posts`} moved with it.`
          toast({
            title: 'Post scheduled',
            description: `“${answer.post.title}” goes live ${scheduledLabel(answer.post.scheduledAt ?? choice.at, reader)}.${along}`,
          })
        },
        onError: (error) => {
          const fields = scheduleErrors(error)
          setErrors(fields)
          // A refusal about the fields keeps the dialog open next to its messages; anything else closes it.
          if (!fields.at && !fields.unpublishAt) setOpen(false)
          toast({
            title: 'Error',
            description: (error instanceof ApiError && error.serverMessage) || SCHEDULE_FAILED,
            variant: 'destructive',
          })
        },
      },
    )
  }

  const cancelSchedule = () =>
    cancel.mutate(post.id, {
      onSuccess: (answer) => {
        onSaved?.(answer.post)
        toast({ title: 'Schedule cancelled', description: 'The post stays a draft.' })
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: (error instanceof ApiError && error.serverMessage) || CANCEL_SCHEDULE_FAILED,
          variant: 'destructive',
        }),
    })

  const rescheduling = post.scheduledAt !== null
  return {
    busy: schedule.isPending || cancel.isPending,
    cancelling: cancel.isPending,
    openDialog: () => {
      setErrors({})
      setOpen(true)
    },
    cancelSchedule,
    dialog: (
      <ScheduleDialog
        open={open}
        onOpenChange={setOpen}
        title={rescheduling ? 'Change schedule' : 'Schedule post'}
        description="The post stays a draft until then, and goes live by itself at the time you pick. Its scheduled social posts move with it."
        initialAt={post.scheduledAt}
        withUnpublish
        initialUnpublishAt={post.unpublishAt}
        pending={schedule.isPending}
        errors={errors}
        onSubmit={submit}
        note={
          unsavedChanges
            ? 'You have unsaved changes: the post goes live as last saved. Save them with Update Blog Post to include them.'
            : undefined
        }
      />
    ),
  }
}

/** The scheduled state in the edit screen's settings: when it goes live, Change, Cancel schedule. */
export function PostScheduleState({
  post,
  onChange,
  onCancel,
  busy,
  cancelling,
}: {
  post: Post
  onChange: () => void
  onCancel: () => void
  busy: boolean
  cancelling: boolean
}) {
  const reader = useReader()
  if (post.isPublished || !post.scheduledAt) return null
  return (
    <section
      aria-label="Schedule"
      className="grid gap-3 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-950"
    >
      <p className="flex items-start gap-2">
        <CalendarClockIcon className="mt-0.5 size-4 shrink-0 text-violet-700" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Scheduled for </strong>
          <time dateTime={post.scheduledAt}>{scheduledLabel(post.scheduledAt, reader)}</time>
          {post.unpublishAt && (
            <>
              <br />
              <span className="text-violet-900">
                Back to draft <time dateTime={post.unpublishAt}>{scheduledLabel(post.unpublishAt, reader)}</time>
              </span>
            </>
          )}
        </span>
      </p>
      <p className="text-xs text-violet-900">Publishing now (Published on, then save) cancels the schedule.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" className="bg-white" disabled={busy} onClick={onChange}>
          <PencilIcon aria-hidden="true" />
          Change
        </Button>
        <Button type="button" size="sm" variant="outline" className="bg-white" disabled={busy} onClick={onCancel}>
          <BusyIcon busy={cancelling} icon={CalendarXIcon} />
          {cancelling ? 'Cancelling...' : 'Cancel schedule'}
        </Button>
      </div>
    </section>
  )
}
