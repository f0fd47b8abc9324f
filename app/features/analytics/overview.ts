import { daysOf } from '#app/features/analytics/range.ts'
import type { AnalyticsOverview } from '#common/contract/analytics.ts'

export interface DailySeries {
  /** UTC days, YYYY-MM-DD, oldest first. */
  days: string[]
  views: number[]
  visitors: number[]
}

/** Every day of the range in order, a missing day counted as 0, for the chart and its table. */
export function overviewSeries(data: Pick<AnalyticsOverview, 'from' | 'to' | 'views' | 'visitorsByDay'>): DailySeries {
  const days = daysOf(data.from, data.to)
  return {
    days,
    views: days.map((d) => data.views.byDay[d] ?? 0),
    visitors: days.map((d) => data.visitorsByDay[d] ?? 0),
  }
}

/** Nothing happened in the range: no view, no lead, no click on an X post. */
export const isEmptyOverview = (data: Pick<AnalyticsOverview, 'views' | 'leads' | 'subscribers' | 'xPosts'>) =>
  data.views.total === 0 && data.leads === 0 && data.subscribers === 0 && data.xPosts.every((x) => x.clicks === 0)
