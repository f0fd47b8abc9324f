import { Skeleton } from '#app/components/ui/skeleton.tsx'

/** While GET /api/blog/ai/status answers: the size of the first card, so nothing jumps. */
export function AiStatusSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4 rounded-xl border bg-white p-6 shadow-sm" role="status">
      <span className="sr-only">{label}</span>
      <div className="flex items-center gap-3">
        <Skeleton className="size-8 rounded-full" />
        <Skeleton className="h-5 w-48" />
      </div>
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-10 w-full" />
      <div className="flex justify-end">
        <Skeleton className="h-10 w-52" />
      </div>
    </div>
  )
}
