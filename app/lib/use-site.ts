import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.server.ts'
import { defaultSite, type SiteConfig } from '#common/site.ts'

/**
 * The public site config the root loader sends (brand, team name, links); the defaults when the
 * root loader did not run (inside an error boundary).
 */
export function useSite(): SiteConfig {
  return useRouteLoaderData<typeof rootLoader>('root')?.site ?? defaultSite
}
