import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { SubscriberActions, SubscribersScreen } from '#app/features/subscribers/subscribers-screen.tsx'
import type { Route } from './+types/subscribers'

const screen = adminScreen('subscribers', SubscribersScreen, SubscriberActions)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
