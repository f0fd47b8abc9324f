import { CalendarClockIcon, CalendarXIcon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { CREATE_FAILED } from '#app/components/post-form/messages.ts'
import { applyApiError, type EditorForm } from '#app/components/post-form/post-form.ts'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { scheduledLabel, useReader } from '#app/lib/dates.ts'
import { useCancelPostSchedule, useCreatePost, useSchedulePost } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import type { Post } from '#common/contract/posts.ts'
import type { PostScheduleInput } from '#common/contract/schedule.ts'

export const SCHEDULE_FAILED = 'Failed to schedule the post. Please try again.'
export const CANCEL_SCHEDULE_FAILED = 'Failed to cancel the schedule. Please try again.'

/** The body of POST /api/blog/{id}/schedule: the moments in UTC. */
export const scheduleInput = (choice: ScheduleChoice): PostScheduleInput => ({
  publishAt: choice.at.toISOString(),
  unpublishAt: choice.unpublishAt ? choice.unpublishAt.toISOString() : null,
})

/** The server's field messages of a refused schedule, placed under the dialog's fields. */
export function scheduleErrors(error: unknown): ScheduleErrors {
  if (!(error instanceof ApiError)) return {}
  const { publishAt, unpublishAt } = error.fields
  return { at: publishAt, unpublishAt }
}

/**
 * Issue 14 on the edit screen: the dialog to schedule (or reschedule) the saved post, and
 * cancelling its schedule. One dialog serves the Schedule button and the Change action.
 */
export function usePostSchedule(post: Post, { unsavedChanges }: { unsavedChanges: boolean }) {
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
          setOpen(false)
          const n = answer.movedXPosts.length
          const along = n === 0 ? '' : ` ${n === 1 ? 'Its X post' : `Its ${n} X posts`} moved with it.`
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
      onSuccess: () => toast({ title: 'Schedule cancelled', description: 'The post stays a draft.' }),
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
        description="The post stays a draft until then, and goes live by itself at the time you pick. Its scheduled X posts move with it."
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

/**
 * Issue 14 on the create screen: 'Schedule' saves the post as a draft (the usual create, checked
 * the same way), then schedules it, then goes back to the list. If the schedule is refused after
 * the save, the draft's edit screen opens so another time can be picked.
 */
export function useScheduleNewPost(form: EditorForm, onSaved: () => void) {
  const reader = useReader()
  const navigate = useNavigate()
  const create = useCreatePost()
  const schedule = useSchedulePost()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)

  const submit = (choice: ScheduleChoice) => {
    if (pending) return
    setPending(true)
    void form
      .handleSubmit(
        async (values) => {
          let created: Post
          try {
            created = (await create.mutateAsync({ ...values, isPublished: false, aiGenerated: false })).post
          } catch (error) {
            const sentence = applyApiError(form, error)
            setOpen(false)
            toast({ title: 'Error', description: sentence ?? CREATE_FAILED, variant: 'destructive' })
            return
          }
          onSaved()
          try {
            const answer = await schedule.mutateAsync({ id: created.id, input: scheduleInput(choice) })
            setOpen(false)
            toast({
              title: 'Post scheduled',
              description: `“${created.title}” is saved as a draft and goes live ${scheduledLabel(answer.post.scheduledAt ?? choice.at, reader)}.`,
            })
            navigate('/admin/blog')
          } catch (error) {
            setOpen(false)
            toast({
              title: 'Saved as a draft, not scheduled',
              description: `${(error instanceof ApiError && error.serverMessage) || SCHEDULE_FAILED} Pick a time again here.`,
              variant: 'destructive',
            })
            navigate(`/admin/blog/edit/${created.id}`)
          }
        },
        () => {
          setOpen(false)
          toast({
            title: 'Validation Error',
            description: 'Fix the marked fields, then schedule again.',
            variant: 'destructive',
          })
        },
      )()
      .finally(() => setPending(false))
  }

  return {
    busy: pending,
    openDialog: () => setOpen(true),
    dialog: (
      <ScheduleDialog
        open={open}
        onOpenChange={setOpen}
        title="Schedule post"
        description="The post is saved as a draft now, and goes live by itself at the time you pick."
        withUnpublish
        pending={pending}
        onSubmit={submit}
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

/** 'Schedule' beside the form's save or publish button. */
export function ScheduleButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" disabled={disabled} onClick={onClick}>
      <CalendarClockIcon aria-hidden="true" />
      Schedule
    </Button>
  )
}
