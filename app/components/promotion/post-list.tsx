import type { UseQueryResult } from '@tanstack/react-query'
import { CircleAlertIcon, RefreshCwIcon } from 'lucide-react'
import { useId } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

/**
 * The list of a promotion panel under its heading ('Generated posts (2)'): skeletons while it
 * loads, the failure with Try again, the empty state, else `children` with the posts and the
 * heading's id (for the list's aria-labelledby).
 */
export function PromotedPostList<Post>({
  title,
  list,
  loadingText,
  errorText,
  empty,
  children,
}: {
  title: string
  list: UseQueryResult<Post[]>
  loadingText: string
  errorText: string
  empty: { icon: React.ReactNode; title: string; text: string }
  children: (posts: Post[], headingId: string) => React.ReactNode
}) {
  const headingId = useId()
  return (
    <div className="grid gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {title}
        {list.data ? ` (${list.data.length})` : ''}
      </h3>
      {list.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">{loadingText}</span>
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
          <p className="flex-1">{errorText}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
          <span
            className="flex size-10 items-center justify-center rounded-full bg-violet-50 text-violet-700 [&_svg]:size-5"
            aria-hidden="true"
          >
            {empty.icon}
          </span>
          <p className="text-sm font-medium text-slate-800">{empty.title}</p>
          <p className="max-w-md text-sm text-muted-foreground">{empty.text}</p>
        </div>
      ) : (
        children(list.data, headingId)
      )}
    </div>
  )
}
