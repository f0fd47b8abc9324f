import {
  ChartColumnIcon,
  ChevronDownIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CopyIcon,
  ExternalLinkIcon,
  Link2Icon,
  MousePointerClickIcon,
  SendIcon,
  Undo2Icon,
} from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { usePostToX, useRefreshClicks, useSetXPostStatus } from '#app/features/xposts/queries.ts'
import { XLogo } from '#app/features/xposts/x-logo.tsx'
import { XPostAnalyticsView } from '#app/features/xposts/x-post-analytics.tsx'
import { clicksLabel } from '#app/features/xposts/x-post-figures.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { copyToClipboard } from '#app/lib/clipboard.ts'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import { type XPost, type XPostStatus, xIntentUrl } from '#common/contract/x-posts.ts'

export const STATUS_FAILED = 'Failed to update status.'
const POST_TO_X_FAILED = 'Could not post to X. Please try again.'

const STATUS_BADGE: Record<XPostStatus, { label: string; variant: 'muted' | 'success' | 'destructive' }> = {
  draft: { label: 'Draft', variant: 'muted' },
  scheduled: { label: 'Scheduled', variant: 'muted' },
  published: { label: 'Published', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** One generated X post: SPEC §2's badge, date, text, clicks, short URL, copy, analytics and status toggle. */
export function XPostItem({ xPost, canPostToX }: { xPost: XPost; canPostToX: boolean }) {
  const [analyticsOpen, setAnalyticsOpen] = useState(false)
  const analyticsId = useId()
  const setStatus = useSetXPostStatus(xPost.blogPostId)
  const postToX = usePostToX(xPost.blogPostId)
  const refreshClicks = useRefreshClicks(xPost.blogPostId, xPost.id)
  const badge = STATUS_BADGE[xPost.status]
  const created = new Date(xPost.publishedAt)
  const createdLabel = Number.isNaN(created.getTime()) ? 'Unknown date' : dateFormat.format(created)
  // SPEC §4: Mark Published when draft, Mark Draft when published. A failed post can be marked
  // published by hand, e.g. after it was shared through 'Share on X'.
  const nextStatus: XPostStatus = xPost.status === 'published' ? 'draft' : 'published'

  const copy = async () => {
    if (await copyToClipboard(xPost.shortUrl)) {
      toast({ title: 'Copied', description: 'The short link is on your clipboard.' })
    } else {
      toast({ title: 'Copy failed', description: `Copy this by hand: ${xPost.shortUrl}`, variant: 'destructive' })
    }
  }

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
    postToX.mutate(xPost.id, {
      onSuccess: () => toast({ title: 'Posted to X', description: 'The post is live on X.' }),
      onError: (error) =>
        toast({
          title: 'Post to X Failed',
          description: (error instanceof ApiError && error.serverMessage) || POST_TO_X_FAILED,
          variant: 'destructive',
        }),
    })

  return (
    <li>
      <article
        aria-label={`X post created ${createdLabel}`}
        className="grid gap-3 rounded-lg border bg-white p-4 shadow-xs transition-shadow hover:shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={badge.variant}>{badge.label}</Badge>
            <time dateTime={xPost.publishedAt} className="text-xs text-muted-foreground">
              {createdLabel}
            </time>
          </div>
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <MousePointerClickIcon className="size-4 text-violet-600" aria-hidden="true" />
            {clicksLabel(xPost.clickCount)}
          </span>
        </div>

        <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800">
          {xPost.rewrittenContent}
        </p>

        <div className="flex items-center gap-2 rounded-md border bg-slate-50 py-1 pr-1 pl-3">
          <Link2Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="sr-only">Short link:</span>
          <code className="w-0 min-w-0 flex-1 truncate font-mono text-sm text-slate-700" title={xPost.shortUrl}>
            {xPost.shortUrl}
          </code>
          <Button variant="ghost" size="sm" className="h-8" onClick={() => void copy()} aria-label="Copy short link">
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </div>

        {xPost.status === 'failed' && xPost.errorMessage && (
          <div className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Post to X failed:</strong> {xPost.errorMessage}
            </p>
          </div>
        )}

        {xPost.tweetUrl && (
          <a
            href={xPost.tweetUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-violet-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <XLogo className="size-3.5" />
            View post on X
            <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}

        <div className="flex flex-wrap items-center gap-2 border-t pt-3">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={analyticsOpen}
            aria-controls={analyticsOpen ? analyticsId : undefined}
            onClick={() => setAnalyticsOpen((open) => !open)}
          >
            <ChartColumnIcon aria-hidden="true" />
            Analytics
            <ChevronDownIcon
              className={cn('transition-transform motion-reduce:transition-none', analyticsOpen && 'rotate-180')}
              aria-hidden="true"
            />
          </Button>
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
            {canPostToX && !xPost.tweetId && (
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

        {analyticsOpen && <XPostAnalyticsView id={analyticsId} xPostId={xPost.id} onRefresh={refreshClicks} />}
      </article>
    </li>
  )
}
