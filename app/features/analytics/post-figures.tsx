import { useQuery } from '@tanstack/react-query'
import { ChartLineIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { overviewOptions } from '#app/features/analytics/queries.ts'
import { presetRange, utcDay } from '#app/features/analytics/range.ts'

const n = (v: number) => v.toLocaleString('en-US')

/** The edit screen's own figures of its post (issue 16): the last 30 days, and the way to the rest. */
export function PostFigures({ postId }: { postId: number }) {
  const range = presetRange(30, utcDay(new Date()))
  const query = useQuery(overviewOptions({ from: range.from, to: range.to, postId }))
  const data = query.data
  return (
    <section aria-labelledby="post-figures-heading" className="grid gap-2 border-t pt-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="post-figures-heading" className="text-sm font-medium text-slate-800">
          Last 30 days
        </h3>
        <Link
          to="/admin/analytics"
          className="inline-flex items-center gap-1 text-sm text-violet-700 underline-offset-2 hover:text-violet-900 hover:underline"
        >
          <ChartLineIcon className="size-3.5" aria-hidden="true" />
          Site analytics
        </Link>
      </div>
      {data ? (
        <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
          {(
            [
              ['Views', data.views.total],
              ['Visitors', data.visitors],
              ['Leads', data.leads],
              ['Subscribers', data.subscribers],
            ] as const
          ).map(([name, value]) => (
            <div key={name} className="rounded-md bg-slate-50 px-2 py-1.5">
              <dt className="text-xs text-muted-foreground">{name}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{n(value)}</dd>
            </div>
          ))}
        </dl>
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground">The figures could not be loaded.</p>
      ) : (
        <Skeleton className="h-[52px] w-full" />
      )}
    </section>
  )
}
