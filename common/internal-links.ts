/**
 * Internal links (issue 15 §4): where in a post's markdown a link to another post may go. A
 * phrase counts only in plain text: never inside a heading, a code block or span, a link, an
 * image, an autolink or a bare URL, and only as whole words (case-insensitive).
 * docs/decisions/034-alt-text-and-internal-links.md
 */

export interface Span {
  start: number
  end: number
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-{2,})\s*$/
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/
// Images and links (their text and address), code spans, autolinks, bare URLs, raw HTML tags.
const NOT_PLAIN =
  /!?\[(?:[^\]\\]|\\.)*\]\((?:[^()\\]|\\.|\([^()]*\))*\)|!?\[(?:[^\]\\]|\\.)*\]\[[^\]]*\]|(`+)[\s\S]*?\1|<[^>\s]+>|https?:\/\/\S+|www\.\S+/g

/** The line with every non-plain stretch blanked out (same length, so offsets still match). */
function plainOf(line: string): string {
  return line.replace(NOT_PLAIN, (m) => '\u0000'.repeat(m.length))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The first plain-text occurrence of `phrase` in `content`, or null. */
export function findAnchor(content: string, phrase: string): Span | null {
  const words = phrase.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return null
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${words.map(escapeRegExp).join('[ \\t]+')}(?![\\p{L}\\p{N}_])`, 'iu')
  const lines = content.split('\n')
  let offset = 0
  let fence: string | null = null
  for (const [i, line] of lines.entries()) {
    const start = offset
    offset += line.length + 1
    const opener = FENCE.exec(line)
    if (fence) {
      if (opener && opener[1]?.[0] === fence[0] && (opener[1]?.length ?? 0) >= fence.length) fence = null
      continue
    }
    if (opener) {
      fence = opener[1] ?? null
      continue
    }
    // Indented code, headings (ATX, or the text line above a setext underline), reference definitions.
    if (/^(?: {4}|\t)/.test(line) || HEADING.test(line) || REFERENCE_DEFINITION.test(line)) continue
    const next = lines[i + 1]
    if (next !== undefined && line.trim() !== '' && SETEXT_UNDERLINE.test(next) && /=/.test(next)) continue
    const match = pattern.exec(plainOf(line))
    if (match) return { start: start + match.index, end: start + match.index + match[0].length }
  }
  return null
}

/**
 * The content with the first plain occurrence of `anchor` made a markdown link to `href`, keeping
 * the words as the writer typed them; null when the anchor no longer occurs as plain text.
 */
export function insertLink(content: string, anchor: string, href: string): string | null {
  const span = findAnchor(content, anchor)
  if (!span) return null
  const text = content.slice(span.start, span.end)
  return `${content.slice(0, span.start)}[${text}](${href})${content.slice(span.end)}`
}

/** Slugs of the posts this content links to already (`/blog/slug`, absolute or relative). */
export function linkedSlugs(content: string): Set<string> {
  const slugs = new Set<string>()
  for (const match of content.matchAll(/\]\(\s*<?(?:https?:\/\/[^/\s)]+)?\/blog\/([a-z0-9_-]+)/gi)) {
    slugs.add((match[1] as string).toLowerCase())
  }
  return slugs
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from how in into is it its of on or our the their this to was what when where which who why with you your vs'.split(
    ' ',
  ),
)

/**
 * What may serve as the link text for a post, best first: its title, its tags, then the runs of
 * two or more title words that neither start nor end with a stop word, then single title words
 * of six letters or more. The caller takes the first that occurs in the linking post.
 */
export function anchorCandidates(title: string, tags: string[]): string[] {
  const words = title.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean)
  const runs: string[] = []
  for (let length = words.length - 1; length >= 2; length--) {
    for (let from = 0; from + length <= words.length; from++) {
      const run = words.slice(from, from + length)
      const first = run[0]?.toLowerCase() ?? ''
      const last = run[run.length - 1]?.toLowerCase() ?? ''
      if (!STOP_WORDS.has(first) && !STOP_WORDS.has(last)) runs.push(run.join(' '))
    }
  }
  const singles = words.filter((w) => w.length >= 6 && !STOP_WORDS.has(w.toLowerCase()))
  const all = [title.trim(), ...tags.filter((t) => t.trim().length >= 3), ...runs, ...singles]
  const seen = new Set<string>()
  return all.filter((c) => {
    const key = c.toLowerCase()
    if (c === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The longest candidate that occurs as plain text in `content`, as written there; null if none. */
export function chooseAnchor(content: string, candidates: string[]): string | null {
  let best: string | null = null
  for (const candidate of candidates) {
    const span = findAnchor(content, candidate)
    if (!span) continue
    const text = content.slice(span.start, span.end)
    if (best === null || text.length > best.length) best = text
  }
  return best
}
