import { defaultSite, type SiteConfig } from '#common/site.ts'

/** For `meta`: 'Blog Management · VidQuest', the brand read from the root loader's data. */
export function adminTitle(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>, page: string) {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { site?: SiteConfig } | undefined
  return `${page} · ${root?.site?.brandName ?? defaultSite.brandName} Admin`
}
