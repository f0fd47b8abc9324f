import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router'
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

export function Layout({ children }: { children: React.ReactNode }) {
  // Feed readers want an absolute address; the root loader knows PUBLIC_URL (absent only if it threw).
  const root = useRouteLoaderData<typeof import('./root.server.ts').loader>('root')
  const rssHref = root ? absoluteUrl(root.publicUrl, RSS_PATH) : RSS_PATH
  // The font is preloaded with the HTML rather than found in the style sheet later, so text pages
  // paint in Inter from the start. Not on `/`: its largest paint is the hero's poster, which the
  // 47 KB font would hold back on a slow connection, and its text is set in a size-matched
  // fallback until the font arrives (no layout shift). docs/decisions/037 (addendum)
  const preloadFont = !useMatches().some((m) => m.id === 'routes/home')
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
        {preloadFont && <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />}
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
