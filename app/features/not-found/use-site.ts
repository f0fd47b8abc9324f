import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.server.ts'
import { defaultSite, type SiteConfig } from '#common/site.ts'

/** The public site config from the root loader; the defaults only if the root loader did not run. */
export function useSite(): SiteConfig {
  return useRouteLoaderData<typeof rootLoader>('root')?.site ?? defaultSite
}
