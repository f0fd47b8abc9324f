import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { AcceptInvitation } from '#app/features/staff/accept-invitation.tsx'
import type { Route } from './+types/invite'

// The link's token is the key: no session, no server data (the page asks the API itself).
export function clientLoader() {
  return null
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Join the team')

export default function InvitePage({ params }: Route.ComponentProps) {
  return <AcceptInvitation token={params.token} />
}

export const ErrorBoundary = AdminRouteError
