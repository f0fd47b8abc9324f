import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { RedirectActions, RedirectsScreen } from '#app/features/redirects/redirects-screen.tsx'
import type { Route } from './+types/redirects'

const screen = adminScreen('redirects', RedirectsScreen, RedirectActions)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
