import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { AnalyticsScreen } from '#app/features/analytics/analytics-screen.tsx'
import type { Route } from './+types/analytics'

const screen = adminScreen('analytics', AnalyticsScreen)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
