import {
  CalendarClockIcon,
  CalendarXIcon,
  CircleCheckIcon,
  MousePointerClickIcon,
  SendIcon,
  Undo2Icon,
} from 'lucide-react'
import { useId, useState } from 'react'
import { XLogo } from '#app/components/brand/x-logo.tsx'
import {
  AfterArticleButton,
  articleNote,
  canFollowArticle,
  ScheduledFor,
  slotsAfter,
  timingRefusal,
  WaitsForArticle,
} from '#app/components/promotion/article-timing.tsx'
import { ClickAnalyticsView } from '#app/components/promotion/click-analytics.tsx'
import { clicksLabel } from '#app/components/promotion/click-figures.ts'
import {
  AnalyticsToggle,
  FailedNotice,
  LastTryNotice,
  ShortLinkRow,
  ViewOnLink,
} from '#app/components/promotion/post-card-parts.tsx'
import { type ScheduleChoice, ScheduleDialog, type ScheduleErrors } from '#app/components/schedule/schedule-dialog.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import {
  useCancelXPostSchedule,
  usePostToX,
  useRefreshClicks,
  useScheduleXPost,
  useSetXPostStatus,
  xPostAnalyticsOptions,
} from '#app/features/xposts/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, scheduledLabel, useReader } from '#app/lib/dates.ts'
import { nextSlots } from '#app/lib/schedule-time.ts'
import { toast } from '#app/lib/toast.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'
import { type XPost, type XPostStatus, xIntentUrl } from '#common/contract/x-posts.ts'

export const STATUS_FAILED = 'Failed to update status.'
const POST_TO_X_FAILED = 'Could not post to X. Please try again.'
const SCHEDULE_FAILED = 'Could not schedule the X post. Please try again.'
const CANCEL_SCHEDULE_FAILED = 'Could not cancel the schedule. Please try again.'
const serverSentence = (error: unknown) => (error instanceof ApiError && error.serverMessage) || null

const STATUS_BADGE: Record<XPostStatus, { label: string; variant: 'muted' | 'success' | 'destructive' }> = {
  draft: { label: 'Draft', variant: 'muted' },
  scheduled: { label: 'Scheduled', variant: 'muted' },
  published: { label: 'Published', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
}

/**
 * One generated X post: docs/product.md §2's badge, date, text, clicks, short URL, copy, analytics and status
 * toggle; with X credentials, Post to X and (issue 14) Schedule, both with 'Share a thread'.
 */
export function XPostItem({
  xPost,
  article,
  canPostToX,
  slots = [],
}: {
  xPost: XPost
  /** Its article's state: an X post never goes out before it (issue 27). */
  article: ArticleTiming
  canPostToX: boolean
  /** The configured posting times ('HH:MM' on the admin's clock) offered as quick slots. */
  slots?: readonly string[]
}) {
  const [analyticsOpen, setAnalyticsOpen] = useState(false)
  const analyticsId = useId()
  const threadId = useId()
  const reader = useReader()
  const setStatus = useSetXPostStatus(xPost.blogPostId)
  const postToX = usePostToX(xPost.blogPostId)
  const schedule = useScheduleXPost(xPost.blogPostId)
  const cancelSchedule = useCancelXPostSchedule(xPost.blogPostId)
  const [linkInReply, setLinkInReply] = useState(xPost.linkInReply)
  const [scheduleOpen, setScheduleOpen] = useState(false)
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({})
  const scheduled = xPost.status === 'scheduled' && xPost.scheduledAt !== null
  const canSend = canPostToX && !xPost.tweetId && !scheduled
  const refreshClicks = useRefreshClicks(xPost.blogPostId, xPost.id)
  const badge = STATUS_BADGE[xPost.status]
  const createdLabel = formatDate(xPost.publishedAt, 'moment', reader)
  // docs/product.md §4: Mark Published when draft, Mark Draft when published. A failed post can be marked
  // published by hand, e.g. after it was shared through 'Share on X'.
  const nextStatus: XPostStatus = xPost.status === 'published' ? 'draft' : 'published'

  const changeStatus = () =>
    setStatus.mutate(
      { id: xPost.id, status: nextStatus },
      {
        onSuccess: () =>
          toast({
            title: 'Status Updated',
            description:
              nextStatus === 'published' ? 'The X post is marked as published.' : 'The X post is a draft again.',
          }),
        onError: () => toast({ title: 'Error', description: STATUS_FAILED, variant: 'destructive' }),
      },
    )

  const publishOnX = () =>
    postToX.mutate(
      { id: xPost.id, linkInReply },
      {
        onSuccess: () => toast({ title: 'Posted to X', description: 'The post is live on X.' }),
        onError: (error) =>
          toast({
            title: 'Post to X Failed',
            description: serverSentence(error) || POST_TO_X_FAILED,
            variant: 'destructive',
          }),
      },
    )

  const scheduleOnX = (when: ScheduleChoice | 'after-article') => {
    setScheduleErrors({})
    const input = when === 'after-article' ? { afterArticle: true } : { at: when.at.toISOString() }
    schedule.mutate(
      { id: xPost.id, input: { ...input, linkInReply } },
      {
        onSuccess: (answer) => {
          setScheduleOpen(false)
          const at = answer.xPost.scheduledAt ?? (when === 'after-article' ? null : when.at)
          toast({
            title: 'X post scheduled',
            description: at
              ? `It goes to X ${scheduledLabel(at, reader)}${when === 'after-article' ? ', right after its article' : ''}.`
              : 'It goes to X right after its article.',
          })
        },
        onError: (error) => {
          // Before its article (issue 27): said under the time, on the writer's clock; the dialog stays.
          const refusal = timingRefusal(error, reader, 'X')
          if (refusal) return setScheduleErrors({ at: refusal })
          const atError = error instanceof ApiError ? error.fields.at : undefined
          setScheduleErrors({ at: atError })
          if (!atError) setScheduleOpen(false)
          toast({
            title: 'Schedule Failed',
            description: serverSentence(error) || SCHEDULE_FAILED,
            variant: 'destructive',
          })
        },
      },
    )
  }

  const unschedule = () =>
    cancelSchedule.mutate(xPost.id, {
      onSuccess: () => toast({ title: 'Schedule cancelled', description: 'The X post is a draft again.' }),
      onError: (error) =>
        toast({ title: 'Error', description: serverSentence(error) || CANCEL_SCHEDULE_FAILED, variant: 'destructive' }),
    })

  const threadBox = (
    <ThreadCheckbox id={threadId} checked={linkInReply} onChange={setLinkInReply} disabled={postToX.isPending} />
  )

  return (
    <li>
      <article
        aria-label={`X post created ${createdLabel}`}
        className="grid gap-3 rounded-lg border bg-white p-4 shadow-xs transition-shadow hover:shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={badge.variant}>
              {scheduled && <CalendarClockIcon aria-hidden="true" />}
              {badge.label}
            </Badge>
            {scheduled && xPost.scheduledAt ? (
              <span className="text-xs font-medium text-slate-700">
                <ScheduledFor scheduledAt={xPost.scheduledAt} article={article} reader={reader} />
                {xPost.linkInReply && (
                  <span className="font-normal text-muted-foreground"> · link in a first reply</span>
                )}
              </span>
            ) : (
              <time dateTime={xPost.publishedAt} className="text-xs text-muted-foreground">
                {createdLabel}
              </time>
            )}
          </div>
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <MousePointerClickIcon className="size-4 text-violet-600" aria-hidden="true" />
            {clicksLabel(xPost.clickCount)}
          </span>
        </div>

        <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800">
          {xPost.rewrittenContent}
        </p>

        <ShortLinkRow url={xPost.shortUrl} />

        {xPost.status === 'failed' && xPost.errorMessage && <FailedNotice network="X" message={xPost.errorMessage} />}

        <WaitsForArticle post={xPost} article={article} subject="this X post" network="X" />

        {scheduled && xPost.errorMessage && <LastTryNotice message={xPost.errorMessage} />}

        {xPost.tweetUrl && (
          <ViewOnLink href={xPost.tweetUrl}>
            <XLogo className="size-3.5" />
            View post on X
          </ViewOnLink>
        )}

        <div className="flex flex-wrap items-center gap-2 border-t pt-3">
          <AnalyticsToggle
            open={analyticsOpen}
            controls={analyticsId}
            onToggle={() => setAnalyticsOpen((open) => !open)}
          />
          <a
            href={xIntentUrl(xPost)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <XLogo />
            Share on X<span className="sr-only">(opens in a new tab)</span>
          </a>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {scheduled && (
              <Button variant="outline" size="sm" disabled={cancelSchedule.isPending} onClick={unschedule}>
                <BusyIcon busy={cancelSchedule.isPending} icon={CalendarXIcon} />
                {cancelSchedule.isPending ? 'Cancelling...' : 'Cancel schedule'}
              </Button>
            )}
            {canSend && (
              <Button
                variant="outline"
                size="sm"
                disabled={postToX.isPending || schedule.isPending}
                onClick={() => {
                  setScheduleErrors({})
                  setScheduleOpen(true)
                }}
              >
                <CalendarClockIcon aria-hidden="true" />
                Schedule
              </Button>
            )}
            {canSend && (
              <Button variant="secondary" size="sm" disabled={postToX.isPending} onClick={publishOnX}>
                <BusyIcon busy={postToX.isPending} icon={SendIcon} />
                {postToX.isPending ? 'Posting to X...' : 'Post to X'}
              </Button>
            )}
            <Button
              size="sm"
              variant={nextStatus === 'published' ? 'default' : 'outline'}
              disabled={setStatus.isPending}
              onClick={changeStatus}
            >
              <BusyIcon busy={setStatus.isPending} icon={nextStatus === 'published' ? CircleCheckIcon : Undo2Icon} />
              {nextStatus === 'published' ? 'Mark Published' : 'Mark Draft'}
            </Button>
          </div>
        </div>

        {canSend && <div className="flex justify-end">{threadBox}</div>}

        {analyticsOpen && (
          <ClickAnalyticsView
            id={analyticsId}
            query={xPostAnalyticsOptions(xPost.id)}
            subject="this X post"
            onRefresh={refreshClicks}
          />
        )}
      </article>
      <ScheduleDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        title="Schedule X post"
        description={articleNote(article, reader, 'X')}
        slots={scheduleOpen ? slotsAfter(article, nextSlots(slots, new Date(), reader.zone)) : []}
        pending={schedule.isPending}
        errors={scheduleErrors}
        onSubmit={scheduleOnX}
      >
        {canFollowArticle(article) && (
          <AfterArticleButton pending={schedule.isPending} onClick={() => scheduleOnX('after-article')} />
        )}
        <ThreadCheckbox
          id={`${threadId}-dialog`}
          checked={linkInReply}
          onChange={setLinkInReply}
          disabled={schedule.isPending}
        />
      </ScheduleDialog>
    </li>
  )
}

/** 'Share a thread' (issue 14): the post goes without the link, and a first reply carries it. */
function ThreadCheckbox({
  id,
  checked,
  onChange,
  disabled,
}: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Share a thread
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Put the link in a first reply instead of the post
        </p>
      </div>
    </div>
  )
}
