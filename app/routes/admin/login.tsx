import { useSearchParams } from 'react-router'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { LoginScreen } from '#app/features/admin/login-screen.tsx'
import type { Route } from './+types/login'

export { loader } from './login.server.ts'

// A client navigation here must not ask the server for this route's data: the server's admin
// guard answers /admin/login.data without a session with a redirect to an HTML page. The
// signed-in redirect of the server loader only matters for document requests.
export function clientLoader() {
  return null
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Admin Login')

export default function AdminLoginPage() {
  const [params] = useSearchParams()
  return <LoginScreen next={params.get('next')} />
}

export const ErrorBoundary = AdminRouteError
