import { useRouteLoaderData } from 'react-router'
import { defaultSite, type SiteConfig } from '#common/site.ts'

/** The public site config from the root loader (brand, team name…). */
export function useSite(): SiteConfig {
  const root = useRouteLoaderData('root') as { site?: SiteConfig } | undefined
  return root?.site ?? defaultSite
}
