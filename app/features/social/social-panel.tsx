import { useQuery } from '@tanstack/react-query'
import { LayersIcon, Share2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { GenerateForm } from '#app/components/promotion/generate-form.tsx'
import { PromotedPostList } from '#app/components/promotion/post-list.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
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
        <GenerateEveryNetwork blogPostId={blogPostId} />
        <SocialPosts blogPostId={blogPostId} article={article} />
      </div>
    </SectionCard>
  )
}

/** Issue 29: one post for each of the four networks at once, each written for its network. */
function GenerateEveryNetwork({ blogPostId }: { blogPostId: number }) {
  const generate = useGenerateSocialPost(blogPostId)
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    const made: string[] = []
    try {
      for (const channel of NETWORKS) {
        await generate.mutateAsync({ channel, customContent: '' })
        made.push(CHANNEL_LABELS[channel])
      }
      toast({
        title: 'Four posts created',
        description: 'One for LinkedIn, Bluesky, Mastodon and Threads: edit each below.',
      })
    } catch {
      toast({
        title: 'Error',
        description: made.length
          ? `Created for ${made.join(', ')}; the others failed. Please try again.`
          : 'Failed to create the posts. Please try again.',
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t pt-4">
      <Button type="button" variant="outline" disabled={busy} onClick={() => void run()}>
        <BusyIcon busy={busy} icon={LayersIcon} />
        {busy ? 'Generating for every network...' : 'Generate for every network'}
      </Button>
      <span className="text-xs text-muted-foreground">LinkedIn, Bluesky, Mastodon and Threads, one post each.</span>
    </div>
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
  const connected = (channel: Channel) =>
    capabilities.data?.channels.find((c) => c.channel === channel)?.connected === true
  const unconnected = capabilities.data
    ? NETWORKS.filter((channel) => !connected(channel) && list.data?.some((p) => p.channel === channel))
    : []

  return (
    <PromotedPostList
      title="Posts"
      list={list}
      loadingText="Loading the posts for other networks…"
      errorText="Could not load the posts of this article for other networks."
      empty={{
        icon: <Share2Icon />,
        title: 'No posts for other networks yet',
        text: 'Pick a network and press Generate to write a post for it from this article, with a short link that counts its clicks.',
      }}
    >
      {(posts, headingId) => (
        <>
          <ul aria-labelledby={headingId} className="grid gap-3">
            {posts.map((post) => (
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
    </PromotedPostList>
  )
}
