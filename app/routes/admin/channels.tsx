import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { ChannelsScreen } from '#app/features/channels/channels-screen.tsx'
import type { Route } from './+types/channels'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Channels')

export default function ChannelsPage() {
  return (
    <AdminSubPage title="Channels" description="The networks social posts go to, and when">
      <ChannelsScreen />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
