import { CalendarClockIcon } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { CREATE_FAILED } from '#app/components/post-form/messages.ts'
import { applyApiError, type EditorForm } from '#app/components/post-form/post-form.ts'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { scheduledLabel, useReader } from '#app/lib/dates.ts'
import { useCreatePost, useSchedulePost } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import type { Post } from '#common/contract/posts.ts'
import type { PostScheduleInput } from '#common/contract/schedule.ts'

// Scheduling a post that is not saved yet: the manual tab's and the AI studio's review step
// (issue 27 §12) share it, as they share Save as Draft and Publish Now.

export const SCHEDULE_FAILED = 'Failed to schedule the post. Please try again.'

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
 * Issue 14 on the create screens: 'Schedule' saves the post as a draft (the usual create, checked
 * the same way), then schedules it. Issue 32: either way the writer stays in the editor, as after a
 * Save: the new post's edit screen opens (replacing the create screen in the history), showing the
 * schedule, or, if the schedule was refused after the save, ready for another time to be picked.
 * `aiGenerated` marks a post from the AI studio, as its Save as Draft does.
 */
export function useScheduleNewPost(
  form: EditorForm,
  { aiGenerated = false, onSaved }: { aiGenerated?: boolean; onSaved?: () => void } = {},
) {
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
            created = (await create.mutateAsync({ ...values, isPublished: false, aiGenerated })).post
          } catch (error) {
            const sentence = applyApiError(form, error)
            setOpen(false)
            toast({ title: 'Error', description: sentence ?? CREATE_FAILED, variant: 'destructive' })
            return
          }
          onSaved?.()
          try {
            const answer = await schedule.mutateAsync({ id: created.id, input: scheduleInput(choice) })
            setOpen(false)
            toast({
              title: 'Post scheduled',
              description: `“${created.title}” is saved as a draft and goes live ${scheduledLabel(answer.post.scheduledAt ?? choice.at, reader)}.`,
            })
          } catch (error) {
            setOpen(false)
            toast({
              title: 'Saved as a draft, not scheduled',
              description: `${(error instanceof ApiError && error.serverMessage) || SCHEDULE_FAILED} Pick a time again here.`,
              variant: 'destructive',
            })
          }
          navigate(`/admin/blog/edit/${created.id}`, { replace: true })
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

/** 'Schedule' beside the form's save or publish button. */
export function ScheduleButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" disabled={disabled} onClick={onClick}>
      <CalendarClockIcon aria-hidden="true" />
      Schedule
    </Button>
  )
}
