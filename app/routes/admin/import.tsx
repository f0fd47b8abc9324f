import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { ImportScreen } from '#app/features/import/import-screen.tsx'
import type { Route } from './+types/import'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Import')

export default function ImportPage() {
  return (
    <AdminSubPage
      title="Import"
      description="Bring your posts from WordPress, Ghost or Markdown files. Nothing is written until you confirm."
    >
      <ImportScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
