import { redirect } from 'react-router'
import { SECURITY_PATH } from '#app/features/security/security-path.ts'
import { pageContext } from '#app/lib/context.ts'
import { twoFactorSetupNeeded } from '#server/services/two-factor.ts'
import type { Route } from './+types/guarded'

/**
 * Server side of the guard for every admin screen: a document request without a session is
 * redirected by server/app.ts before React runs; a client navigation (a `.data` request) is
 * redirected here, through React Router, so the browser gets a redirect it understands.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { userId, services } = context.get(pageContext)
  if (userId === null) {
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`)
  }
  // Issue 28: while the site requires two-factor sign-in and this person has none, only the
  // set-up opens (the API refuses the rest); the guard below does the same for client navigations.
  if (url.pathname !== SECURITY_PATH && (await twoFactorSetupNeeded(services.database.db, userId))) {
    throw redirect(SECURITY_PATH)
  }
  return null
}
