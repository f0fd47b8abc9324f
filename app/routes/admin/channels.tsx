import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { ChannelsScreen } from '#app/features/channels/channels-screen.tsx'
import type { Route } from './+types/channels'

const screen = adminScreen('channels', ChannelsScreen)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary
