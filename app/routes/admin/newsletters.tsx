import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminPage, AdminPageHeader } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { NewslettersScreen } from '#app/features/newsletters/newsletters-screen.tsx'
import type { Route } from './+types/newsletters'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Newsletters')

export default function NewslettersPage() {
  return (
    <AdminPage>
      <AdminPageHeader
        title="Newsletters"
        description="Posts sent by email to your confirmed subscribers, and how far each send has got."
      />
      <NewslettersScreen />
    </AdminPage>
  )
}

export const ErrorBoundary = AdminRouteError
