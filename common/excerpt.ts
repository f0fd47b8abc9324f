// The excerpt rule of a paste (common/paste.ts) and of AI drafts (server/services/ai/content.ts), on
// its own so that the server loads it without turndown (docs/decisions/042-fast-restart.md).

/** An excerpt made from a paste has at most this many characters. */
export const PASTE_EXCERPT_MAX = 160
/** The excerpt is cut at a sentence end only when that end falls after this share of its length. */
export const EXCERPT_SENTENCE_SHARE = 0.7

const ELLIPSIS = '...'

/**
 * docs/product.md §2/§9: a plain summary of at most 160 characters. Longer text is cut after the last
 * sentence end that falls within the first 160 characters, when that end lies beyond 70% of the
 * length (112 characters); otherwise at the last whole word, followed by an ellipsis.
 */
export function excerptFromText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= PASTE_EXCERPT_MAX) return clean
  let sentenceEnd = -1
  for (const match of clean.matchAll(/[.!?](?=\s|$)/g)) {
    const end = (match.index ?? 0) + 1
    if (end > PASTE_EXCERPT_MAX) break
    sentenceEnd = end
  }
  if (sentenceEnd > PASTE_EXCERPT_MAX * EXCERPT_SENTENCE_SHARE) return clean.slice(0, sentenceEnd)
  const room = PASTE_EXCERPT_MAX - ELLIPSIS.length
  const cut = clean.slice(0, room + 1)
  const space = cut.lastIndexOf(' ')
  const words = space > 0 ? cut.slice(0, space) : clean.slice(0, room)
  return `${words.replace(/[\s,;:–—-]+$/, '')}${ELLIPSIS}`
}
