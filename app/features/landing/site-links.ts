import { useRouteLoaderData } from 'react-router'
import { defaultSite, type SiteConfig } from '#common/site.ts'

interface RootData {
  site: SiteConfig
  publicUrl: string
}

/** Every outbound link of the landing page comes from the one site config (root loader). */
export function useSite(): SiteConfig {
  const root = useRouteLoaderData('root') as RootData | undefined
  return root?.site ?? defaultSite
}

/** Props for a link that opens another site in a new tab without handing it our window. */
export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const
