import { ActivityExportButton, ActivityLog } from '#app/features/activity/activity-log.tsx'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import type { Route } from './+types/activity'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Activity Log')

export default function ActivityLogPage() {
  return (
    <AdminSubPage
      title="Activity Log"
      description="Who did what, when, and from which address (kept only as a daily hash). Administrators and the Owner only."
      action={<ActivityExportButton />}
    >
      <ActivityLog />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
