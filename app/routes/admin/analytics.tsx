import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminPage, AdminPageHeader } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { InboxLink } from '#app/features/admin/inbox-link.tsx'
import { LogoutButton } from '#app/features/admin/logout-button.tsx'
import { AnalyticsScreen } from '#app/features/analytics/analytics-screen.tsx'
import type { Route } from './+types/analytics'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Analytics')

export default function AnalyticsPage() {
  return (
    <AdminPage>
      <AdminPageHeader
        back={{ to: '/admin/blog', label: 'Blog Management' }}
        title="Analytics"
        description="Views, visitors and leads, and which posts and X posts brought them. No cookies, no stored IP addresses."
        actions={
          <>
            <InboxLink />
            <LogoutButton />
          </>
        }
      />
      <AnalyticsScreen />
    </AdminPage>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />
}
