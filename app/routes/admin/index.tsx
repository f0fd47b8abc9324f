import { redirect } from 'react-router'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import type { Route } from './+types/index'

export function loader() {
  return redirect('/admin/blog')
}

export default function AdminIndex() {
  return null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />
}
