import { useQuery } from '@tanstack/react-query'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { SecurityScreen } from '#app/features/security/security-screen.tsx'
import { meOptions } from '#app/features/staff/queries.ts'
import type { Route } from './+types/security'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Security')

export default function SecurityPage() {
  const me = useQuery(meOptions())
  return (
    <AdminSubPage title="Security" description="Two-factor sign-in for your account">
      <SecurityScreen canRequire={me.data?.permissions.includes('staff') ?? false} />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
