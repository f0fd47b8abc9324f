import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import {
  SubscriberErased,
  type SubscriberImportInput,
  SubscriberImportResult,
  SubscriberList,
  type SubscriberState,
} from '#common/contract/subscribers.ts'

export const SUBSCRIBER_PAGE_SIZE = 25

/** The screen's filters as the URL holds them ('' is no filter). */
export interface SubscriberFilters {
  q: string
  state: SubscriberState | ''
  source: string
}

export function subscriberSearch(filters: SubscriberFilters, page?: number): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.state) params.set('state', filters.state)
  if (filters.source) params.set('source', filters.source)
  if (page !== undefined) {
    params.set('page', String(page))
    params.set('pageSize', String(SUBSCRIBER_PAGE_SIZE))
  }
  return params.toString()
}

export const subscriberKeys = {
  all: ['admin', 'subscribers'] as const,
  page: (filters: SubscriberFilters, page: number) => [...subscriberKeys.all, { ...filters, page }] as const,
}

export const subscriberPageOptions = (filters: SubscriberFilters, page: number) =>
  queryOptions({
    queryKey: subscriberKeys.page(filters, page),
    queryFn: () => api.get(`/api/admin/subscribers?${subscriberSearch(filters, page)}`, SubscriberList),
    placeholderData: keepPreviousData,
  })

/** The CSV of every subscriber the filters keep (the server builds it, formula-safe). */
export const subscribersCsvHref = (filters: SubscriberFilters) => {
  const search = subscriberSearch(filters)
  return `/api/admin/subscribers.csv${search ? `?${search}` : ''}`
}

export function useImportSubscribers() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: SubscriberImportInput) =>
      api.post('/api/admin/subscribers/import', input, SubscriberImportResult),
    onSuccess: () => qc.invalidateQueries({ queryKey: subscriberKeys.all }),
  })
}

export function useEraseSubscriber() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/subscribers/${id}`, SubscriberErased),
    onSuccess: () => qc.invalidateQueries({ queryKey: subscriberKeys.all }),
  })
}
