import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { ProfileScreen } from '#app/features/profile/profile-screen.tsx'
import type { Route } from './+types/profile'

const screen = adminScreen('profile', ProfileScreen)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
