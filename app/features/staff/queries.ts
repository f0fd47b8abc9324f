import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type {
  AcceptInvitationInput,
  InvitationCreated,
  InvitationInput,
  InvitationView,
  StaffChange,
  StaffList,
} from '#common/contract/staff.ts'

export const staffKeys = {
  list: ['staff'] as const,
  invitation: (token: string) => ['invitation', token] as const,
}

export { meOptions } from '#app/lib/admin-me.ts'

export const staffOptions = () =>
  queryOptions({
    queryKey: staffKeys.list,
    queryFn: () => api.get<StaffList>('/api/admin/staff'),
    // An invitation's email on its way: look again until it is sent or refused.
    refetchInterval: (query) => (query.state.data?.invitations.some((i) => i.mail === 'queued') ? 3_000 : false),
  })

export const invitationOptions = (token: string) =>
  queryOptions({
    queryKey: staffKeys.invitation(token),
    queryFn: () => api.get<InvitationView>(`/api/admin/invitations/${encodeURIComponent(token)}`),
    retry: false,
  })

function useStaffMutation<I, O>(call: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: staffKeys.list }) })
}

export const useInvite = () =>
  useStaffMutation((input: InvitationInput) => api.post<InvitationCreated>('/api/admin/staff/invitations', input))

export const useRevokeInvitation = () =>
  useStaffMutation((id: number) => api.delete<{ success: true }>(`/api/admin/staff/invitations/${id}`))

export const useChangeStaff = () =>
  useStaffMutation(({ id, ...change }: StaffChange & { id: number }) => api.patch(`/api/admin/staff/${id}`, change))

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (input: AcceptInvitationInput) =>
      api.post(`/api/admin/invitations/${encodeURIComponent(token)}/accept`, input),
  })

/** The owner hands ownership over; who is signed in (`me`) changes role too. */
export function useTransferOwnership() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/admin/staff/${id}/transfer-ownership`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [] }),
  })
}

/** Issue 28: an Administrator turns someone's two-factor sign-in off (a lost phone); they set it up anew. */
export const useResetTwoFactor = () =>
  useStaffMutation((id: number) => api.delete<{ success: true }>(`/api/admin/staff/${id}/two-factor`))
