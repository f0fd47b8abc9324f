import { ALT_MAX } from '#common/limits.ts'

/** 'An image of…', 'Photo showing…': a screen reader already says it is an image. */
const LEAD_IN =
  /^(?:(?:this|the)\s+)?(?:(?:an?|the)\s+)?(?:image|picture|photo(?:graph)?|illustration)\s+(?:of|shows|showing|depicting|depicts)(?:\s+|$)/i

/**
 * A model's description made fit for an alt attribute: one line, without quotes around it or the
 * 'Image of' lead-in, first letter capitalized. The length is not touched: `suggestedAltText`
 * refuses an answer over ALT_MAX rather than cutting it mid-thought.
 */
export function cleanAltText(raw: string): string {
  let text = raw.replace(/\s+/g, ' ').trim()
  text = text.replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').trim()
  text = text.replace(/^alt(?:\s+text)?\s*:\s*/i, '').replace(LEAD_IN, '')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Signs that an answer is data or markup, not a sentence: JSON (an object or a list), a code
 * fence or inline code, HTML tags, markdown images, links, headings, lists and emphasis.
 */
const NOT_PLAIN = [
  /^\s*[{[]/,
  /`/,
  /<\/?[a-z][^>]*>/i,
  /!?\[[^\]]*\]\(/,
  /^\s{0,3}#{1,6}\s/m,
  /^\s*(?:[-*+]|\d+[.)])\s/m,
  /\*\*|__/,
]

export type AltSuggestion = { ok: true; alt: string } | { ok: false; reason: 'empty' | 'not-plain' | 'too-long' }

/**
 * Issue 27 §10: a provider's answer is an alt text only when it is plain text that fits ALT_MAX
 * once cleaned; JSON, markup or an overlong answer is refused, never put in the field.
 */
export function suggestedAltText(raw: string): AltSuggestion {
  if (NOT_PLAIN.some((pattern) => pattern.test(raw))) return { ok: false, reason: 'not-plain' }
  const alt = cleanAltText(raw)
  if (alt === '') return { ok: false, reason: 'empty' }
  if (alt.length > ALT_MAX) return { ok: false, reason: 'too-long' }
  return { ok: true, alt }
}

/**
 * The featured image's alt on a public page: the writer's entry when there is one ('' means
 * decorative on purpose), else the post's title (an image with no alt written yet still says
 * something). docs/decisions/034-alt-text-and-internal-links.md
 */
export function featuredImageAlt(post: {
  title: string
  featuredImage: string | null
  imageAlts: Record<string, string>
}) {
  const src = post.featuredImage?.trim() ?? ''
  return src !== '' && Object.hasOwn(post.imageAlts, src) ? (post.imageAlts[src] ?? '') : post.title
}
