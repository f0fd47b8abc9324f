import { ActivityExportButton, ActivityLog } from '#app/features/activity/activity-log.tsx'
import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import type { Route } from './+types/activity'

const screen = adminScreen('activity', ActivityLog, ActivityExportButton)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
