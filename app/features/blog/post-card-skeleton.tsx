import { placeholderKeys, Skeleton, SkeletonBars } from '#app/components/ui/skeleton.tsx'

/** Same footprint as a PostCard, so swapping one for the other does not shift the page. */
export function PostCardSkeleton() {
  return (
    <div
      data-testid="post-card-skeleton"
      className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm"
    >
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="flex flex-col gap-3 p-6">
        <SkeletonBars className="flex justify-between" bars={['h-5 w-24 rounded-full', 'h-4 w-14']} />
        <SkeletonBars
          className="flex flex-col gap-3"
          bars={['mt-2 h-5 w-11/12', 'h-5 w-2/3', 'mt-1 h-4 w-full', 'h-4 w-4/5']}
        />
        <SkeletonBars className="mt-4 flex justify-between border-t pt-4" bars={['h-4 w-28', 'h-4 w-20']} />
      </div>
    </div>
  )
}

export function BlogGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading articles…</span>
      {placeholderKeys(count).map((id) => (
        <PostCardSkeleton key={id} />
      ))}
    </div>
  )
}
