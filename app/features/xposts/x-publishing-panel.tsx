import { useQuery } from '@tanstack/react-query'
import { MegaphoneIcon } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useLocation } from 'react-router'
import { XLogo } from '#app/components/brand/x-logo.tsx'
import { GenerateForm } from '#app/components/promotion/generate-form.tsx'
import { PromotedPostList } from '#app/components/promotion/post-list.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { useGenerateXPost, xCapabilitiesOptions, xPostListOptions } from '#app/features/xposts/queries.ts'
import { XPostItem } from '#app/features/xposts/x-post-item.tsx'
import { scrollToSectionAndHold } from '#app/lib/scroll-to-section.ts'
import { toast } from '#app/lib/toast.ts'
import type { ArticleTiming } from '#common/contract/schedule.ts'

/** The panel's anchor: the calendar links an X post to /admin/blog/edit/{postId}#x-posts. */
export const X_PANEL_ID = 'x-posts'

/** In place of Post to X and Schedule when the server has no X credentials. */
export const NO_X_KEYS =
  'Posting and scheduling on X need the X API keys on the server (X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN, X_ACCESS_TOKEN_SECRET).'

export const CREATE_FAILED = 'Failed to create X post. Please try again.'

/**
 * docs/product.md §2 "X publishing panel (edit screen)": generate promotional X posts from the blog post and
 * follow their short links. Mounted by the edit route inside the edit screen (features do not
 * import each other), so it never touches the post form: it has no <form> of its own either, as
 * it sits inside the edit form.
 */
export function XPublishingPanel({ blogPostId, article }: { blogPostId: number; article: ArticleTiming }) {
  const { hash } = useLocation()
  const listSettled = !useQuery(xPostListOptions(blogPostId)).isPending
  // The panel renders after the post has loaded, so the browser's own jump to #x-posts (and the
  // router's, on a client-side link) finds nothing: scroll here once the post list has taken its
  // height, so the panel does not slide away as the skeletons are replaced; and held there while
  // the cards above it (which load their own data) take their heights.
  useEffect(() => {
    if (hash === `#${X_PANEL_ID}` && listSettled) return scrollToSectionAndHold(X_PANEL_ID)
  }, [hash, listSettled])

  return (
    <SectionCard
      id={X_PANEL_ID}
      headingId={useId()}
      title="X Publishing"
      description="Generate promotional posts for X from this article and follow the clicks on their short links."
      marker={
        <span
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-white"
          aria-hidden="true"
        >
          <XLogo className="size-3.5" />
        </span>
      }
    >
      <div className="grid gap-6">
        <GenerateXPost blogPostId={blogPostId} />
        <GeneratedXPosts blogPostId={blogPostId} article={article} />
      </div>
    </SectionCard>
  )
}

function GenerateXPost({ blogPostId }: { blogPostId: number }) {
  const generate = useGenerateXPost(blogPostId)
  return (
    <GenerateForm
      hint="The short link is added to the post and counted in X's 280 characters."
      label="Generate X Post"
      pendingLabel="Generating AI Content..."
      pending={generate.isPending}
      onGenerate={(customContent, clear) =>
        generate.mutate(customContent, {
          onSuccess: () => {
            clear()
            toast({ title: 'X Post Created', description: 'Your X post is ready: copy its link or share it.' })
          },
          onError: () => toast({ title: 'Error', description: CREATE_FAILED, variant: 'destructive' }),
        })
      }
    />
  )
}

function GeneratedXPosts({ blogPostId, article }: { blogPostId: number; article: ArticleTiming }) {
  const list = useQuery(xPostListOptions(blogPostId))
  const capabilities = useQuery(xCapabilitiesOptions())
  const canPostToX = capabilities.data?.postToX === true

  return (
    <PromotedPostList
      title="Generated posts"
      list={list}
      loadingText="Loading X posts…"
      errorText="Could not load the X posts of this article."
      empty={{
        icon: <MegaphoneIcon />,
        title: 'No X posts yet',
        text: 'Press Generate X Post to write one from this article, with a short link that counts its clicks.',
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
