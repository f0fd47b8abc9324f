import { CircleAlertIcon, FileClockIcon } from 'lucide-react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { type Reader, scheduledLabel } from '#app/lib/dates.ts'
import type { QuickSlot } from '#app/lib/schedule-time.ts'
import { type ArticleTiming, XPostTimingConflict, xPostTiming } from '#common/contract/schedule.ts'

/**
 * Issue 27's rule for every network: a post promoting an article never goes out before it, so the
 * card shows when it really goes out and the schedule dialog says when the article goes live,
 * offers 'Right after the article', and words the server's refusal on the writer's own clock.
 * `network` is the network's name as the card writes it ('X', 'LinkedIn').
 */

/** 'an X post', 'a LinkedIn post'. */
const aPost = (network: string) => `${network === 'X' ? 'an' : 'a'} ${network} post`

/** 'Right after the article' is offered while the article is a scheduled draft. */
export const canFollowArticle = (article: ArticleTiming) => !article.isPublished && article.scheduledAt !== null

/** The quick slots that are not before the article (the others would be refused). */
export const slotsAfter = (article: ArticleTiming, slots: QuickSlot[]) =>
  article.isPublished || article.scheduledAt === null
    ? slots
    : slots.filter((s) => s.at.getTime() >= new Date(article.scheduledAt as string | Date).getTime())

/** The dialog's description: when the post can go, given its article. */
export function articleNote(article: ArticleTiming, reader: Reader, network: string): string {
  if (article.isPublished) return `It is posted to ${network} at the time you pick.`
  if (article.scheduledAt === null)
    return `Its article is a draft without a publish time, and ${aPost(network)} never links to a draft: schedule or publish the article first.`
  return `Its article goes live ${scheduledLabel(article.scheduledAt, reader)}. The ${network} post goes then or later.`
}

/** The server's refusal about the article's time, said on the writer's clock; null for other errors. */
export function timingRefusal(error: unknown, reader: Reader, network: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = XPostTimingConflict.safeParse(error.body)
  if (!body.success) return null
  if (body.data.articleAt === null) return body.data.error
  return `Its article goes live ${scheduledLabel(body.data.articleAt, reader)}, and ${aPost(network)} never goes out before its article. Pick that time or later, or choose Right after the article.`
}

/** The scheduled line of the card: the moment it really goes out, and why when that is not its own. */
export function ScheduledFor({
  scheduledAt,
  article,
  reader,
}: {
  scheduledAt: string
  article: ArticleTiming
  reader: Reader
}) {
  const { at, waitsFor } = xPostTiming(scheduledAt, article)
  return (
    <>
      for <time dateTime={at.toISOString()}>{scheduledLabel(at, reader)}</time>
      {waitsFor === 'article' && <span className="font-normal text-muted-foreground"> · right after its article</span>}
    </>
  )
}

/** Said under the card when a scheduled post waits for an article that has no publish time. */
export function WaitsForArticle({
  post,
  article,
  subject,
  network,
}: {
  post: { status: string; scheduledAt: string | null }
  article: ArticleTiming
  /** 'this X post', 'this post'. */
  subject: string
  network: string
}) {
  if (post.status !== 'scheduled' || !post.scheduledAt) return null
  if (xPostTiming(post.scheduledAt, article).waitsFor !== 'unscheduled-article') return null
  return (
    <div className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">It waits for its article:</strong> the article is a draft without a publish
        time, so {subject} goes to {network} only once the article is published.
      </p>
    </div>
  )
}

/** 'Right after the article': schedules it at the article's publish time. */
export function AfterArticleButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" className="w-fit" disabled={pending} onClick={onClick}>
      <BusyIcon busy={pending} icon={FileClockIcon} />
      Right after the article
    </Button>
  )
}
