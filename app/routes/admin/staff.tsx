import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { StaffScreen } from '#app/features/staff/staff-screen.tsx'
import type { Route } from './+types/staff'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Staff')

export default function StaffPage() {
  return (
    <AdminSubPage title="Staff" description="Who can sign in, their roles, and invitations">
      <StaffScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
