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

/**
 * The copyright year the server rendered the page in (issue 27 §13); this clock's when the root
 * loader did not run (an error boundary renders the same on both sides but for a New Year's second).
 */
export function useCopyrightYear(): number {
  return useRouteLoaderData<typeof rootLoader>('root')?.year ?? new Date().getUTCFullYear()
}
