import { adminListApi } from '#app/lib/admin-list-api.ts'
import { ActivityList } from '#common/contract/activity.ts'

export const ACTIVITY_PAGE_SIZE = 25

/** The screen's filters as the URL holds them: a user id or 'system', a kind, local days (YYYY-MM-DD). */
export interface ActivityFilters {
  person: string
  kind: string
  from: string
  to: string
}

/** Local midnight of a 'YYYY-MM-DD' day, as an ISO moment: the reader's day, not UTC's. */
function localMidnight(day: string, plusDays = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays).toISOString()
}

const activityList = adminListApi({
  name: 'activity',
  schema: ActivityList,
  pageSize: ACTIVITY_PAGE_SIZE,
  // `from` is the start of its day, `to` the start of the day after it (the API's `to` is
  // exclusive), both in the reader's own time zone.
  params: (filters: ActivityFilters) => ({
    person: filters.person,
    kind: filters.kind,
    from: localMidnight(filters.from),
    to: localMidnight(filters.to, 1),
  }),
})

export const activityKeys = activityList.keys
export const activityPageOptions = activityList.pageOptions
/** The CSV of every row the filters keep (the server builds it, formula-safe). */
export const activityCsvHref = activityList.csvHref
