import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { ImportScreen } from '#app/features/import/import-screen.tsx'
import type { Route } from './+types/import'

const screen = adminScreen('import', ImportScreen)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
