import { useQuery } from '@tanstack/react-query'
import { CalendarDaysIcon, ChartLineIcon, HistoryIcon, UserRoundIcon, UsersIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminPage, AdminPageHeader } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { InboxLink } from '#app/features/admin/inbox-link.tsx'
import { LogoutButton } from '#app/features/admin/logout-button.tsx'
import { NewPostButton } from '#app/features/admin/new-post-button.tsx'
import { PostManagement } from '#app/features/posts/post-management.tsx'
import { PostSummaryCards } from '#app/features/posts/post-summary-cards.tsx'
import { meOptions } from '#app/features/staff/queries.ts'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Blog Management')

export default function BlogManagementPage() {
  const site = useSite()
  // Issue 28: Staff for those whose role manages or invites people (Editors and above).
  const me = useQuery(meOptions())
  const managesStaff = me.data?.permissions.includes('anyPost') ?? false
  const seesActivity = me.data?.permissions.includes('staff') ?? false
  return (
    <AdminPage>
      <AdminPageHeader
        title="Blog Management"
        description="Create, manage, and publish your blog posts"
        actions={
          <>
            <InboxLink />
            <ScreenLink to="/admin/calendar" icon={<CalendarDaysIcon aria-hidden="true" />}>
              Calendar
            </ScreenLink>
            <ScreenLink to="/admin/analytics" icon={<ChartLineIcon aria-hidden="true" />}>
              Analytics
            </ScreenLink>
            {managesStaff && (
              <ScreenLink to="/admin/staff" icon={<UsersIcon aria-hidden="true" />}>
                Staff
              </ScreenLink>
            )}
            {seesActivity && (
              <ScreenLink to="/admin/activity" icon={<HistoryIcon aria-hidden="true" />}>
                Activity
              </ScreenLink>
            )}
            {/* Issue 28: everyone edits their own profile. */}
            <ScreenLink to="/admin/profile" icon={<UserRoundIcon aria-hidden="true" />}>
              Your profile
            </ScreenLink>
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

/** An outline button that opens another admin screen. */
function ScreenLink({ to, icon, children }: { to: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Button>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />
}
