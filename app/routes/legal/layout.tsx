import { Outlet } from 'react-router'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { Route } from './+types/layout'

/** The frame of the legal routes: each draws its own document; a failure shows the public error page. */
export default function LegalLayout() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
