import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { ChannelMark } from '#app/components/brand/channel-mark.tsx'
import { PromotedPostList } from '#app/components/promotion/post-list.tsx'
import { GenerateButton, type PromoteRowProps } from '#app/components/promotion/promote-panel.tsx'
import { useGenerateXPost, xCapabilitiesOptions, xPostListOptions } from '#app/features/xposts/queries.ts'
import { XPostItem } from '#app/features/xposts/x-post-item.tsx'
import { scrollToSectionAndHold } from '#app/lib/scroll-to-section.ts'
import { toast } from '#app/lib/toast.ts'

/** The row's anchor: the calendar links an X post to /admin/blog/edit/{postId}#x-posts. */
export const X_PANEL_ID = 'x-posts'

/** In place of Post to X and Schedule when the server has no X credentials. */
export const NO_X_KEYS =
  'Posting and scheduling on X need the X API keys on the server (X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN, X_ACCESS_TOKEN_SECRET).'

export const CREATE_FAILED = 'Failed to create X post. Please try again.'

/**
 * docs/product.md §2 "X publishing panel (edit screen)", now X's row of the Promote panel (issue
 * 29): generate promotional X posts from the blog post (from the panel's custom content) and follow
 * their short links. It never touches the post form.
 */
export function XPublishingPanel({ blogPostId, article, prompt }: PromoteRowProps) {
  const { hash } = useLocation()
  const list = useQuery(xPostListOptions(blogPostId))
  const capabilities = useQuery(xCapabilitiesOptions())
  const generate = useGenerateXPost(blogPostId)
  const canPostToX = capabilities.data?.postToX === true
  const listSettled = !list.isPending
  // The row renders after the post has loaded, so the browser's own jump to #x-posts (and the
  // router's, on a client-side link) finds nothing: scroll here once the post list has taken its
  // height, so the row does not slide away as the skeletons are replaced; and held there while
  // the cards above it (which load their own data) take their heights.
  useEffect(() => {
    if (hash === `#${X_PANEL_ID}` && listSettled) return scrollToSectionAndHold(X_PANEL_ID)
  }, [hash, listSettled])

  const onGenerate = () =>
    generate.mutate(prompt.customContent, {
      onSuccess: () => {
        prompt.clear()
        toast({ title: 'X Post Created', description: 'Your X post is ready: copy its link or share it.' })
      },
      onError: () => toast({ title: 'Error', description: CREATE_FAILED, variant: 'destructive' }),
    })

  return (
    <PromotedPostList
      id={X_PANEL_ID}
      title="X posts"
      mark={<ChannelMark channel="x" />}
      action={
        <GenerateButton
          label="Generate X Post"
          pendingLabel="Generating AI Content..."
          pending={generate.isPending}
          onClick={onGenerate}
        />
      }
      list={list}
      loadingText="Loading X posts…"
      errorText="Could not load the X posts of this article."
      empty={{
        title: 'No X posts yet',
        text: "Generate X Post writes one from this article; the short link counts in X's 280 characters.",
      }}
    >
      {(posts, headingId) => (
        <>
          <ul aria-labelledby={headingId} className="grid gap-3">
            {posts.map((xPost) => (
              <XPostItem
                key={xPost.id}
                xPost={xPost}
                article={article}
                canPostToX={canPostToX}
                slots={capabilities.data?.slots}
              />
            ))}
          </ul>
          {/* Once for the list, not on every card: each card would otherwise hold Post to X and Schedule. */}
          {capabilities.data?.postToX === false && (
            <p className="text-sm break-words text-muted-foreground">{NO_X_KEYS}</p>
          )}
        </>
      )}
    </PromotedPostList>
  )
}
