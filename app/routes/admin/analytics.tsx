import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { AnalyticsScreen } from '#app/features/analytics/analytics-screen.tsx'
import type { Route } from './+types/analytics'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Analytics')

export default function AnalyticsPage() {
  return (
    <AdminSubPage
      title="Analytics"
      description="Views, visitors and leads, and which posts and X posts brought them. No cookies, no stored IP addresses."
    >
      <AnalyticsScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
