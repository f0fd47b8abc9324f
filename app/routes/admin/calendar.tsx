import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { NewPostButton } from '#app/features/admin/new-post-button.tsx'
import { CalendarScreen } from '#app/features/calendar/calendar-screen.tsx'
import type { Route } from './+types/calendar'

const screen = adminScreen('calendar', CalendarScreen, NewPostButton)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
