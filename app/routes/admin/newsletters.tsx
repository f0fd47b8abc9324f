import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { NewslettersScreen } from '#app/features/newsletters/newsletters-screen.tsx'
import type { Route } from './+types/newsletters'

const screen = adminScreen('newsletters', NewslettersScreen)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
