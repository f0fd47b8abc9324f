import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { twMerge } from 'tailwind-merge'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { createQueryClient } from '#app/lib/query-client.ts'
import { setClassMerge } from '#app/lib/utils.ts'
import type { Route } from './+types/layout'

// Admin pages are private: never indexed. TanStack Query is loaded by admin pages only.
export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }]

// Admin screens merge classes with tailwind-merge itself (public pages use a small stand-in that
// knows only their classes: app/lib/utils.ts). This module loads before any admin screen renders.
setClassMerge(twMerge)

export default function AdminLayout() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}

export const ErrorBoundary = AdminRouteError
