import slugify from '@sindresorhus/slugify'

// The display helpers live in display-text.ts (no slugify there: public pages load it).
export { categoryLabel, longUsDate, relativeTime } from '#common/display-text.ts'

/** docs/product.md §9: the teaser fallback length. */
export const TEASER_FALLBACK_LENGTH = 100

/**
 * docs/product.md §2: the first sentence of the text, or else its first 100 characters followed by an
 * ellipsis (a text of 100 characters or fewer without a sentence end is kept whole).
 */
export function teaser(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim()
  if (clean === '') return ''
  const sentence = /^.+?[.!?](?=\s|$)/.exec(clean)
  if (sentence) return sentence[0]
  return clean.length > TEASER_FALLBACK_LENGTH ? `${clean.slice(0, TEASER_FALLBACK_LENGTH)}...` : clean
}

/** docs/product.md §2/§9: a slug made from a title has at most 60 characters, cut between words. */
export const DERIVED_SLUG_MAX = 60

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable name for a title no library can spell. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/**
 * The one slug rule of the product (editor, paste helper, AI drafts, rewriter; issue 10 §6):
 * @sindresorhus/slugify transliterates Latin, Cyrillic, Greek, Arabic and more (`Café crème
 * brûlée` → `cafe-creme-brulee`), lowercases and joins words with hyphens; the result is cut to
 * 60 characters between words. A title whose letters no transliteration covers (Japanese,
 * Chinese, Hebrew, Thai…) gets `post-<8 hex digits>` from its text: never an empty slug, always a
 * plain address (docs/decisions/021).
 */
export function toSlug(title: string): string {
  const slug = slugify(title, { decamelize: false })
  if (slug === '') return /[\p{L}\p{N}]/u.test(title) ? `post-${shortHash(title.trim().normalize('NFC'))}` : ''
  if (slug.length <= DERIVED_SLUG_MAX) return slug
  let cut = slug.slice(0, DERIVED_SLUG_MAX)
  if (slug[DERIVED_SLUG_MAX] !== '-' && cut.includes('-')) cut = cut.slice(0, cut.lastIndexOf('-'))
  return cut.replace(/-+$/, '')
}

/**
 * docs/product.md §2 (edit post): when the title changes from `previousTitle` to `nextTitle`, the slug follows
 * only while it is empty or still the previous title's slug. The new slug, or null to keep it.
 */
export function followedSlug(
  slug: string,
  previousTitle: string,
  nextTitle: string,
  derive: (title: string) => string = toSlug,
): string | null {
  return slug === '' || slug === derive(previousTitle) ? derive(nextTitle) : null
}

/** A markdown image whose address the page can show: a path on this site, or (older posts) a data image. */
const CONTENT_IMAGE = /!\[[^\]]*\]\(\s*<?(\/(?!\/)[^)\s>]+|data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+)/i

/**
 * docs/product.md §2 (latest articles), as issue 10 §1 has it: the featured image when set, else the first
 * image in the content, else null (the caller shows the branded placeholder). Images are imported
 * on save (docs/decisions/023), so that image is on this site; an embedded data image of a post
 * saved before still counts.
 */
export function coverImage(post: { featuredImage?: string | null; content?: string | null }): string | null {
  const featured = post.featuredImage?.trim()
  if (featured) return featured
  const match = CONTENT_IMAGE.exec(post.content ?? '')
  return match ? (match[1] as string).replace(/\s+/g, '') : null
}
