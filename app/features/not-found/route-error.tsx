import { lazy } from 'react'

// The error and not-found pages (their picture, status layout and icons, ~2 KB compressed) are
// needed only when a boundary renders, so no public page loads them up front. There is deliberately
// no Suspense boundary: while the module loads, React keeps what is on screen (the page navigated
// from, or the server's HTML during hydration) instead of showing a fallback. React 19 waits for a
// suspended render without a boundary at any priority. docs/decisions/037 (second addendum)
const RouteErrorPage = lazy(() =>
  import('#app/features/not-found/route-error-page.tsx').then((m) => ({ default: m.RouteErrorPage })),
)

/**
 * The error boundary of the public pages: 'Page Not Found' for a 404, else the error page; never
 * the raw error. The root's boundary uses it too.
 */
export function PublicRouteError({ error }: { error: unknown }) {
  return <RouteErrorPage error={error} />
}
