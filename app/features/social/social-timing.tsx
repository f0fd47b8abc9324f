import { FileClockIcon } from 'lucide-react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { type Reader, scheduledLabel } from '#app/lib/dates.ts'
import type { QuickSlot } from '#app/lib/schedule-time.ts'
import { type ArticleTiming, XPostTimingConflict } from '#common/contract/schedule.ts'

/**
 * Issue 27's rule for every network: a social post never goes out before its article. The same
 * wording as the X card's (features/xposts/x-post-timing.tsx, which a feature may not import),
 * with the network's name.
 */

/** 'Right after the article' is offered while the article is a scheduled draft. */
export const canFollowArticle = (article: ArticleTiming) => !article.isPublished && article.scheduledAt !== null

/** The quick slots that are not before the article (the others would be refused). */
export const slotsAfter = (article: ArticleTiming, slots: QuickSlot[]) =>
  article.isPublished || article.scheduledAt === null
    ? slots
    : slots.filter((s) => s.at.getTime() >= new Date(article.scheduledAt as string | Date).getTime())

/** The schedule dialog's description: when the post can go, given its article. */
export function articleNote(article: ArticleTiming, reader: Reader, network: string): string {
  if (article.isPublished) return `It is posted to ${network} at the time you pick.`
  if (article.scheduledAt === null)
    return `Its article is a draft without a publish time, and a ${network} post never links to a draft: schedule or publish the article first.`
  return `Its article goes live ${scheduledLabel(article.scheduledAt, reader)}. The ${network} post goes then or later.`
}

/** The server's refusal about the article's time, said on the writer's clock; null for other errors. */
export function timingRefusal(error: unknown, reader: Reader, network: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = XPostTimingConflict.safeParse(error.body)
  if (!body.success) return null
  if (body.data.articleAt === null) return body.data.error
  return `Its article goes live ${scheduledLabel(body.data.articleAt, reader)}, and a ${network} post never goes out before its article. Pick that time or later, or choose Right after the article.`
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
