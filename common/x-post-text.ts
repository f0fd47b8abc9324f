// X's own length rules (twitter-text): most characters weigh 1, CJK and emoji weigh 2, any URL
// weighs 23. An X post's text is followed by a space and its short link, so the text gets
// 280 - 1 - 23 = 256 weighted characters.
import twitterText from 'twitter-text'
import { teaser } from '#common/text-rules.ts'

export const X_TEXT_LIMIT = 280
/** What X counts for any link, whatever its length (t.co wrapping). */
export const X_URL_WEIGHT = 23
/** The budget of the text that precedes ' ' + link. */
export const X_TEXT_BUDGET = X_TEXT_LIMIT - 1 - X_URL_WEIGHT
export const HASHTAGS_MAX = 3

const ELLIPSIS = '…'

export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength
}

/** Whether `text` + ' ' + a link fits in one X post as X counts it. */
export function fitsWithLink(text: string): boolean {
  return xWeightedLength(text) <= X_TEXT_BUDGET
}

let segmenter: Intl.Segmenter | undefined
/** Made on first use: building ICU's grapheme rules costs a few ms, at every server start otherwise. */
const segmentGraphemes = (text: string) => {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return segmenter.segment(text)
}

/** The text's graphemes: what a reader sees as one character (an emoji with its modifiers is one). */
export const graphemes = (text: string) => Array.from(segmentGraphemes(text), (s) => s.segment)

/**
 * Cuts `text` so it weighs at most `budget`, ending with an ellipsis. Cuts between graphemes (an
 * emoji with its modifiers stays whole), at a word end when one is near enough.
 */
export function truncateToWeight(text: string, budget = X_TEXT_BUDGET): string {
  const clean = text.trim()
  if (xWeightedLength(clean) <= budget) return clean
  const parts = graphemes(clean)
  const fits = (n: number) => xWeightedLength(`${parts.slice(0, n).join('').trimEnd()}${ELLIPSIS}`) <= budget
  // Weight grows with the number of graphemes kept: binary search the longest prefix that fits.
  let lo = 0
  let hi = parts.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  if (lo === 0) return ''
  let cut = parts.slice(0, lo).join('')
  // Prefer a word end when it loses at most a fifth of the kept text (CJK has no spaces: keep the cut).
  const space = cut.search(/\s\S*$/)
  if (space > cut.length * 0.8 && parts[lo] !== undefined && !/^\s/.test(parts[lo] as string)) {
    cut = cut.slice(0, space)
  }
  return `${cut.trimEnd().replace(/[\s,;:.\-–—]+$/u, '')}${ELLIPSIS}`
}

/** A tag as a hashtag: 'market-trends' → '#MarketTrends', 'video' → '#video'; null when X would not link it. */
export function toHashtag(tag: string): string | null {
  const words = tag
    .normalize('NFC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w !== '')
  if (words.length === 0) return null
  const body =
    words.length === 1 ? (words[0] as string) : words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
  const hashtag = `#${body}`
  return twitterText.isValidHashtag(hashtag) ? hashtag : null
}

/** Up to three distinct hashtags from the post's tags, in order. */
export function hashtagsFor(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const tag of tags) {
    const hashtag = toHashtag(tag)
    if (!hashtag || seen.has(hashtag.toLowerCase())) continue
    seen.add(hashtag.toLowerCase())
    out.push(hashtag)
    if (out.length === HASHTAGS_MAX) break
  }
  return out
}

export interface TemplateSource {
  title: string
  excerpt: string | null
  tags: readonly string[]
}

/**
 * The template X post: title, the excerpt's teaser, up to three hashtags, one per paragraph,
 * fitted to the budget. What gives way first: the teaser is shortened or dropped, then hashtags
 * are dropped from the end, then the title is shortened.
 */
export function templateXText({ title, excerpt, tags }: TemplateSource, budget = X_TEXT_BUDGET): string {
  const join = (parts: string[]) => parts.filter((p) => p !== '').join('\n\n')
  const head = title.replace(/\s+/g, ' ').trim()
  const body = teaser(excerpt)
  const hashtags = hashtagsFor(tags)

  const full = join([head, body, hashtags.join(' ')])
  if (xWeightedLength(full) <= budget) return full

  const kept = [...hashtags]
  while (kept.length > 0 && xWeightedLength(join([head, kept.join(' ')])) > budget) kept.pop()
  const tagLine = kept.join(' ')
  const withoutTeaser = join([head, tagLine])
  if (xWeightedLength(withoutTeaser) > budget) {
    // The title alone is too long: it is all there is.
    return truncateToWeight(head, budget)
  }
  // Room left for the teaser between title and hashtags (two paragraph breaks weigh 2).
  const room = budget - xWeightedLength(withoutTeaser) - 2
  const shortTeaser = body && room >= 20 ? truncateToWeight(body, room) : ''
  const text = join([head, shortTeaser, tagLine])
  return xWeightedLength(text) <= budget ? text : truncateToWeight(text, budget)
}
