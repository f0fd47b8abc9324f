import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { StaffScreen } from '#app/features/staff/staff-screen.tsx'
import type { Route } from './+types/staff'

const screen = adminScreen('staff', StaffScreen)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
