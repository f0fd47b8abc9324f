import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.server.ts'
import { defaultSite, type SiteConfig } from '#common/site.ts'

/** The public site config the root loader sends (the team name is the default author, SPEC §9). */
export function useSite(): SiteConfig {
  return useRouteLoaderData<typeof rootLoader>('root')?.site ?? defaultSite
}
