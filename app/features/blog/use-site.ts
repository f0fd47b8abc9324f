import { useRouteLoaderData } from 'react-router'
import { defaultSite, type SiteConfig } from '#common/site.ts'

/** The site config from the root loader (falls back to the defaults inside an error boundary). */
export function useSite(): SiteConfig {
  const root = useRouteLoaderData('root') as { site?: SiteConfig } | undefined
  return root?.site ?? defaultSite
}
