import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LayersIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { ChannelMark } from '#app/components/brand/channel-mark.tsx'
import { type PostListState, PromotedPostList } from '#app/components/promotion/post-list.tsx'
import { GenerateButton, type PromoteRowProps, type Prompt } from '#app/components/promotion/promote-panel.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  socialCapabilitiesOptions,
  socialPostListOptions,
  useGenerateSocialPost,
} from '#app/features/social/queries.ts'
import { SocialPostItem } from '#app/features/social/social-post-item.tsx'
import { scrollToSectionAndHold } from '#app/lib/scroll-to-section.ts'
import { toast } from '#app/lib/toast.ts'
import { CHANNEL_LABELS, CHANNELS, type Channel } from '#common/channel-names.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'

type OtherChannel = Exclude<Channel, 'x'>
const NETWORKS = CHANNELS.filter((c): c is OtherChannel => c !== 'x')

/** A network's row anchor: the calendar links a LinkedIn post to /admin/blog/edit/{postId}#linkedin-posts. */
export const channelRowId = (channel: Channel) => `${channel}-posts`

/** The settings that connect each network on the server (docs/decisions/058-social-posts.md). */
const SETTINGS: Record<OtherChannel, string> = {
  linkedin: 'LINKEDIN_ACCESS_TOKEN and LINKEDIN_ORGANIZATION_ID',
  bluesky: 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD',
  mastodon: 'MASTODON_URL and MASTODON_ACCESS_TOKEN',
  threads: 'THREADS_USER_ID and THREADS_ACCESS_TOKEN',
}

const EVERY_NETWORK = 'X, LinkedIn, Bluesky, Mastodon and Threads'

/**
 * Issue 29: one post for each of the five networks at once, each written for its network (X's
 * through the same generator as 'Generate X Post'). One at a time, so a failure names what exists.
 */
export function GenerateEveryNetwork({ blogPostId, prompt }: { blogPostId: number; prompt: Prompt }) {
  const generate = useGenerateSocialPost(blogPostId)
  const qc = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    const made: string[] = []
    try {
      for (const channel of CHANNELS) {
        await generate.mutateAsync({ channel, customContent: prompt.customContent })
        made.push(CHANNEL_LABELS[channel])
      }
      prompt.clear()
      toast({ title: 'Five posts created', description: `One for ${EVERY_NETWORK}: edit each below.` })
    } catch {
      toast({
        title: 'Error',
        description: made.length
          ? `Created for ${made.join(', ')}; the others failed. Please try again.`
          : 'Failed to create the posts. Please try again.',
        variant: 'destructive',
      })
    } finally {
      // X's row keeps its own list (features/xposts keys it 'x-posts').
      if (made.includes(CHANNEL_LABELS.x)) void qc.invalidateQueries({ queryKey: ['x-posts'] })
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button type="button" variant="gradient" disabled={busy} onClick={() => void run()}>
        <BusyIcon busy={busy} icon={LayersIcon} />
        {busy ? 'Generating for every network...' : 'Generate for every network'}
      </Button>
      <span className="text-xs text-muted-foreground">{EVERY_NETWORK}, one post each.</span>
    </div>
  )
}

/** Issue 29: the rows of LinkedIn, Bluesky, Mastodon and Threads in the Promote panel, after X's. */
export function SocialPanel({ blogPostId, article, prompt }: PromoteRowProps) {
  const list = useQuery(socialPostListOptions(blogPostId))
  const capabilities = useQuery(socialCapabilitiesOptions())
  const { hash } = useLocation()
  const listSettled = !list.isPending
  // As X's row does for #x-posts: the rows render after the post has loaded.
  useEffect(() => {
    const target = NETWORKS.map(channelRowId).find((id) => hash === `#${id}`)
    if (target && listSettled) return scrollToSectionAndHold(target)
  }, [hash, listSettled])

  return NETWORKS.map((channel) => (
    <NetworkRow
      key={channel}
      channel={channel}
      blogPostId={blogPostId}
      article={article}
      prompt={prompt}
      list={{ ...list, data: list.data?.filter((p) => p.channel === channel) }}
      connected={capabilities.data?.channels.find((c) => c.channel === channel)?.connected}
      slots={capabilities.data?.slots}
    />
  ))
}

function NetworkRow({
  channel,
  blogPostId,
  article,
  prompt,
  list,
  connected,
  slots,
}: {
  channel: OtherChannel
  blogPostId: number
  article: ArticleTiming
  prompt: Prompt
  list: PostListState<SocialPost>
  /** Undefined while the server's answer is on its way. */
  connected: boolean | undefined
  slots: readonly string[] | undefined
}) {
  const generate = useGenerateSocialPost(blogPostId)
  const network = CHANNEL_LABELS[channel]
  const onGenerate = () =>
    generate.mutate(
      { channel, customContent: prompt.customContent },
      {
        onSuccess: () => {
          prompt.clear()
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

  return (
    <PromotedPostList
      id={channelRowId(channel)}
      title={`${network} posts`}
      mark={<ChannelMark channel={channel} />}
      action={
        <GenerateButton
          label={`Generate ${network} post`}
          pendingLabel={`Generating ${network} post...`}
          pending={generate.isPending}
          onClick={onGenerate}
        />
      }
      list={list}
      loadingText={`Loading the ${network} posts…`}
      errorText={`Could not load the ${network} posts of this article.`}
      empty={{
        title: `No ${network} posts yet`,
        text: `Generate ${network} post writes one for ${network} from this article, with a short link of its own.`,
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
                connected={connected === true}
                slots={slots}
              />
            ))}
          </ul>
          {connected === false && (
            <p className="text-sm break-words text-muted-foreground">
              Posting to {network} is not connected: set {SETTINGS[channel]} on the server, or connect it under{' '}
              <Link
                to="/admin/channels"
                className="rounded-sm font-medium text-violet-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                Channels
              </Link>
              .
            </p>
          )}
        </>
      )}
    </PromotedPostList>
  )
}
