import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type { Me } from '#common/contract/admin.ts'
import type { Permission } from '#common/roles.ts'

/** GET /api/admin/me: who is signed in and what their role may do (issue 28). Every admin screen may read it. */
export const meOptions = () => queryOptions({ queryKey: ['me'] as const, queryFn: () => api.get<Me>('/api/admin/me') })

/** Whether the signed-in person's role may do this; false while it is not known yet. */
export const mayDo = (me: Me | undefined, permission: Permission) => me?.permissions.includes(permission) ?? false

/**
 * Issue 28: whether the signed-in person may publish, schedule or unpublish (Authors and up), for
 * the buttons that do. Until GET /api/admin/me answers they show (the API refuses anyway), so a
 * screen does not shift for the many who may; a Contributor's screen drops them once it is known.
 */
export function useMayPublish(): boolean {
  const me = useQuery(meOptions())
  return me.data === undefined || mayDo(me.data, 'publishOwn')
}
