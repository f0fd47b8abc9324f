import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { AdminShell } from '#app/features/admin/admin-shell.tsx'
import { AdminScreenSkeleton } from '#app/features/admin/admin-skeleton.tsx'
import { adminStatusOptions, listenToWindowFocus } from '#app/features/admin/queries.ts'
import { loginPathFor } from '#app/features/admin/safe-next.ts'
import { SessionCheckFailed } from '#app/features/admin/session-check-failed.tsx'
import { SECURITY_PATH } from '#app/features/security/security-path.ts'

export { loader } from './guarded.server.ts'

// The server already redirects a page request without a session (server/app.ts), so no admin
// content is ever sent to a visitor. This layer catches a session that ends while a screen is
// open (signed out in another tab, expired): the status is refetched on window focus (docs/product.md §7).
export default function Guarded() {
  const status = useQuery(adminStatusOptions())
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const signedOut = status.data?.isAuthenticated === false

  useEffect(() => listenToWindowFocus(), [])

  // Issue 28: the site requires two-factor sign-in and this person has none yet: only the set-up.
  const mustEnrol = status.data?.twoFactorSetupRequired === true && pathname !== SECURITY_PATH
  useEffect(() => {
    if (mustEnrol) void navigate(SECURITY_PATH, { replace: true })
  }, [mustEnrol, navigate])

  useEffect(() => {
    // A document load, not a client navigation: the server renders the login screen itself, and
    // a session that has ended must not leave admin data behind in this page's memory.
    if (signedOut) window.location.replace(loginPathFor(pathname + search))
  }, [signedOut, pathname, search])

  if (status.isError && !status.data) {
    return <SessionCheckFailed onRetry={() => status.refetch()} retrying={status.isFetching} />
  }
  if (!status.data?.isAuthenticated || mustEnrol) return <AdminScreenSkeleton />
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  )
}

export const ErrorBoundary = AdminRouteError
