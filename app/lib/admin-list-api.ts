import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '#app/lib/api-client.ts'

/**
 * An admin list that the server filters, pages and exports as CSV (redirects, subscribers, the
 * activity log): `/api/admin/<name>?…&page=&pageSize=` and `/api/admin/<name>.csv?…`. `params`
 * gives the API's parameters of the screen's filters, in order; an empty or null one is left out.
 */
export function adminListApi<F extends object, T>({
  name,
  schema,
  pageSize,
  params,
}: {
  name: string
  schema: z.ZodType<T>
  pageSize: number
  params: (filters: F) => Record<string, string | null>
}) {
  const search = (filters: F, page?: number) => {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(params(filters))) if (value) query.set(key, value)
    if (page !== undefined) {
      query.set('page', String(page))
      query.set('pageSize', String(pageSize))
    }
    return query.toString()
  }
  const keys = {
    all: ['admin', name] as const,
    page: (filters: F, page: number) => [...keys.all, { ...filters, page }] as const,
  }
  return {
    keys,
    pageOptions: (filters: F, page: number) =>
      queryOptions({
        queryKey: keys.page(filters, page),
        queryFn: () => api.get(`/api/admin/${name}?${search(filters, page)}`, schema),
        placeholderData: keepPreviousData,
      }),
    /** The CSV of every row the filters keep (the server builds it, formula-safe). */
    csvHref: (filters: F) => {
      const query = search(filters)
      return `/api/admin/${name}.csv${query ? `?${query}` : ''}`
    },
  }
}
