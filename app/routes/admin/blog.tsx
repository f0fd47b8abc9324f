import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminPage, AdminPageHeader } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { LogoutButton } from '#app/features/admin/logout-button.tsx'
import { NewPostButton } from '#app/features/admin/new-post-button.tsx'
import { PostManagement } from '#app/features/posts/post-management.tsx'
import { PostSummaryCards } from '#app/features/posts/post-summary-cards.tsx'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Blog Management')

export default function BlogManagementPage() {
  const site = useSite()
  // The other screens are in the shell's navigation (app/features/admin/admin-shell.tsx).
  return (
    <AdminPage>
      <AdminPageHeader
        title="Blog Management"
        description="Create, manage, and publish your blog posts"
        actions={
          <>
            <NewPostButton />
            <LogoutButton />
          </>
        }
      />
      <PostSummaryCards />
      <PostManagement defaultAuthor={site.teamName} />
    </AdminPage>
  )
}

export const ErrorBoundary = AdminRouteError
