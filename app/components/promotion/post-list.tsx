import type { UseQueryResult } from '@tanstack/react-query'
import { CircleAlertIcon, RefreshCwIcon } from 'lucide-react'
import { useId } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

/** What a row needs of its list's query (a row of one network may show part of a shared list). */
export type PostListState<Post> = Pick<UseQueryResult<Post[]>, 'isPending' | 'isError' | 'data' | 'refetch'>

/**
 * One network's row of the Promote panel: its heading with the network's mark and the count ('X
 * posts (2)'), its Generate button, then skeletons while the list loads, the failure with Try
 * again, a one-line empty state, else `children` with the posts and the heading's id (for the
 * list's aria-labelledby).
 */
export function PromotedPostList<Post>({
  id,
  title,
  mark,
  action,
  list,
  loadingText,
  errorText,
  empty,
  children,
}: {
  /** The row's anchor ('x-posts'). */
  id: string
  title: string
  mark: React.ReactNode
  /** The row's Generate button. */
  action: React.ReactNode
  list: PostListState<Post>
  loadingText: string
  errorText: string
  empty: { title: string; text: string }
  children: (posts: Post[], headingId: string) => React.ReactNode
}) {
  const headingId = useId()
  return (
    <section id={id} aria-labelledby={headingId} className="grid scroll-mt-6 gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          {mark}
          {title}
          {list.data ? ` (${list.data.length})` : ''}
        </h3>
        {action}
      </div>
      {list.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">{loadingText}</span>
          <div className="grid gap-3 rounded-lg border p-4">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-12 w-full" />
          </div>
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
      ) : !list.data?.length ? (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-slate-700">{empty.title}.</span> {empty.text}
        </p>
      ) : (
        children(list.data, headingId)
      )}
    </section>
  )
}
