import { focusManager, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import { AdminStatus, type LoginInput, LoginResponse } from '#common/contract/admin.ts'
import { ContactList } from '#common/contract/contact.ts'
import { LoginAnswer, type LoginCodeInput } from '#common/contract/two-factor.ts'

export const adminKeys = {
  all: ['admin'] as const,
  status: () => [...adminKeys.all, 'status'] as const,
  contacts: () => [...adminKeys.all, 'contacts'] as const,
  contactPage: (page: number, pageSize: number) => [...adminKeys.contacts(), { page, pageSize }] as const,
}

/**
 * docs/product.md §7: the admin status is the one query that goes stale at once, is refetched on window
 * focus and is not retried (the app-wide defaults say the opposite for everything else).
 */
export const adminStatusOptions = () =>
  queryOptions({
    queryKey: adminKeys.status(),
    queryFn: () => api.get('/api/admin/status', AdminStatus),
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: false,
  })

/**
 * TanStack Query only listens to `visibilitychange`; docs/product.md §7 says window focus, which also
 * happens when the admin comes back from another window without the tab ever being hidden.
 */
export function listenToWindowFocus() {
  focusManager.setEventListener((handleFocus) => {
    const onChange = () => handleFocus()
    window.addEventListener('visibilitychange', onChange, false)
    window.addEventListener('focus', onChange, false)
    return () => {
      window.removeEventListener('visibilitychange', onChange)
      window.removeEventListener('focus', onChange)
    }
  })
}

/** POST /api/admin/login (username and password only: the security check never leaves the page). */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post('/api/admin/login', input, LoginAnswer),
  })
}

/** Issue 28: the second step of a sign-in with two-factor: the challenge of the password and a code. */
export function useLoginCode() {
  return useMutation({
    mutationFn: (input: LoginCodeInput) => api.post('/api/admin/login/two-factor', input, LoginResponse),
  })
}

/** docs/product.md §4: after a login the status is re-checked; the answer decides whether it counted. */
export function useRecheckStatus() {
  const qc = useQueryClient()
  return async () => {
    await qc.invalidateQueries({ queryKey: adminKeys.status(), refetchType: 'none' })
    return qc.fetchQuery(adminStatusOptions())
  }
}

export function useLogout() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<{ success: boolean }>('/api/admin/logout'),
    // Not refetched here: the caller leaves the guarded screen first, so no guard reacts to it.
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.status(), refetchType: 'none' }),
  })
}

export const CONTACT_PAGE_SIZE = 20
/** The largest page the API serves (common/contract/contact.ts): the CSV export reads with it. */
export const CONTACT_EXPORT_PAGE_SIZE = 100

const contactPath = (page: number, pageSize: number) =>
  `/api/admin/contact-submissions?page=${page}&pageSize=${pageSize}`

export const contactPageOptions = (page: number, pageSize = CONTACT_PAGE_SIZE) =>
  queryOptions({
    queryKey: adminKeys.contactPage(page, pageSize),
    queryFn: () => api.get(contactPath(page, pageSize), ContactList),
    placeholderData: keepPreviousData,
  })

/** Only the total: the management screen's header shows the inbox count. */
export const contactCountOptions = () =>
  queryOptions({
    queryKey: adminKeys.contactPage(1, 1),
    queryFn: () => api.get(contactPath(1, 1), ContactList),
    select: (list) => list.total,
  })

/** Every submission, newest first, read page by page (the API serves at most 100 a page). */
export async function fetchAllSubmissions() {
  const first = await api.get(contactPath(1, CONTACT_EXPORT_PAGE_SIZE), ContactList)
  const pages = Math.ceil(first.total / CONTACT_EXPORT_PAGE_SIZE)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      api.get(contactPath(i + 2, CONTACT_EXPORT_PAGE_SIZE), ContactList),
    ),
  )
  // A message arriving mid-export shifts the pages by one: keep each submission once.
  const byId = new Map([first, ...rest].flatMap((p) => p.submissions).map((s) => [s.id, s]))
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
}
