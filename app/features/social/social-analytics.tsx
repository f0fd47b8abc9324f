import { useQuery } from '@tanstack/react-query'
import { CircleAlertIcon, RefreshCwIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { socialPostAnalyticsOptions } from '#app/features/social/queries.ts'
import { cn } from '#app/lib/utils.ts'
import type { XPostAnalytics } from '#common/contract/x-posts.ts'

const n = (value: number) => value.toLocaleString('en-US')

/** A social post's clicks: totals, unique clicks, active hours and where the readers came from. */
export function SocialAnalyticsView({
  id,
  socialPostId,
  onRefresh,
}: {
  id: string
  socialPostId: number
  onRefresh: () => Promise<unknown>
}) {
  const query = useQuery(socialPostAnalyticsOptions(socialPostId))
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
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex items-start gap-2 text-sm text-red-800">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>Could not load the analytics of this post. Press Refresh to try again.</p>
        </div>
      ) : (
        <Figures analytics={query.data} />
      )}
    </section>
  )
}

function Figures({ analytics }: { analytics: XPostAnalytics }) {
  const referrers = Object.entries(analytics.topReferrers)
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Total clicks" value={analytics.totalClicks} />
        <Stat label="Unique clicks" value={analytics.uniqueClicks} />
        <Stat label="Active hours" value={Object.keys(analytics.clicksByHour).length} />
        <Stat label="Referrers" value={referrers.length} />
      </dl>
      {analytics.botClicks > 0 && (
        <p className="text-xs text-muted-foreground">
          {n(analytics.botClicks)} {analytics.botClicks === 1 ? 'visit' : 'visits'} from crawlers and link-preview bots
          not counted.
        </p>
      )}
      {analytics.totalClicks === 0 ? (
        <p className="rounded-md border border-dashed bg-white px-3 py-4 text-center text-sm text-muted-foreground">
          No clicks yet. Share the short link, then press Refresh to see who follows it.
        </p>
      ) : (
        referrers.length > 0 && (
          <ul aria-label="Top referrers" className="grid gap-1 text-sm">
            {referrers.map(([host, clicks]) => (
              <li key={host} className="flex justify-between gap-3 rounded-md bg-white px-3 py-1.5">
                <span className="min-w-0 truncate text-slate-700">{host === 'direct' ? 'Direct' : host}</span>
                <span className="tabular-nums text-slate-900">{n(clicks)}</span>
              </li>
            ))}
          </ul>
        )
      )}
    </>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border bg-white px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{n(value)}</dd>
    </div>
  )
}
