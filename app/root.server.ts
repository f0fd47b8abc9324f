import { pageContext } from '#app/lib/context.ts'
import type { Route } from './+types/root'

/**
 * Only the public subset of the configuration reaches the browser, and the year of the server's
 * clock for the footer (issue 27 §13): one year for the server's HTML and the hydrating browser.
 * Public pages are cached for seconds, so a cached page turns to the new year within seconds.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(pageContext).services
  return { site: config.site, publicUrl: config.publicUrl, year: new Date().getUTCFullYear() }
}
