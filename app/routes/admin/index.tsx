import { redirect } from 'react-router'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'

export function loader() {
  return redirect('/admin/blog')
}

export default function AdminIndex() {
  return null
}

export const ErrorBoundary = AdminRouteError
