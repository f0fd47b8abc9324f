import { useQueryClient } from '@tanstack/react-query'
import { CalendarClockIcon, CalendarXIcon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { SendAsNewsletter } from '#app/components/newsletter/send-as-newsletter.tsx'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { SCHEDULE_FAILED, scheduleErrors, scheduleInput } from '#app/components/schedule/schedule-new-post.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError, api } from '#app/lib/api-client.ts'
import { scheduledLabel, useReader } from '#app/lib/dates.ts'
import { useNewsletterChanged } from '#app/lib/newsletter-queries.ts'
import { postKeys, useCancelPostSchedule, useSchedulePost } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import type { Post } from '#common/contract/posts.ts'

export const CANCEL_SCHEDULE_FAILED = 'Failed to cancel the schedule. Please try again.'

/**
 * Issue 14 on the edit screen: the dialog to schedule (or reschedule) the saved post, and
 * cancelling its schedule. One dialog serves the Schedule button and the Change action.
 */
export function usePostSchedule(
  post: Post,
  {
    unsavedChanges,
    onSaved,
    newsletter = false,
  }: {
    unsavedChanges: boolean
    onSaved?: (post: Post) => void
    /** Issue 30: offer 'Send as newsletter' in the dialog (the post has none yet, and the person may). */
    newsletter?: boolean
  },
) {
  const reader = useReader()
  const [open, setOpen] = useState(false)
  const [sendNewsletter, setSendNewsletter] = useState(false)
  const newsletterChanged = useNewsletterChanged()
  const [errors, setErrors] = useState<ScheduleErrors>({})
  const schedule = useSchedulePost()
  const cancel = useCancelPostSchedule()

  const submit = (choice: ScheduleChoice) => {
    setErrors({})
    const withNewsletter = newsletter && sendNewsletter
    schedule.mutate(
      { id: post.id, input: { ...scheduleInput(choice), ...(withNewsletter ? { sendNewsletter: true } : {}) } },
      {
        onSuccess: (answer) => {
          onSaved?.(answer.post)
          setOpen(false)
          if (withNewsletter) void newsletterChanged(post.id)
          const n = answer.movedXPosts.length
          const along = n === 0 ? '' : ` ${n === 1 ? 'Its social post' : `Its ${n} social posts`} moved with it.`
          const mailed = withNewsletter ? ' It goes to your subscribers as a newsletter then.' : ''
          toast({
            title: 'Post scheduled',
            description: `“${answer.post.title}” goes live ${scheduledLabel(answer.post.scheduledAt ?? choice.at, reader)}.${along}${mailed}`,
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
      setSendNewsletter(false)
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
      >
        {newsletter && (
          <SendAsNewsletter
            checked={sendNewsletter}
            onCheckedChange={setSendNewsletter}
            hint="Every confirmed subscriber gets this post by email when it goes live."
          />
        )}
      </ScheduleDialog>
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

export const PUBLISH_WITH_NEWSLETTER_FAILED = 'The post was saved as a draft but not published. Please try again.'

/**
 * Issue 30: POST /api/blog/{id}/publish with `sendNewsletter: true`, after the form's save. The
 * server refuses before publishing (mail not set up: its words say how), so a refusal leaves a draft.
 * Resolves with the published post, or null after a refusal (the toast says why).
 */
export function usePublishWithNewsletter(postId: number) {
  const qc = useQueryClient()
  const newsletterChanged = useNewsletterChanged()
  return async (version: number): Promise<Post | null> => {
    try {
      const answer = await api.post<{ post: Post; message: string }>(`/api/blog/${postId}/publish`, {
        version,
        sendNewsletter: true,
      })
      qc.setQueryData(postKeys.detail(postId), answer.post)
      await Promise.all([newsletterChanged(postId), qc.invalidateQueries({ queryKey: postKeys.lists() })])
      toast({
        title: 'Published',
        description: `“${answer.post.title}” is live and on its way to your subscribers as a newsletter.`,
      })
      return answer.post
    } catch (error) {
      toast({
        title: 'Not published',
        description: (error instanceof ApiError && error.serverMessage) || PUBLISH_WITH_NEWSLETTER_FAILED,
        variant: 'destructive',
      })
      return null
    }
  }
}
