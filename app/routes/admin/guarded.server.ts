import { redirect } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import type { Route } from './+types/guarded'

/**
 * Server side of the guard for every admin screen: a document request without a session is
 * redirected by server/app.ts before React runs; a client navigation (a `.data` request) is
 * redirected here, through React Router, so the browser gets a redirect it understands.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  if (context.get(pageContext).userId === null) {
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return null
}
