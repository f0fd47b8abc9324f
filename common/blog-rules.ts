/**
 * Rules of the public blog list and post pages (issue #6): paging, filtering, card text and the
 * SEO description. Pure: the loaders and the feeds call them on the server.
 */

/** Grid cards per page. The unfiltered first page shows the featured post on top of a full grid. */
export const BLOG_PAGE_SIZE = 12
/** docs/product.md §9: tags per card, up to 2. */
export const CARD_TAGS_MAX = 2
/** docs/product.md §9: public blog skeleton cards. */
export const BLOG_SKELETON_CARDS = 6
/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_MAX = 160
/**
 * A data-URL cover larger than this is not put on a list card: it would be sent twice (HTML and
 * hydration data) for every card; the card shows the gradient placeholder instead.
 */
export const LIST_DATA_IMAGE_MAX = 150_000

export interface BlogListQuery {
  category: string | null
  page: number
}

const CATEGORY_PARAM = /^[\w-]{1,100}$/

/** Reads `?category=…&page=…`; anything unusable falls back to all categories and page 1. */
export function parseBlogListQuery(search: URLSearchParams): BlogListQuery {
  const rawCategory = search.get('category')?.trim().toLowerCase() ?? ''
  const category = CATEGORY_PARAM.test(rawCategory) ? rawCategory : null
  const rawPage = search.get('page') ?? ''
  const page = /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1
  return { category, page }
}

/** The address of a list page, with parameters in one order and page 1 left out (canonical form). */
export function blogListHref({ category, page }: { category?: string | null; page?: number }): string {
  const params = new URLSearchParams()
  if (category) params.set('category', category)
  if (page && page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `/blog?${query}` : '/blog'
}

/** The featured card appears only on the first page of the unfiltered list. */
export function hasFeatured(query: BlogListQuery): boolean {
  return query.category === null && query.page === 1
}

/**
 * Which rows a page shows. Unfiltered: page 1 holds the featured post plus 12 grid cards, later
 * pages 12 cards each. Filtered by category: 12 per page, no featured card.
 */
export function pageWindow(query: BlogListQuery): { offset: number; limit: number } {
  if (query.category !== null) return { offset: (query.page - 1) * BLOG_PAGE_SIZE, limit: BLOG_PAGE_SIZE }
  if (query.page === 1) return { offset: 0, limit: BLOG_PAGE_SIZE + 1 }
  return { offset: BLOG_PAGE_SIZE + 1 + (query.page - 2) * BLOG_PAGE_SIZE, limit: BLOG_PAGE_SIZE }
}

/** How many pages `total` posts fill (at least 1, so an empty list still has its page). */
export function pageCount(total: number, category: string | null): number {
  if (total <= 0) return 1
  if (category !== null) return Math.ceil(total / BLOG_PAGE_SIZE)
  if (total <= BLOG_PAGE_SIZE + 1) return 1
  return 1 + Math.ceil((total - BLOG_PAGE_SIZE - 1) / BLOG_PAGE_SIZE)
}

/** Up to 2 tags for a card (docs/product.md §9), blanks and duplicates dropped. */
export function cardTags(tags: readonly string[] | null | undefined): string[] {
  const out: string[] = []
  const taken = new Set<string>()
  for (const tag of tags ?? []) {
    const t = tag.trim()
    if (!t || taken.has(t.toLowerCase())) continue
    taken.add(t.toLowerCase())
    out.push(t)
    if (out.length === CARD_TAGS_MAX) break
  }
  return out
}

/** The author shown on cards and the post: the post's author, else the team name (docs/product.md §9). */
export function authorName(author: string | null | undefined, teamName: string): string {
  const a = author?.trim()
  return a ? a : teamName
}

/** Issue 28: a byline of several people in words: 'A', 'A and B', 'A, B and C'. */
export function bylineText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/**
 * Issue 28: who signs a post, in words, wherever it is shown (cards, the page, feeds, the link
 * preview image): its free-text author (a guest, the seed's posts), else its staff authors, else
 * the team. docs/decisions/048-author-profiles.md
 */
export function signedBy(
  author: string | null | undefined,
  staff: readonly { name: string }[] | undefined,
  teamName: string,
): string {
  if (author?.trim() || !staff || staff.length === 0) return authorName(author, teamName)
  return bylineText(staff.map((a) => a.name))
}

/**
 * 'N views', with the singular for one, grouped in thousands as en-US writes them ('1,234').
 * Not `toLocaleString`: its first call in a page sets up the browser's ICU number formatting,
 * 35-40 ms of one hydration task on a post or /blog (x4 in Lighthouse's mobile run). Issue 13 §5.
 */
export function viewsLabel(count: number): string {
  const n = Math.max(0, Math.trunc(count))
  return `${String(n).replace(/\B(?=(\d{3})+$)/g, ',')} ${n === 1 ? 'view' : 'views'}`
}

/**
 * A meta description: whole text when short enough, else cut at the last word boundary before
 * 160 characters with an ellipsis.
 */
export function metaDescription(text: string | null | undefined, max = META_DESCRIPTION_MAX): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

/** The cover for a list card: a usable address, or null for the placeholder. */
export function listCoverImage(cover: string | null): string | null {
  if (!cover) return null
  if (cover.startsWith('data:') && cover.length > LIST_DATA_IMAGE_MAX) return null
  return cover
}

const STORED_IMAGE = /^\/images\/[0-9a-f]{64}\.(?:jpg|png|webp|gif|avif)$/
const SRCSET_WIDTHS = [480, 960, 1280] as const

/** Our own stored images come in resized variants (`?w=`); others have no srcset. */
export function responsiveSrcSet(src: string): string | null {
  if (!STORED_IMAGE.test(src)) return null
  return SRCSET_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ')
}
