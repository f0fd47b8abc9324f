import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
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

/**
 * The API's query string of the filters: `from` is the start of its day, `to` the start of the
 * day after it (the API's `to` is exclusive), both in the reader's own time zone.
 */
export function activitySearch(filters: ActivityFilters, paging?: { page: number; pageSize: number }): string {
  const params = new URLSearchParams()
  if (filters.person) params.set('person', filters.person)
  if (filters.kind) params.set('kind', filters.kind)
  const from = localMidnight(filters.from)
  const to = localMidnight(filters.to, 1)
  if (from) params.set('from', from)
  if (to) params.set('to', to)
  if (paging) {
    params.set('page', String(paging.page))
    params.set('pageSize', String(paging.pageSize))
  }
  return params.toString()
}

export const activityKeys = {
  all: ['admin', 'activity'] as const,
  page: (filters: ActivityFilters, page: number) => [...activityKeys.all, { ...filters, page }] as const,
}

export const activityPageOptions = (filters: ActivityFilters, page: number) =>
  queryOptions({
    queryKey: activityKeys.page(filters, page),
    queryFn: () =>
      api.get(`/api/admin/activity?${activitySearch(filters, { page, pageSize: ACTIVITY_PAGE_SIZE })}`, ActivityList),
    placeholderData: keepPreviousData,
  })

/** The CSV of every row the filters keep (the server builds it, formula-safe). */
export const activityCsvHref = (filters: ActivityFilters) => {
  const search = activitySearch(filters)
  return `/api/admin/activity.csv${search ? `?${search}` : ''}`
}
