import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { SubscriberActions, SubscribersScreen } from '#app/features/subscribers/subscribers-screen.tsx'
import type { Route } from './+types/subscribers'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Subscribers')

export default function SubscribersPage() {
  return (
    <AdminSubPage
      title="Subscribers"
      description="Readers who get new posts by email. Only confirmed addresses receive newsletters."
      action={<SubscriberActions />}
    >
      <SubscribersScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
