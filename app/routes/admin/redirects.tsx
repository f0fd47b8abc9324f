import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { RedirectActions, RedirectsScreen } from '#app/features/redirects/redirects-screen.tsx'
import type { Route } from './+types/redirects'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Redirects')

export default function RedirectsPage() {
  return (
    <AdminSubPage
      title="Redirects"
      description="Old addresses that send visitors and search engines to their new place (301)."
      action={<RedirectActions />}
    >
      <RedirectsScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
