import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import {
  type ConfirmIdentityInput,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '#common/contract/two-factor.ts'

export const securityKeys = {
  all: ['two-factor'] as const,
  status: () => [...securityKeys.all, 'status'] as const,
}

export const twoFactorStatusOptions = () =>
  queryOptions({
    queryKey: securityKeys.status(),
    queryFn: () => api.get('/api/admin/two-factor', TwoFactorStatus),
  })

/**
 * After a change, every query: this screen's status, who is signed in (`me`), the staff list's 2FA
 * column and the admin status (whether the guard still sends the person here) belong to other
 * features (as after a hand-over of ownership, features/staff/queries.ts).
 */
function useRefresh() {
  const qc = useQueryClient()
  // Not awaited: a mutation waits for a promise its onSuccess returns before the caller's own
  // onSuccess runs, and by then the refetched status (2FA on) had replaced the set-up card, so the
  // caller's callback never ran and the new recovery codes were never shown.
  return () => {
    void qc.invalidateQueries({ queryKey: [] })
  }
}

export const useStartSetup = () =>
  useMutation({ mutationFn: () => api.post('/api/admin/two-factor/setup', undefined, TwoFactorSetup) })

export function useEnableTwoFactor() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (code: string) => api.post('/api/admin/two-factor/enable', { code }, RecoveryCodes),
    onSuccess: () => refresh(),
  })
}

export function useDisableTwoFactor() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: ConfirmIdentityInput) => api.post('/api/admin/two-factor/disable', input, TwoFactorStatus),
    onSuccess: () => refresh(),
  })
}

export function useNewRecoveryCodes() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: ConfirmIdentityInput) => api.post('/api/admin/two-factor/recovery-codes', input, RecoveryCodes),
    onSuccess: () => refresh(),
  })
}

export function useTwoFactorPolicy() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (required: boolean) => api.put('/api/admin/two-factor/policy', { required }, TwoFactorStatus),
    onSuccess: () => refresh(),
  })
}
