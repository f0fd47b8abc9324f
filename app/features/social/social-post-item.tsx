import { CircleAlertIcon, SaveIcon, SendIcon } from 'lucide-react'
import { useId, useState } from 'react'
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
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField } from '#app/components/ui/checkbox-field.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import {
  socialPostAnalyticsOptions,
  useCancelSocialPostSchedule,
  usePublishSocialPost,
  useRefreshSocialClicks,
  useScheduleSocialPost,
  useUpdateSocialPost,
} from '#app/features/social/queries.ts'
import { type Draft, planOf, useChannelRules } from '#app/features/social/social-text.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import { CHANNEL_LABELS } from '#common/channel-names.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'

const n = (value: number) => value.toLocaleString('en-US')
/** Where LinkedIn folds a post behind 'see more' (common/channels.ts CHANNEL_RULES.linkedin.foldAt). */
const LINKEDIN_FOLD = 210

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * One social post on the edit screen: its network and state, its text (editable with the network's
 * live counter until any of it is posted), its short link, Post now / Schedule when the network is
 * connected, and its clicks.
 */
export function SocialPostItem({
  post,
  article,
  connected,
  slots = [],
}: {
  post: SocialPost
  /** Its article's state: a social post never goes out before it (issue 27). */
  article: ArticleTiming
  /** Whether this server can post to the post's network. */
  connected: boolean
  slots?: readonly string[]
}) {
  const network = CHANNEL_LABELS[post.channel]
  const reader = useReader()
  const analyticsId = useId()
  const [analyticsOpen, setAnalyticsOpen] = useState(false)
  const refreshClicks = useRefreshSocialClicks(post.blogPostId, post.id)
  const publish = usePublishSocialPost(post.blogPostId)
  const schedule = useScheduleSocialPost(post.blogPostId)
  const cancelSchedule = useCancelSocialPostSchedule(post.blogPostId)
  const scheduleDialog = useScheduleDialog(network)
  const [draft, setDraft] = useState<Draft>({ text: post.text, asThread: post.asThread, linkAt: post.linkAt })
  const dirty = draft.text !== post.text || draft.asThread !== post.asThread || draft.linkAt !== post.linkAt

  const scheduled = post.status === 'scheduled' && post.scheduledAt !== null
  const editable = post.postedParts === 0 && (post.status === 'draft' || post.status === 'failed')
  const canSend = connected && post.status !== 'published' && !scheduled
  const createdLabel = formatDate(post.createdAt, 'moment', reader)
  const busy = publish.isPending || schedule.isPending

  const postNow = () =>
    publish.mutate(post.id, {
      onSuccess: () => toast({ title: `Posted to ${network}`, description: `The post is live on ${network}.` }),
      onError: (error) =>
        refusedToast(`Post to ${network} failed`, error, `Could not post to ${network}. Please try again.`),
    })

  const scheduleIt = (when: ScheduleWhen) => {
    scheduleDialog.clearErrors()
    schedule.mutate(
      { id: post.id, input: scheduleInput(when) },
      {
        onSuccess: (answer) => scheduleDialog.scheduled(answer.socialPost.scheduledAt, when),
        onError: (error) =>
          scheduleDialog.refused(error, 'Schedule failed', `Could not schedule the ${network} post. Please try again.`),
      },
    )
  }

  const unschedule = () => cancelSchedule.mutate(post.id, cancelScheduleToasts(`The ${network} post`))

  return (
    <li>
      <article
        aria-label={`${network} post created ${createdLabel}`}
        className="grid min-w-0 gap-3 rounded-lg border bg-white p-4 shadow-xs"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Badge variant="outline">{network}</Badge>
            <StatusBadge status={post.status} scheduled={scheduled} />
            <When post={post} article={article} createdLabel={createdLabel} />
          </div>
          <ClicksCount count={post.clickCount} />
        </div>

        {editable ? (
          <SocialPostEditor post={post} draft={draft} onChange={setDraft} dirty={dirty} />
        ) : (
          <PostedText post={post} />
        )}

        {post.remoteUrl && <ViewOnLink href={post.remoteUrl}>View on {network}</ViewOnLink>}

        <ShortLinkRow url={post.shortUrl} />

        {post.status === 'failed' && post.errorMessage && (
          <FailedNotice network={network} message={post.errorMessage} />
        )}
        {scheduled && post.errorMessage && <LastTryNotice message={post.errorMessage} />}
        {post.postedParts > 0 && post.postedParts < post.parts.length && (
          <p className="text-sm text-slate-700">
            {post.postedParts} of {post.parts.length} parts are on {network}: the next try goes on from part{' '}
            {post.postedParts + 1}.
          </p>
        )}
        <WaitsForArticle post={post} article={article} subject="this post" network={network} />

        <div className="flex flex-wrap items-center gap-2 border-t pt-3">
          <AnalyticsToggle
            open={analyticsOpen}
            controls={analyticsId}
            onToggle={() => setAnalyticsOpen((open) => !open)}
          />
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {scheduled && connected && <CancelScheduleButton pending={cancelSchedule.isPending} onClick={unschedule} />}
            {canSend && (
              <ScheduleButton
                disabled={busy || dirty}
                describedBy={dirty ? `${analyticsId}-unsaved` : undefined}
                onClick={scheduleDialog.show}
              />
            )}
            {canSend && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy || dirty}
                aria-describedby={dirty ? `${analyticsId}-unsaved` : undefined}
                onClick={postNow}
              >
                <BusyIcon busy={publish.isPending} icon={SendIcon} />
                {publish.isPending ? 'Posting...' : 'Post now'}
              </Button>
            )}
          </div>
        </div>
        {canSend && dirty && (
          <p id={`${analyticsId}-unsaved`} className="text-right text-xs text-muted-foreground">
            Save your changes before posting or scheduling.
          </p>
        )}

        {analyticsOpen && (
          <ClickAnalyticsView
            id={analyticsId}
            query={socialPostAnalyticsOptions(post.id)}
            subject="this post"
            onRefresh={refreshClicks}
          />
        )}
      </article>
      <PostScheduleDialog
        dialog={scheduleDialog}
        title={`Schedule ${network} post`}
        network={network}
        article={article}
        slots={slots}
        pending={schedule.isPending}
        onSubmit={scheduleIt}
      />
    </li>
  )
}

/** The card's moment: when it was made, when it goes (scheduled), or when it went out. */
function When({ post, article, createdLabel }: { post: SocialPost; article: ArticleTiming; createdLabel: string }) {
  const reader = useReader()
  if (post.status === 'scheduled' && post.scheduledAt) {
    return (
      <span className="text-xs font-medium text-slate-700">
        <ScheduledFor scheduledAt={post.scheduledAt} article={article} reader={reader} />
      </span>
    )
  }
  if (post.postedAt)
    return (
      <span className="text-xs text-muted-foreground">
        posted <time dateTime={post.postedAt}>{formatDate(post.postedAt, 'moment', reader)}</time>
      </span>
    )
  return (
    <time dateTime={post.createdAt} className="text-xs text-muted-foreground">
      {createdLabel}
    </time>
  )
}

/** Once any of it is on the network: the text as it went, part by part for a thread. */
function PostedText({ post }: { post: SocialPost }) {
  if (post.parts.length > 1) return <PartList parts={post.parts} label="Parts of the thread" />
  return <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800">{post.text}</p>
}

function PartList({ parts, label, id }: { parts: string[]; label: string; id?: string }) {
  return (
    <ol id={id} aria-label={label} className="grid gap-2">
      {parts.map((part, i) => (
        // The parts are the text cut in order: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} className="flex gap-2 rounded-md border bg-slate-50 px-3 py-2 text-sm">
          <span className="shrink-0 font-semibold tabular-nums text-slate-500" aria-hidden="true">
            {i + 1}.
          </span>
          <span className="sr-only">Part {i + 1}: </span>
          <span className="min-w-0 leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800">{part}</span>
        </li>
      ))}
    </ol>
  )
}

/** The text with the network's live counter, the thread choices, and Save (PATCH). */
function SocialPostEditor({
  post,
  draft,
  onChange,
  dirty,
}: {
  post: SocialPost
  draft: Draft
  onChange: (draft: Draft) => void
  dirty: boolean
}) {
  const network = CHANNEL_LABELS[post.channel]
  const channels = useChannelRules()
  const update = useUpdateSocialPost(post.blogPostId)
  const [errors, setErrors] = useState<{ text?: string; asThread?: string }>({})
  const id = useId()
  const ids = {
    text: `${id}-text`,
    counter: `${id}-counter`,
    error: `${id}-error`,
    hook: `${id}-hook`,
    thread: `${id}-thread`,
    parts: `${id}-parts`,
  }
  const threads = channels ? channels.CHANNEL_RULES[post.channel].threads : post.channel !== 'linkedin'
  // The browser's count once the rules are loaded; the server's until then.
  const plan = channels ? planOf(channels, post.channel, draft, post.shortUrl) : post
  const over = plan.used > plan.limit
  const hookLength = post.channel === 'linkedin' ? Array.from(draft.text.trim().split(/\n\s*\n/)[0] ?? '').length : 0
  const hookLong = hookLength > LINKEDIN_FOLD

  const save = () => {
    if (update.isPending) return
    setErrors({})
    const input = threads ? { text: draft.text, asThread: draft.asThread, linkAt: draft.linkAt } : { text: draft.text }
    update.mutate(
      { id: post.id, input },
      {
        onSuccess: () => toast({ title: 'Saved', description: `The ${network} post is saved.` }),
        onError: (error) => {
          const fields = error instanceof ApiError && error.status === 400 ? error.fields : {}
          if (fields.text || fields.asThread) return setErrors({ text: fields.text, asThread: fields.asThread })
          refusedToast('Save failed', error, `Could not save the ${network} post. Please try again.`)
        },
      },
    )
  }

  const describedBy = [ids.counter, errors.text && ids.error, hookLong && ids.hook].filter(Boolean).join(' ')

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={ids.text}>Text of the {network} post</Label>
        <Textarea
          id={ids.text}
          value={draft.text}
          onChange={(e) => {
            onChange({ ...draft, text: e.target.value })
            if (errors.text) setErrors((current) => ({ ...current, text: undefined }))
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              save()
            }
          }}
          rows={post.channel === 'linkedin' ? 8 : 5}
          aria-invalid={errors.text || over ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-28 resize-y"
        />
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-xs">
          <span className="text-muted-foreground">{dirty ? 'Unsaved changes' : 'Saved'}</span>
          <span
            id={ids.counter}
            className={cn('ml-auto font-medium tabular-nums', over ? 'text-red-700' : 'text-muted-foreground')}
          >
            {threads && draft.asThread && plan.parts.length > 1 && 'Longest part: '}
            {n(plan.used)} / {n(plan.limit)}
            <span className="sr-only"> characters as {network} counts them, link included</span>
            {over && <span> · {n(plan.used - plan.limit)} over</span>}
          </span>
        </div>
        {errors.text && (
          <p id={ids.error} className="flex items-start gap-1.5 text-sm text-red-700">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{errors.text}</span>
          </p>
        )}
        {hookLong && (
          <p id={ids.hook} className="text-sm text-amber-800">
            The first paragraph has {n(hookLength)} characters; {network} shows the first {LINKEDIN_FOLD} before 'see
            more'. Put the hook in a short first paragraph.
          </p>
        )}
      </div>

      {threads && (
        <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
          <CheckboxField
            id={ids.thread}
            label="Post as a thread"
            checked={draft.asThread}
            onChange={(asThread) => onChange({ ...draft, asThread })}
            description={errors.asThread}
            invalid={Boolean(errors.asThread)}
          />
          {draft.asThread && (
            <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <legend className="sr-only">Link in</legend>
              <span className="text-sm text-slate-700" aria-hidden="true">
                Link in
              </span>
              {(['first', 'last'] as const).map((at) => (
                <label key={at} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${id}-link-at`}
                    value={at}
                    checked={draft.linkAt === at}
                    onChange={() => onChange({ ...draft, linkAt: at })}
                    className={cn('size-4 accent-violet-700', focusRing)}
                  />
                  {at === 'first' ? 'the first part' : 'the last part'}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}

      {threads && draft.asThread && plan.parts.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium text-slate-800" id={`${ids.parts}-heading`}>
            {plan.parts.length === 1 ? 'It fits in one post' : `${plan.parts.length} parts, as they will go out`}
          </p>
          {plan.parts.length > 1 && <PartList id={ids.parts} parts={plan.parts} label="Parts of the thread" />}
        </div>
      )}

      <div>
        <Button size="sm" disabled={update.isPending || !dirty} onClick={save}>
          <BusyIcon busy={update.isPending} icon={SaveIcon} />
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  )
}
