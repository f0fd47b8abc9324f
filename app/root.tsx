import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { Toaster } from '#app/components/ui/lazy-toaster.tsx'
import { NavigationProgress } from '#app/components/ui/navigation-progress.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import { useVisitBeacon } from '#app/lib/use-visit-beacon.ts'
import { absoluteUrl, RSS_PATH } from '#common/seo.ts'
import { defaultSite } from '#common/site.ts'
import type { Route } from './+types/root'
import appCss from './app.css?url'

export { loader } from './root.server.ts'

// The root loader returns deployment config only: it never changes between navigations.
export const shouldRevalidate = () => false

// The font every page needs is preloaded with the HTML rather than found in the style sheet later.
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  // Feed readers want an absolute address; the root loader knows PUBLIC_URL (absent only if it threw).
  const root = useRouteLoaderData<typeof import('./root.server.ts').loader>('root')
  const rssHref = root ? absoluteUrl(root.publicUrl, RSS_PATH) : RSS_PATH
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${root?.site.brandName ?? defaultSite.brandName} Blog`}
          href={rssHref}
        />
        {/* A style sheet with a precedence is one React places ahead of the ~30 module preloads, so
            the one render-blocking request is asked for first (an import would put it last). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <NavigationProgress />
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  useVisitBeacon()
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
