import { Skeleton, SkeletonBars } from '#app/components/ui/skeleton.tsx'

/** While GET /api/blog/ai/status answers: the size of the first card, so nothing jumps. */
export function AiStatusSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4 rounded-xl border bg-white p-6 shadow-sm" role="status">
      <span className="sr-only">{label}</span>
      <SkeletonBars className="flex items-center gap-3" bars={['size-8 rounded-full', 'h-5 w-48']} />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-10 w-full" />
      <SkeletonBars className="flex justify-end" bars={['h-10 w-52']} />
    </div>
  )
}
