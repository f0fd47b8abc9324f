import type { UseQueryResult } from '@tanstack/react-query'
import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useRef } from 'react'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { Pager } from '#app/components/ui/pager.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

/** What a paged list's API answers besides its rows. */
export type PageCounts = { total: number; page: number; pageSize: number }

/**
 * The card of an admin list a page at a time (activity, contact inbox, redirects, subscribers): the
 * heading '<noun> (n)' that the pager brings focus back to, 'Showing a–b of n' (and `note` after it;
 * with a `note`, even '' the line stays when there are no rows), then the skeleton while loading, the
 * failure with a retry, `empty` when it gives something, or the rows, and the pager under them.
 */
export function PagedList<T extends PageCounts>({
  id,
  noun,
  query,
  page,
  onPage,
  note,
  skeleton = (
    <div aria-hidden="true" className="space-y-3 p-4 sm:p-6">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  ),
  failure,
  empty,
  className = 'min-w-0 rounded-xl border bg-white shadow-sm',
  children,
}: {
  id: string
  noun: string
  query: UseQueryResult<T>
  page: number
  onPage: (page: number) => void
  note?: string
  /** What stands for the rows while they load (by default, four bars). */
  skeleton?: ReactNode
  failure: string
  /** What stands for the rows when there are none to show (null while there are), given the pager's turn. */
  empty: (data: T, goTo: (page: number) => void) => ReactNode
  className?: string
  children: ReactNode
}) {
  const top = useRef<HTMLHeadingElement>(null)
  const data = query.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  const goTo = (next: number) => {
    onPage(next)
    // Keyboard and screen-reader users land on the list again, not on a button far below it.
    top.current?.focus({ preventScroll: true })
    top.current?.scrollIntoView({ block: 'start' })
  }

  const emptied = data ? empty(data, goTo) : null
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-4 sm:px-6">
        <h2
          id={id}
          ref={top}
          tabIndex={-1}
          className="scroll-mt-4 text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {data ? `${noun} (${data.total.toLocaleString('en-US')})` : noun}
        </h2>
        {data && (data.total > 0 || note !== undefined) && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total > 0
              ? `Showing ${(data.page - 1) * data.pageSize + 1}–${Math.min(data.total, data.page * data.pageSize)} of ${data.total.toLocaleString('en-US')}`
              : ''}
            {note}
          </p>
        )}
      </div>

      {query.isPending ? (
        skeleton
      ) : query.isError && !data ? (
        <LoadFailure query={query}>{failure}</LoadFailure>
      ) : emptied ? (
        emptied
      ) : (
        children
      )}

      {data && <Pager page={page} pages={pages} onPage={goTo} />}
    </section>
  )
}

/** An empty list's icon in a circle, what is missing, and what to do about it (`children`). */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="px-6 py-16 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  )
}
