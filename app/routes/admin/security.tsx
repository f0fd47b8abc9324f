import { useQuery } from '@tanstack/react-query'
import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { SecurityScreen } from '#app/features/security/security-screen.tsx'
import { meOptions } from '#app/features/staff/queries.ts'
import type { Route } from './+types/security'

/** Requiring two-factor of others is for those who manage staff. */
function Security() {
  const me = useQuery(meOptions())
  return <SecurityScreen canRequire={me.data?.permissions.includes('staff') ?? false} />
}

const screen = adminScreen('security', Security)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
