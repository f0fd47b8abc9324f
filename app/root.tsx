import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { useLayoutEffect } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import { Toaster } from '#app/components/ui/lazy-toaster.tsx'
import { NavigationProgress } from '#app/components/ui/navigation-progress.tsx'
import { PageNote } from '#app/components/ui/page-note.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import { islandOf, isPreview, withoutReact } from '#app/lib/route-handle.ts'
import { layOutAllSections } from '#app/lib/scroll-to-section.ts'
import { StaticPage } from '#app/lib/static-page.ts'
import { useVisitBeacon } from '#app/lib/use-visit-beacon.ts'
import { absoluteUrl, RSS_PATH } from '#common/seo.ts'
import { defaultSite } from '#common/site.ts'
import type { Route } from './+types/root'
import appCss from './app.css?url'
// The whole script of a page that is not hydrated: a classic script bundled on its own, the
// landing page's own one on `/` (docs/decisions/066).
import landingScript from './islands/landing.ts?worker&url'
import islandScript from './islands/public-page.ts?worker&url'

export { loader } from './root.server.ts'

// The root loader returns deployment config only: it never changes between navigations.
export const shouldRevalidate = () => false

/**
 * A page whose route says `handle.hydrate === false` is sent without React: no framework, no route
 * modules, no hydration data, only its island script (app/islands/public-page.ts). That holds for a
 * page loaded as a document; a hydrated page that navigates to such a route renders it with React
 * as before (its components keep their handlers), hence on the server only.
 * docs/decisions/043-pages-without-hydration.md
 */
function useServedWithoutReact(): boolean {
  const matches = useMatches()
  return typeof document === 'undefined' && withoutReact(matches.map((m) => m.handle))
}

/** The element the first frame waits for: the last thing the server renders before its scripts. */
const PAGE_END = 'page-end'

export function Layout({ children }: { children: React.ReactNode }) {
  // Feed readers want an absolute address; the root loader knows PUBLIC_URL (absent only if it threw).
  const root = useRouteLoaderData<typeof import('./root.server.ts').loader>('root')
  const rssHref = root ? absoluteUrl(root.publicUrl, RSS_PATH) : RSS_PATH
  const staticPage = useServedWithoutReact()
  // Issue 32: the editor's preview, whose island script sends no beacon (docs/decisions/053).
  const handles = useMatches().map((m) => m.handle)
  const preview = isPreview(handles)
  const island = islandOf(handles) === 'landing' ? landingScript : islandScript
  return (
    <html lang="en" data-preview={preview ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A PNG, not the SVG drawing: Chromium draws an SVG favicon as a document of its own on
            the page's main thread (20-30 ms in a fresh tab, one long task during hydration). */}
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${root?.site.brandName ?? defaultSite.brandName} Blog`}
          href={rssHref}
        />
        {/* A style sheet with a precedence is one React places ahead of the ~30 module preloads, so
            the one render-blocking request is asked for first (an import would put it last). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        {/* The font comes with the HTML rather than being found in the style sheet later, so the
            first layout is set in Inter: a swap once it arrives laid the whole page out again
            (40-60 ms on `/`, one long task). docs/decisions/037 (addendum), 016 (third addendum) */}
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        {/* The first frame waits until the document is parsed to its end (PAGE_END): painting while
            the parser went on meant laying out the growing page two or three times. */}
        <link rel="expect" href={`#${PAGE_END}`} blocking="render" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <StaticPage value={staticPage}>{children}</StaticPage>
        <div id={PAGE_END} hidden />
        {staticPage ? (
          <>
            <PageNote />
            <script src={island} defer />
          </>
        ) : (
          <>
            <NavigationProgress />
            <Toaster />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  )
}

export default function App() {
  useVisitBeacon()
  // React Router scrolls to the element a navigation's #fragment names (in ScrollRestoration's
  // layout effect, which runs after this one): the sections on the way are laid out first.
  const { hash } = useLocation()
  useLayoutEffect(() => {
    if (hash) layOutAllSections()
  }, [hash])
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
