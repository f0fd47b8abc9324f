import { pageContext } from '#app/lib/context.ts'
import type { Route } from './+types/root'

/** Only the public subset of the configuration reaches the browser. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(pageContext).services
  return { site: config.site, publicUrl: config.publicUrl }
}
