import { BotIcon, CalendarClockIcon, MessageSquareWarningIcon, UserCheckIcon, UserIcon } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { createdExact, createdLabel, isScheduled, type ListedPost } from '#app/features/posts/post-list-rules.ts'
import { formatDate, scheduledLabel, useReader } from '#app/lib/dates.ts'
import { REVIEW_STATE_LABELS } from '#common/contract/review.ts'
import { categoryLabel } from '#common/text-rules.ts'

/** The small featured image beside a title; decorative, since the title says what the post is. */
export function PostThumbnail({ src }: { src: string }) {
  const [broken, setBroken] = useState(false)
  if (broken) return <span aria-hidden="true" className="size-11 shrink-0 rounded-md bg-muted" />
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={44}
      height={44}
      onError={() => setBroken(true)}
      className="size-11 shrink-0 rounded-md border object-cover"
    />
  )
}

/** docs/product.md §2: an AI icon when aiGenerated, else a person icon; the team's name when there is no author. */
export function PostAuthor({ post, defaultAuthor }: { post: ListedPost; defaultAuthor: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      {post.aiGenerated ? (
        <span role="img" aria-label="AI generated" title="AI generated" className="shrink-0 text-pink-700">
          <BotIcon className="size-4" aria-hidden="true" />
        </span>
      ) : (
        <span
          role="img"
          aria-label="Written by a person"
          title="Written by a person"
          className="shrink-0 text-slate-500"
        >
          <UserIcon className="size-4" aria-hidden="true" />
        </span>
      )}
      <span className="truncate text-slate-700">{post.author?.trim() || defaultAuthor}</span>
    </span>
  )
}

export function PostCategory({ category }: { category: string | null }) {
  if (!category) return <span className="text-muted-foreground">—</span>
  return (
    <Badge variant="outline" className="font-medium">
      {categoryLabel(category)}
    </Badge>
  )
}

/**
 * Published, Draft, or (issue 14) Scheduled with the moment it goes live on the admin's clock; a
 * draft in the review queue (issue 28) says so under it.
 */
export function PostStatus({ post }: { post: Pick<ListedPost, 'isPublished' | 'scheduledAt' | 'reviewState'> }) {
  if (post.isPublished) return <Badge variant="success">Published</Badge>
  if (isScheduled(post) && post.scheduledAt) return <ScheduledBadge at={post.scheduledAt} />
  if (!post.reviewState) return <Badge variant="muted">Draft</Badge>
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge variant="muted">Draft</Badge>
      <Badge
        variant="outline"
        className={
          post.reviewState === 'in_review'
            ? 'border-sky-300 bg-sky-50 text-sky-900'
            : 'border-amber-300 bg-amber-50 text-amber-900'
        }
      >
        {post.reviewState === 'in_review' ? (
          <UserCheckIcon aria-hidden="true" />
        ) : (
          <MessageSquareWarningIcon aria-hidden="true" />
        )}
        {REVIEW_STATE_LABELS[post.reviewState]}
      </Badge>
    </span>
  )
}

function ScheduledBadge({ at }: { at: string }) {
  const reader = useReader()
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge variant="secondary">
        <CalendarClockIcon aria-hidden="true" />
        Scheduled
      </Badge>
      <time dateTime={at} title={scheduledLabel(at, reader)} className="text-xs text-muted-foreground">
        {formatDate(at, 'moment', reader)}
      </time>
    </span>
  )
}

/** docs/product.md §2: relative time from publishedAt, else updatedAt; the exact moment in its tooltip. */
export function PostCreated({ post }: { post: ListedPost }) {
  const exact = createdExact(post, useReader())
  if (!exact) return <>{createdLabel(post)}</>
  return (
    <time dateTime={post.publishedAt ?? post.updatedAt} title={exact}>
      {createdLabel(post)}
    </time>
  )
}
