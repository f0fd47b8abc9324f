import { CircleCheckIcon, SendIcon, Undo2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { XLogo } from '#app/components/brand/x-logo.tsx'
import { ScheduledFor, WaitsForArticle } from '#app/components/promotion/article-timing.tsx'
import { ClickAnalyticsView } from '#app/components/promotion/click-analytics.tsx'
import {
  AnalyticsToggle,
  CancelScheduleButton,
  ClicksCount,
  FailedNotice,
  LastTryNotice,
  ScheduleButton,
  ShortLinkRow,
  StatusBadge,
  ViewOnLink,
} from '#app/components/promotion/post-card-parts.tsx'
import {
  cancelScheduleToasts,
  PostScheduleDialog,
  refusedToast,
  type ScheduleWhen,
  scheduleInput,
  useScheduleDialog,
} from '#app/components/promotion/schedule-post.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { CheckboxField } from '#app/components/ui/checkbox-field.tsx'
import {
  useCancelXPostSchedule,
  usePostToX,
  useRefreshClicks,
  useScheduleXPost,
  useSetXPostStatus,
  xPostAnalyticsOptions,
} from '#app/features/xposts/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'
import { type XPost, type XPostStatus, xIntentUrl } from '#common/contract/x-posts.ts'

export const STATUS_FAILED = 'Failed to update status.'
const POST_TO_X_FAILED = 'Could not post to X. Please try again.'
const SCHEDULE_FAILED = 'Could not schedule the X post. Please try again.'

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
  const scheduleDialog = useScheduleDialog('X')
  const scheduled = xPost.status === 'scheduled' && xPost.scheduledAt !== null
  const canSend = canPostToX && !xPost.tweetId && !scheduled
  const refreshClicks = useRefreshClicks(xPost.blogPostId, xPost.id)
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
        onError: (error) => refusedToast('Post to X Failed', error, POST_TO_X_FAILED),
      },
    )

  const scheduleOnX = (when: ScheduleWhen) => {
    scheduleDialog.clearErrors()
    schedule.mutate(
      { id: xPost.id, input: { ...scheduleInput(when), linkInReply } },
      {
        onSuccess: (answer) =>
          scheduleDialog.scheduled(answer.xPost.scheduledAt ?? (when === 'after-article' ? null : when.at), when),
        onError: (error) => scheduleDialog.refused(error, 'Schedule Failed', SCHEDULE_FAILED),
      },
    )
  }

  const unschedule = () => cancelSchedule.mutate(xPost.id, cancelScheduleToasts('The X post'))

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
            <StatusBadge status={xPost.status} scheduled={scheduled} />
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
          <ClicksCount count={xPost.clickCount} />
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
            {scheduled && <CancelScheduleButton pending={cancelSchedule.isPending} onClick={unschedule} />}
            {canSend && (
              <ScheduleButton disabled={postToX.isPending || schedule.isPending} onClick={scheduleDialog.show} />
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
      <PostScheduleDialog
        dialog={scheduleDialog}
        title="Schedule X post"
        network="X"
        article={article}
        slots={slots}
        pending={schedule.isPending}
        onSubmit={scheduleOnX}
      >
        <ThreadCheckbox
          id={`${threadId}-dialog`}
          checked={linkInReply}
          onChange={setLinkInReply}
          disabled={schedule.isPending}
        />
      </PostScheduleDialog>
    </li>
  )
}

/** 'Share a thread' (issue 14): the post goes without the link, and a first reply carries it. */
function ThreadCheckbox(props: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <CheckboxField {...props} label="Share a thread" description="Put the link in a first reply instead of the post" />
  )
}
