import { EyeIcon } from 'lucide-react'
import { Skeleton, SkeletonBars } from '#app/components/ui/skeleton.tsx'
import { PostAuthor, PostCategory, PostCreated, PostStatus, PostThumbnail } from '#app/features/posts/post-cells.tsx'
import { PostRowMenu } from '#app/features/posts/post-row-menu.tsx'
import { type PostListViewProps, SKELETON_KEYS } from '#app/features/posts/post-table.tsx'
import { cn } from '#app/lib/utils.ts'

/** The same list as PostTable, stacked as cards for narrow screens where seven columns do not fit. */
export function PostCardList({ posts, defaultAuthor, state, busyId, ...actions }: PostListViewProps) {
  if (state === 'loading') {
    return (
      <ul aria-hidden="true" className="divide-y">
        {SKELETON_KEYS.map((key) => (
          <li key={key} className="space-y-3 px-2 py-4">
            <div className="flex gap-3">
              <Skeleton className="size-11 rounded-md" />
              <SkeletonBars className="flex-1 space-y-2" bars={['h-4 w-3/4', 'h-3 w-full']} />
            </div>
            <Skeleton className="h-5 w-2/3 rounded-full" />
          </li>
        ))}
      </ul>
    )
  }
  if (state) return <div className="px-4 py-12 text-center text-sm text-muted-foreground">{state.message}</div>
  return (
    <ul className="divide-y">
      {posts?.map((post) => (
        <li
          key={post.id}
          aria-busy={busyId === post.id || undefined}
          className={cn('px-2 py-4', busyId === post.id && 'opacity-60')}
        >
          <article aria-label={post.title} className="space-y-3">
            <div className="flex items-start gap-3">
              {post.featuredImage && <PostThumbnail src={post.featuredImage} />}
              <div className="min-w-0 flex-1">
                <h3 className="line-clamp-2 font-medium text-slate-900">{post.title}</h3>
                {post.excerpt && <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{post.excerpt}</p>}
              </div>
              <PostRowMenu post={post} disabled={busyId === post.id} {...actions} />
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
              <PostStatus post={post} />
              <PostCategory category={post.category} />
              <PostAuthor post={post} defaultAuthor={defaultAuthor} />
            </div>
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1 tabular-nums">
                <EyeIcon className="size-3.5" aria-hidden="true" />
                {`${post.viewCount.toLocaleString('en-US')} ${post.viewCount === 1 ? 'view' : 'views'}`}
              </span>
              <span aria-hidden="true">·</span>
              <PostCreated post={post} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
