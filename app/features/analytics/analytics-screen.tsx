import { useQuery } from '@tanstack/react-query'
import {
  ArrowRightIcon,
  ChartLineIcon,
  FileTextIcon,
  FunnelIcon,
  GlobeIcon,
  MegaphoneIcon,
  MonitorSmartphoneIcon,
  TrendingUpIcon,
} from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { XLogo } from '#app/components/brand/x-logo.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { isEmptyOverview, overviewSeries } from '#app/features/analytics/overview.ts'
import { overviewOptions } from '#app/features/analytics/queries.ts'
import { type Range, rangeLabel, rangeSearch, readRange, utcDay } from '#app/features/analytics/range.ts'
import { RangePicker } from '#app/features/analytics/range-picker.tsx'
import { ViewsChart } from '#app/features/analytics/views-chart.tsx'
import { useReader } from '#app/lib/dates.ts'
import { cn } from '#app/lib/utils.ts'
import { CHANNEL_LABELS } from '#common/channel-names.ts'
import type { AnalyticsOverview } from '#common/contract/analytics.ts'
import { namedSources } from '#common/source-names.ts'

const n = (v: number) => v.toLocaleString('en-US')
const plural = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`

/**
 * `/admin/analytics` (issue 16): views, visitors and leads of a range of UTC days, the posts and
 * sources that brought them, and each X post's funnel clicks → views → leads.
 */
export function AnalyticsScreen() {
  const [params, setParams] = useSearchParams()
  const range = readRange(params, utcDay(new Date()))
  const label = rangeLabel(range, useReader())
  const query = useQuery(overviewOptions({ from: range.from, to: range.to }))
  const data = query.data

  const show = (next: Range) => setParams(rangeSearch(next), { preventScrollReset: true })

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <RangePicker range={range} onChange={show} />
        <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {label}
          <span className="sr-only"> (UTC days)</span>
        </h2>
      </div>

      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError && !data ? (
        <LoadFailure query={query} className="rounded-xl border bg-white shadow-sm">
          The figures could not be loaded.
        </LoadFailure>
      ) : data && isEmptyOverview(data) ? (
        <EmptyRange
          title={
            range.kind === 'custom'
              ? `No visits or leads in ${label}.`
              : `No visits or leads in the last ${range.kind} days yet.`
          }
          wider={range.kind !== 90 ? () => show({ kind: 90, from: '', to: '' }) : undefined}
        />
      ) : data ? (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={cn(
            'grid gap-6 transition-opacity motion-reduce:transition-none',
            query.isPlaceholderData && 'opacity-60',
          )}
        >
          <Overview data={data} label={label} />
        </div>
      ) : null}
    </div>
  )
}

function Overview({ data, label }: { data: AnalyticsOverview; label: string }) {
  const series = overviewSeries(data)
  return (
    <>
      <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        <Total name="Views" value={data.views.total} />
        <Total name="Visitors" value={data.visitors} />
        <Total name="Leads" value={data.leads} />
        <Total name="Subscribers" value={data.subscribers} />
      </dl>

      <SectionCard headingId="analytics-chart" title="Views and visitors" icon={<ChartLineIcon />}>
        <ViewsChart
          series={series}
          summary={`${label}: ${plural(data.views.total, 'view', 'views')} and ${plural(data.visitors, 'visitor', 'visitors')}.`}
        />
      </SectionCard>

      {/* Top posts across; sources and devices side by side under it (four and three figures a row). */}
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <SectionCard
          headingId="analytics-posts"
          title="Top posts"
          icon={<FileTextIcon />}
          className="min-w-0 lg:col-span-2"
        >
          <TopPosts posts={data.topPosts} />
        </SectionCard>
        <SectionCard headingId="analytics-sources" title="Sources" icon={<GlobeIcon />} className="min-w-0">
          <Sources sources={data.sources} />
        </SectionCard>
        <SectionCard headingId="analytics-devices" title="Devices" icon={<MonitorSmartphoneIcon />} className="min-w-0">
          <Devices devices={data.devices} total={data.views.total} />
        </SectionCard>
      </div>

      <SectionCard
        headingId="analytics-x-posts"
        title="Social post funnel"
        description="Clicks on each social post's short link, the views they brought, and the leads and subscribers that followed: per network, then per post."
        icon={<FunnelIcon />}
      >
        <div className="grid gap-6">
          {data.channels.length > 0 && <NetworkFunnel channels={data.channels} />}
          <XPostFunnel xPosts={data.xPosts} />
        </div>
      </SectionCard>
    </>
  )
}

function Total({ name, value }: { name: string; value: number }) {
  return (
    <div className="min-w-0 rounded-xl border bg-white px-3 py-3 shadow-sm sm:px-5 sm:py-4">
      <dt className="text-sm font-medium text-muted-foreground">{name}</dt>
      <dd className="mt-1 truncate text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl">{n(value)}</dd>
    </div>
  )
}

function Nothing({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>
}

function TopPosts({ posts }: { posts: AnalyticsOverview['topPosts'] }) {
  if (posts.length === 0) return <Nothing>No blog post was read in this range.</Nothing>
  return (
    <FigureTable
      caption="Posts by views"
      name="Post"
      figures={['Views', 'Visitors', 'Leads', 'Subscribers']}
      rows={posts.map((p) => ({
        key: p.postId,
        name: (
          <Link
            to={`/admin/blog/edit/${p.postId}`}
            className="font-medium underline-offset-4 hover:text-primary hover:underline"
          >
            {p.title}
          </Link>
        ),
        figures: [p.views, p.visitors, p.leads, p.subscribers],
      }))}
    />
  )
}

function Sources({ sources }: { sources: AnalyticsOverview['sources'] }) {
  if (sources.length === 0) return <Nothing>No visits in this range.</Nothing>
  return (
    <FigureTable
      caption="Where visitors came from"
      name="Source"
      figures={['Views', 'Leads', 'Subscribers']}
      rows={namedSources(sources).map((s) => ({
        key: s.name,
        name: s.name,
        figures: [s.views, s.leads, s.subscribers],
      }))}
    />
  )
}

/** A table of named rows (a row header each) and right-aligned figures, for Top posts and Sources. */
function FigureTable({
  caption,
  name,
  figures,
  rows,
}: {
  caption: string
  name: string
  figures: string[]
  rows: { key: React.Key; name: React.ReactNode; figures: number[] }[]
}) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{name}</TableHead>
          {figures.map((f) => (
            <TableHead key={f} scope="col" className="text-right">
              {f}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableHead scope="row" className="h-auto py-2 font-normal wrap-anywhere whitespace-normal text-slate-900">
              {r.name}
            </TableHead>
            {r.figures.map((v, i) => (
              <TableCell key={figures[i]} className="text-right tabular-nums">
                {n(v)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const DEVICE_NAMES = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' } as const

function Devices({ devices, total }: { devices: AnalyticsOverview['devices']; total: number }) {
  if (devices.length === 0 || total === 0) return <Nothing>No visits in this range.</Nothing>
  return (
    <ul className="grid gap-3">
      {devices.map((d) => {
        const share = Math.round((d.views / total) * 100)
        return (
          <li key={d.device} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-900">{DEVICE_NAMES[d.device]}</span>
              <span className="tabular-nums text-muted-foreground">{`${plural(d.views, 'view', 'views')} · ${share}%`}</span>
            </div>
            <div className="h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-2 rounded-full bg-violet-500" style={{ width: `${share}%` }} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/** Issue 29: clicks → views → leads (and subscribers, issue 30) of each network, over all its social posts in the range. */
function NetworkFunnel({ channels }: { channels: AnalyticsOverview['channels'] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Network</TableHead>
          <TableHead scope="col" className="text-right">
            Clicks
          </TableHead>
          <TableHead scope="col" className="text-right">
            Views
          </TableHead>
          <TableHead scope="col" className="text-right">
            Leads
          </TableHead>
          <TableHead scope="col" className="text-right">
            Subscribers
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {channels.map((c) => (
          <TableRow key={c.channel}>
            <TableCell className="font-medium">{CHANNEL_LABELS[c.channel]}</TableCell>
            <TableCell className="text-right tabular-nums">{n(c.clicks)}</TableCell>
            <TableCell className="text-right tabular-nums">{n(c.views)}</TableCell>
            <TableCell className="text-right tabular-nums">{n(c.leads)}</TableCell>
            <TableCell className="text-right tabular-nums">{n(c.subscribers)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function XPostFunnel({ xPosts }: { xPosts: AnalyticsOverview['xPosts'] }) {
  if (xPosts.length === 0) {
    return (
      <Nothing>
        No social post brought clicks in this range. Generate one for X, LinkedIn, Bluesky, Mastodon or Threads from a
        post’s edit screen, then share it.
      </Nothing>
    )
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {xPosts.map((x) => (
        <li key={x.id}>
          <article aria-labelledby={`x-post-${x.id}`} className="grid h-full gap-3 rounded-lg border p-4">
            <div className="flex items-start gap-3">
              <span
                className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-900 text-white"
                aria-hidden="true"
              >
                {x.channel === 'x' ? <XLogo className="size-3" /> : <MegaphoneIcon className="size-3.5" />}
              </span>
              <div className="grid min-w-0 gap-1">
                <h3 id={`x-post-${x.id}`} className="text-sm font-semibold text-slate-900">
                  {`${CHANNEL_LABELS[x.channel]} post #${x.id}`}
                  <span className="font-normal text-muted-foreground"> for </span>
                  <Link
                    to={`/admin/blog/edit/${x.postId}#${x.channel === 'x' ? 'x-posts' : 'social-posts'}`}
                    className="wrap-anywhere text-primary underline-offset-4 hover:underline"
                  >
                    {x.postTitle}
                  </Link>
                </h3>
                <p className="line-clamp-2 text-sm wrap-anywhere text-slate-600">{x.text}</p>
              </div>
            </div>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <FunnelStep value={x.clicks} one="click" many="clicks" />
              <ArrowRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              <FunnelStep value={x.views} one="view" many="views" />
              <ArrowRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              <FunnelStep value={x.leads} one="lead" many="leads" />
              <FunnelStep value={x.subscribers} one="subscriber" many="subscribers" />
            </p>
          </article>
        </li>
      ))}
    </ul>
  )
}

function FunnelStep({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <span className="rounded-md bg-slate-50 px-2.5 py-1.5 text-muted-foreground">
      <span className="font-semibold tabular-nums text-slate-900">{n(value)}</span> {value === 1 ? one : many}
    </span>
  )
}

function EmptyRange({ title, wider }: { title: string; wider?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-white px-6 py-12 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
        <TrendingUpIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="max-w-prose text-sm text-muted-foreground">
        A visit is counted when someone reads a post or opens a public page, and a lead when someone sends the contact
        form. Share a post, or an X post’s short link, and the figures appear here.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {wider && (
          <Button variant="outline" onClick={wider}>
            Show the last 90 days
          </Button>
        )}
        <Link to="/admin/blog" className={buttonVariants({ variant: 'outline' })}>
          Blog Management
        </Link>
      </div>
    </div>
  )
}

function OverviewSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading the figures…</span>
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {['views', 'visitors', 'leads'].map((k) => (
          <Skeleton key={k} className="h-[76px] sm:h-[92px]" />
        ))}
      </div>
      <Skeleton className="h-[340px] w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  )
}
