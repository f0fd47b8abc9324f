import { lazy, Suspense, useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import type { DailySeries } from '#app/features/analytics/overview.ts'
import { formatDay, useReader } from '#app/lib/dates.ts'

// uPlot and its stylesheet load with this screen's chart only, never with the rest of the admin.
const UplotChart = lazy(() => import('#app/features/analytics/uplot-chart.tsx'))

const n = (v: number) => v.toLocaleString('en-US')

/**
 * The chart of views and visitors per day, and the same numbers as a table (for screen readers,
 * keyboards and anyone who wants the exact figures): 'Show as table' swaps one for the other.
 */
export function ViewsChart({ series, summary }: { series: DailySeries; summary: string }) {
  const [asTable, setAsTable] = useState(false)
  const tableId = useId()
  const reader = useReader()
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{summary}</p>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {asTable ? (
        <div id={tableId} className="max-h-96 overflow-y-auto rounded-md border">
          <Table>
            <caption className="sr-only">Views and visitors per day (UTC)</caption>
            <TableHeader className="sticky top-0 bg-white">
              <TableRow>
                <TableHead scope="col">Day</TableHead>
                <TableHead scope="col" className="text-right">
                  Views
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Visitors
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {series.days.map((day, i) => (
                <TableRow key={day}>
                  <TableHead scope="row" className="font-normal text-slate-700">
                    {formatDay(day, 'date', reader)}
                  </TableHead>
                  <TableCell className="text-right tabular-nums">{n(series.views[i] ?? 0)}</TableCell>
                  <TableCell className="text-right tabular-nums">{n(series.visitors[i] ?? 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : (
        <div id={tableId} role="img" aria-label={`Chart: ${summary} Use Show as table for each day's figures.`}>
          <Suspense fallback={<Skeleton className="h-[284px] w-full" />}>
            <UplotChart {...series} />
          </Suspense>
        </div>
      )}
    </div>
  )
}
