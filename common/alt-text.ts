import { ALT_MAX } from '#common/limits.ts'

/** 'An image of…', 'Photo showing…': a screen reader already says it is an image. */
const LEAD_IN =
  /^(?:(?:this|the)\s+)?(?:(?:an?|the)\s+)?(?:image|picture|photo(?:graph)?|illustration)\s+(?:of|shows|showing|depicting|depicts)(?:\s+|$)/i

/**
 * A model's description made fit for an alt attribute: one line, without quotes around it or the
 * 'Image of' lead-in, first letter capitalized, at most ALT_MAX characters (cut at a word).
 */
export function cleanAltText(raw: string): string {
  let text = raw.replace(/\s+/g, ' ').trim()
  text = text.replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').trim()
  text = text.replace(/^alt(?:\s+text)?\s*:\s*/i, '').replace(LEAD_IN, '')
  if (text.length > ALT_MAX) {
    const cut = text.slice(0, ALT_MAX)
    const space = cut.lastIndexOf(' ')
    text = (space > ALT_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')
  }
  return text.charAt(0).toUpperCase() + text.slice(1)
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
