import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '#app/lib/api-client.ts'
import {
  Redirect,
  type RedirectImportInput,
  RedirectImportResult,
  type RedirectInput,
  RedirectList,
} from '#common/contract/redirects.ts'

export const REDIRECT_PAGE_SIZE = 25

/** The screen's filters as the URL holds them ('' is no filter). */
export interface RedirectFilters {
  q: string
}

export function redirectSearch(filters: RedirectFilters, page?: number): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (page !== undefined) {
    params.set('page', String(page))
    params.set('pageSize', String(REDIRECT_PAGE_SIZE))
  }
  return params.toString()
}

export const redirectKeys = {
  all: ['admin', 'redirects'] as const,
  page: (filters: RedirectFilters, page: number) => [...redirectKeys.all, { ...filters, page }] as const,
}

export const redirectPageOptions = (filters: RedirectFilters, page: number) =>
  queryOptions({
    queryKey: redirectKeys.page(filters, page),
    queryFn: () => api.get(`/api/admin/redirects?${redirectSearch(filters, page)}`, RedirectList),
    placeholderData: keepPreviousData,
  })

/** The CSV of every redirect the search keeps (the server builds it). */
export const redirectsCsvHref = (filters: RedirectFilters) => {
  const search = redirectSearch(filters)
  return `/api/admin/redirects.csv${search ? `?${search}` : ''}`
}

const Saved = z.object({ redirect: Redirect })
const Deleted = z.object({ deleted: z.literal(true) })

/** Adds a redirect (no `id`) or changes the one with `id`. */
export function useSaveRedirect() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...input }: RedirectInput & { id?: number }) =>
      id === undefined
        ? api.post('/api/admin/redirects', input, Saved)
        : api.put(`/api/admin/redirects/${id}`, input, Saved),
    onSuccess: () => qc.invalidateQueries({ queryKey: redirectKeys.all }),
  })
}

export function useDeleteRedirect() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/redirects/${id}`, Deleted),
    onSuccess: () => qc.invalidateQueries({ queryKey: redirectKeys.all }),
  })
}

export function useImportRedirects() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: RedirectImportInput) => api.post('/api/admin/redirects/import', input, RedirectImportResult),
    onSuccess: () => qc.invalidateQueries({ queryKey: redirectKeys.all }),
  })
}
