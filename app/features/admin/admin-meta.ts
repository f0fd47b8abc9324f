import { defaultSite, type SiteConfig } from '#common/site.ts'

/** 'Blog Management · VidQuest Admin', the brand read from the root loader's data. */
function adminTitle(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>, page: string) {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { site?: SiteConfig } | undefined
  return `${page} · ${root?.site?.brandName ?? defaultSite.brandName} Admin`
}

/**
 * For an admin screen's `meta`: its title and the noindex robots tag. React Router keeps only the
 * deepest route's meta, so the admin layout's own robots tag never reaches a screen that has a title.
 */
export function adminMeta(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>, page: string) {
  return [{ title: adminTitle(matches, page) }, { name: 'robots', content: 'noindex, nofollow' }]
}
