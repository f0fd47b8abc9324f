import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { ReviewQueue } from '#app/features/review/review-queue.tsx'
import type { Route } from './+types/review'

const screen = adminScreen('review', ReviewQueue)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
