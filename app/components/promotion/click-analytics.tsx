import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { CircleAlertIcon, RefreshCwIcon } from 'lucide-react'
import { useId } from 'react'
import { clicksLabel, type HourBar, hourlyBars, referrerRows } from '#app/components/promotion/click-figures.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { cn } from '#app/lib/utils.ts'
import type { XPostAnalytics } from '#common/contract/x-posts.ts'

/**
 * The clicks of one promoted post's short link (an X post, or a post for another network):
 * docs/product.md §2's total clicks, unique clicks, active hours and referrers; beyond it, the
 * hourly chart and the referrer list. Each feature hands over its own analytics query.
 */
export function ClickAnalyticsView<Key extends QueryKey>({
  id,
  query: options,
  subject,
  onRefresh,
}: {
  id: string
  /** The feature's query of GET /api/…/{id}/analytics; fetched when the view opens. */
  query: UseQueryOptions<XPostAnalytics, Error, XPostAnalytics, Key>
  /** Named in the load failure: 'this X post', 'this post'. */
  subject: string
  onRefresh: () => Promise<unknown>
}) {
  const query = useQuery(options)
  const refreshing = query.isFetching && !query.isPending
  return (
    <section
      id={id}
      aria-label="Click analytics"
      aria-busy={query.isPending || refreshing}
      className="grid gap-4 rounded-lg border border-violet-100 bg-violet-50/40 p-4"
    >
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold text-slate-900">Click analytics</h4>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 text-violet-800 hover:bg-violet-100"
          onClick={() => void onRefresh()}
          disabled={refreshing}
          aria-label="Refresh analytics"
        >
          <RefreshCwIcon className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {query.isPending ? (
        <AnalyticsSkeleton />
      ) : query.isError ? (
        <div role="alert" className="flex items-start gap-2 text-sm text-red-800">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>Could not load the analytics of {subject}. Press Refresh to try again.</p>
        </div>
      ) : (
        <AnalyticsFigures analytics={query.data} />
      )}
    </section>
  )
}

function AnalyticsFigures({ analytics }: { analytics: XPostAnalytics }) {
  const activeHours = Object.keys(analytics.clicksByHour).length
  const referrers = referrerRows(analytics.topReferrers)
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Total clicks" value={analytics.totalClicks} />
        <Stat label="Unique clicks" value={analytics.uniqueClicks} />
        <Stat label="Active hours" value={activeHours} />
        <Stat label="Referrers" value={referrers.length} />
      </dl>
      {analytics.botClicks > 0 && (
        <p className="text-xs text-muted-foreground">
          {analytics.botClicks.toLocaleString('en-US')} {analytics.botClicks === 1 ? 'visit' : 'visits'} from crawlers
          and link-preview bots not counted.
        </p>
      )}
      {analytics.totalClicks === 0 ? (
        <p className="rounded-md border border-dashed bg-white px-3 py-4 text-center text-sm text-muted-foreground">
          No clicks yet. Share the short link, then press Refresh to see who follows it.
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-5">
          <HourlyChart clicksByHour={analytics.clicksByHour} className="lg:col-span-3" />
          <ReferrerList rows={referrers} className="lg:col-span-2" />
        </div>
      )}
    </>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border bg-white px-3 py-2.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-slate-900">{value.toLocaleString('en-US')}</dd>
    </div>
  )
}

/** Plain divs, no chart library; the table below is the text alternative screen readers get. */
function HourlyChart({ clicksByHour, className }: { clicksByHour: Record<string, number>; className?: string }) {
  const series = hourlyBars(clicksByHour)
  const titleId = useId()
  // The API counts clicks in UTC hours: written as the reader writes dates, on the UTC clock.
  const utc = { ...useReader(), zone: 'UTC' }
  const hour = (bar: HourBar) => formatDate(bar.start, 'dayTime', utc)
  const first = series.bars[0]
  const last = series.bars.at(-1)
  // Values above the bars only while they fit; the tooltip and the table always carry them.
  const showValues = series.bars.length <= 12
  return (
    <figure aria-labelledby={titleId} className={cn('grid gap-2 rounded-md border bg-white p-3', className)}>
      <figcaption id={titleId} className="text-xs font-semibold text-slate-700">
        Clicks per hour (UTC)
      </figcaption>
      <div aria-hidden="true" className="flex h-28 items-end gap-1 border-b border-slate-200">
        {series.bars.map((bar) => (
          <div
            key={bar.start.toISOString()}
            title={`${hour(bar)}: ${clicksLabel(bar.clicks)}`}
            className="flex h-full max-w-10 min-w-1 flex-1 flex-col justify-end"
          >
            {showValues && bar.clicks > 0 && (
              <span className="pb-0.5 text-center text-[10px] leading-none font-medium tabular-nums text-slate-600">
                {bar.clicks}
              </span>
            )}
            <div
              className={cn('rounded-t-sm', bar.clicks > 0 ? 'bg-violet-600' : 'bg-slate-200')}
              style={{ height: bar.clicks > 0 ? `${Math.max(4, (bar.clicks / series.max) * 85)}%` : '2px' }}
            />
          </div>
        ))}
      </div>
      {first && last && (
        <div aria-hidden="true" className="flex justify-between gap-2 text-[11px] text-muted-foreground">
          <span>{hour(first)}</span>
          {last !== first && <span>{hour(last)}</span>}
        </div>
      )}
      {!series.continuous && (
        <p className="text-[11px] text-muted-foreground">
          Showing the latest {series.bars.length} active hours; {series.hiddenHours} earlier{' '}
          {series.hiddenHours === 1 ? 'hour is' : 'hours are'} in the totals.
        </p>
      )}
      <table className="sr-only">
        <caption>Clicks per hour (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Hour (UTC)</th>
            <th scope="col">Clicks</th>
          </tr>
        </thead>
        <tbody>
          {series.bars
            .filter((bar) => bar.clicks > 0)
            .map((bar) => (
              <tr key={bar.start.toISOString()}>
                <th scope="row">{hour(bar)}</th>
                <td>{bar.clicks}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  )
}

function ReferrerList({ rows, className }: { rows: ReturnType<typeof referrerRows>; className?: string }) {
  const titleId = useId()
  const max = Math.max(1, ...rows.map((r) => r.clicks))
  return (
    <div className={cn('grid content-start gap-2 rounded-md border bg-white p-3', className)}>
      <h5 id={titleId} className="text-xs font-semibold text-slate-700">
        Top referrers
      </h5>
      <ul aria-labelledby={titleId} className="grid gap-2">
        {rows.map((row) => (
          <li key={row.host} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate text-slate-800">{row.label}</span>
              <span className="shrink-0 tabular-nums text-muted-foreground">{clicksLabel(row.clicks)}</span>
            </div>
            <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full rounded-full bg-pink-500" style={{ width: `${(row.clicks / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

function AnalyticsSkeleton() {
  return (
    <div className="grid gap-3">
      <span className="sr-only" role="status">
        Loading analytics…
      </span>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {['total', 'unique', 'hours', 'referrers'].map((k) => (
          <Skeleton key={k} className="h-16 bg-white" />
        ))}
      </div>
      <Skeleton className="h-36 bg-white" />
    </div>
  )
}
