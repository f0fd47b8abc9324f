import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { ProfileScreen } from '#app/features/profile/profile-screen.tsx'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Your profile')

export default function ProfilePage() {
  return (
    <AdminSubPage
      title="Your profile"
      description="What readers see of you: your name and picture on your posts, and your author page"
    >
      <ProfileScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
