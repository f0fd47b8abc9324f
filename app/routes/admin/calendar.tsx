import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { NewPostButton } from '#app/features/admin/new-post-button.tsx'
import { CalendarScreen } from '#app/features/calendar/calendar-screen.tsx'
import type { Route } from './+types/calendar'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Content Calendar')

export default function CalendarPage() {
  return (
    <AdminSubPage
      title="Content Calendar"
      description="Scheduled and published posts, and their posts on X, LinkedIn, Bluesky, Mastodon and Threads. Drag an item to another day to reschedule it."
      action={<NewPostButton />}
    >
      <CalendarScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
