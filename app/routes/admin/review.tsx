import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { ReviewQueue } from '#app/features/review/review-queue.tsx'
import type { Route } from './+types/review'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Review')

export default function ReviewPage() {
  return (
    <AdminSubPage
      title="Review"
      description="Drafts writers have submitted: publish or schedule them, or send them back with a note"
    >
      <ReviewQueue />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
