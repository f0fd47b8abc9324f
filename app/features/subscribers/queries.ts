import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminListApi } from '#app/lib/admin-list-api.ts'
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

const subscriberList = adminListApi({
  name: 'subscribers',
  schema: SubscriberList,
  pageSize: SUBSCRIBER_PAGE_SIZE,
  params: (filters: SubscriberFilters) => ({ q: filters.q, state: filters.state, source: filters.source }),
})

export const subscriberKeys = subscriberList.keys
export const subscriberPageOptions = subscriberList.pageOptions
/** The CSV of every subscriber the filters keep (the server builds it, formula-safe). */
export const subscribersCsvHref = subscriberList.csvHref

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
