import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { adminListApi } from '#app/lib/admin-list-api.ts'
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

const redirectList = adminListApi({
  name: 'redirects',
  schema: RedirectList,
  pageSize: REDIRECT_PAGE_SIZE,
  params: (filters: RedirectFilters) => ({ q: filters.q }),
})

export const redirectKeys = redirectList.keys
export const redirectPageOptions = redirectList.pageOptions
/** The CSV of every redirect the search keeps (the server builds it). */
export const redirectsCsvHref = redirectList.csvHref

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
