import { useQuery } from '@tanstack/react-query'
import { CircleAlertIcon, RefreshCwIcon, Share2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { GenerateForm } from '#app/components/promotion/generate-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import {
  socialCapabilitiesOptions,
  socialPostListOptions,
  useGenerateSocialPost,
} from '#app/features/social/queries.ts'
import { SocialPostItem } from '#app/features/social/social-post-item.tsx'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import { CHANNEL_LABELS, type Channel } from '#common/channel-names.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'

/** The panel's anchor: /admin/blog/edit/{postId}#social-posts. */
export const SOCIAL_PANEL_ID = 'social-posts'

type OtherChannel = Exclude<Channel, 'x'>
const NETWORKS: OtherChannel[] = ['linkedin', 'bluesky', 'mastodon', 'threads']

/** The settings that connect each network on the server (docs/decisions/058-social-posts.md). */
const SETTINGS: Record<OtherChannel, string> = {
  linkedin: 'LINKEDIN_ACCESS_TOKEN and LINKEDIN_ORGANIZATION_ID',
  bluesky: 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD',
  mastodon: 'MASTODON_URL and MASTODON_ACCESS_TOKEN',
  threads: 'THREADS_USER_ID and THREADS_ACCESS_TOKEN',
}

/**
 * Issue 29: the article's posts on LinkedIn, Bluesky, Mastodon and Threads, beside the X panel.
 * Mounted by the edit route inside the edit form, so it has no <form> of its own.
 */
export function SocialPanel({ blogPostId, article }: { blogPostId: number; article: ArticleTiming }) {
  return (
    <SectionCard
      id={SOCIAL_PANEL_ID}
      headingId={useId()}
      title="Other networks"
      description="Promote this article on LinkedIn, Bluesky, Mastodon and Threads with a tracked link each."
      icon={<Share2Icon />}
    >
      <div className="grid gap-6">
        <GenerateSocialPost blogPostId={blogPostId} />
        <SocialPosts blogPostId={blogPostId} article={article} />
      </div>
    </SectionCard>
  )
}

function GenerateSocialPost({ blogPostId }: { blogPostId: number }) {
  const [channel, setChannel] = useState<OtherChannel>('linkedin')
  const generate = useGenerateSocialPost(blogPostId)
  const groupName = useId()
  const network = CHANNEL_LABELS[channel]

  return (
    <GenerateForm
      hint="Each network gets a post written for it, with its own short link."
      label={`Generate ${network} post`}
      pendingLabel={`Generating ${network} post...`}
      pending={generate.isPending}
      onGenerate={(customContent, clear) =>
        generate.mutate(
          { channel, customContent },
          {
            onSuccess: () => {
              clear()
              toast({ title: `${network} post created`, description: 'Edit it below, then post or schedule it.' })
            },
            onError: () =>
              toast({
                title: 'Error',
                description: `Failed to create the ${network} post. Please try again.`,
                variant: 'destructive',
              }),
          },
        )
      }
    >
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">Network</legend>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {NETWORKS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium text-slate-800 has-checked:border-violet-600 has-checked:bg-violet-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                generate.isPending && 'cursor-not-allowed opacity-70',
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={value}
                checked={channel === value}
                disabled={generate.isPending}
                onChange={() => setChannel(value)}
                className="size-4 accent-violet-700 focus-visible:outline-none"
              />
              {CHANNEL_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
    </GenerateForm>
  )
}

function SocialPosts({ blogPostId, article }: { blogPostId: number; article: ArticleTiming }) {
  const list = useQuery(socialPostListOptions(blogPostId))
  const capabilities = useQuery(socialCapabilitiesOptions())
  const headingId = useId()
  const connected = (channel: Channel) =>
    capabilities.data?.channels.find((c) => c.channel === channel)?.connected === true
  const unconnected = capabilities.data
    ? NETWORKS.filter((channel) => !connected(channel) && list.data?.some((p) => p.channel === channel))
    : []

  return (
    <div className="grid gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        Posts{list.data ? ` (${list.data.length})` : ''}
      </h3>
      {list.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the posts for other networks…</span>
          {[0, 1].map((i) => (
            <div key={i} className="grid gap-3 rounded-lg border p-4">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
          <p className="flex-1">Could not load the posts of this article for other networks.</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
          <span
            className="flex size-10 items-center justify-center rounded-full bg-violet-50 text-violet-700"
            aria-hidden="true"
          >
            <Share2Icon className="size-5" />
          </span>
          <p className="text-sm font-medium text-slate-800">No posts for other networks yet</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Pick a network and press Generate to write a post for it from this article, with a short link that counts
            its clicks.
          </p>
        </div>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="grid gap-3">
            {list.data.map((post) => (
              <SocialPostItem
                key={post.id}
                post={post}
                article={article}
                connected={connected(post.channel)}
                slots={capabilities.data?.slots}
              />
            ))}
          </ul>
          {unconnected.map((channel) => (
            <p key={channel} className="text-sm break-words text-muted-foreground">
              Posting to {CHANNEL_LABELS[channel]} is not connected: set {SETTINGS[channel]} on the server, or connect
              it under{' '}
              <Link
                to="/admin/channels"
                className="rounded-sm font-medium text-violet-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                Channels
              </Link>
              .
            </p>
          ))}
        </>
      )}
    </div>
  )
}
