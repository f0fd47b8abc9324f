import { useState } from 'react'
import {
  AfterArticleButton,
  articleNote,
  canFollowArticle,
  slotsAfter,
  timingRefusal,
} from '#app/components/promotion/article-timing.tsx'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { scheduledLabel, useReader } from '#app/lib/dates.ts'
import { nextSlots } from '#app/lib/schedule-time.ts'
import { toast } from '#app/lib/toast.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'

/** What the writer picked: a moment, or 'Right after the article'. */
export type ScheduleWhen = ScheduleChoice | 'after-article'

/** The body of POST …/schedule for a choice. */
export const scheduleInput = (when: ScheduleWhen): { afterArticle: true } | { at: string } =>
  when === 'after-article' ? { afterArticle: true } : { at: when.at.toISOString() }

/** The sentence the server sent with a refusal, if any. */
export const serverSentence = (error: unknown) => (error instanceof ApiError && error.serverMessage) || null

/** A refused action's toast on a promoted post's card: the server's sentence, or `fallback`. */
export const refusedToast = (title: string, error: unknown, fallback: string) =>
  toast({ title, description: serverSentence(error) || fallback, variant: 'destructive' })

/** What 'Cancel schedule' on a promoted post's card says: `subject` is a draft again, or why not. */
export const cancelScheduleToasts = (subject: string) => ({
  onSuccess: () => toast({ title: 'Schedule cancelled', description: `${subject} is a draft again.` }),
  onError: (error: unknown) => refusedToast('Error', error, 'Could not cancel the schedule. Please try again.'),
})

/** The schedule dialog's state on a promoted post's card, and what its answers do. */
export function useScheduleDialog(network: string) {
  const reader = useReader()
  const [open, setOpen] = useState(false)
  const [errors, setErrors] = useState<ScheduleErrors>({})
  return {
    open,
    setOpen,
    errors,
    show: () => {
      setErrors({})
      setOpen(true)
    },
    clearErrors: () => setErrors({}),
    /** It worked: the dialog closes and a toast says when it goes. */
    scheduled: (at: string | Date | null, when: ScheduleWhen) => {
      setOpen(false)
      toast({
        title: `${network} post scheduled`,
        description: at
          ? `It goes to ${network} ${scheduledLabel(at, reader)}${when === 'after-article' ? ', right after its article' : ''}.`
          : `It goes to ${network} right after its article.`,
      })
    },
    /**
     * Refused. Before its article (issue 27) or a bad time: said under the time, on the writer's
     * clock, and the dialog stays; anything else closes it with a toast.
     */
    refused: (error: unknown, title: string, fallback: string) => {
      const refusal = timingRefusal(error, reader, network)
      if (refusal) return setErrors({ at: refusal })
      const atError = error instanceof ApiError ? error.fields.at : undefined
      setErrors({ at: atError })
      if (!atError) setOpen(false)
      refusedToast(title, error, fallback)
    },
  }
}

/** The schedule dialog of a promoted post: the article's timing, the quick slots after it, 'Right after the article'. */
export function PostScheduleDialog({
  dialog,
  title,
  network,
  article,
  slots,
  pending,
  onSubmit,
  children,
}: {
  dialog: ReturnType<typeof useScheduleDialog>
  title: string
  network: string
  article: ArticleTiming
  /** The configured posting times ('HH:MM' on the admin's clock). */
  slots: readonly string[]
  pending: boolean
  onSubmit: (when: ScheduleWhen) => void
  children?: React.ReactNode
}) {
  const reader = useReader()
  return (
    <ScheduleDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title={title}
      description={articleNote(article, reader, network)}
      slots={dialog.open ? slotsAfter(article, nextSlots(slots, new Date(), reader.zone)) : []}
      pending={pending}
      errors={dialog.errors}
      onSubmit={onSubmit}
    >
      {canFollowArticle(article) && <AfterArticleButton pending={pending} onClick={() => onSubmit('after-article')} />}
      {children}
    </ScheduleDialog>
  )
}
