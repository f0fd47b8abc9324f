// Issue 29: each network's own text rules, checked before anything is sent and shown while writing
// (docs/decisions/056-channel-text-rules.md). One table: adding a network is one row here plus its
// adapter on the server. X keeps twitter-text's weights (common/x-post-text.ts).

import { CHANNEL_LABELS, CHANNELS, type Channel } from '#common/channel-names.ts'
import { graphemes, X_TEXT_LIMIT, X_URL_WEIGHT, xWeightedLength } from '#common/x-post-text.ts'

export { CHANNELS, type Channel }

export interface ChannelRules {
  channel: Channel
  /** The network's name as people know it. */
  label: string
  /** The most one post may hold, in the network's own count. */
  limit: number
  /** How the network counts `text` against `limit`. */
  count: (text: string) => number
  /** What any link weighs whatever its length (X, Mastodon); null: its characters count. */
  linkWeight: number | null
  /** Whether a long text may go as a chain of replies. */
  threads: boolean
  /** Where the network folds a long post behind 'see more' (LinkedIn): the hook must fit before it. */
  foldAt: number | null
}

const URL_PATTERN = /https?:\/\/[^\s]+/g
/** Unicode characters (code points): an emoji with its modifiers counts as several. */
const codePoints = (text: string) => Array.from(text).length
/** Characters with every link counted as `weight`. */
const withLinksAs = (weight: number) => (text: string) => codePoints(text.replace(URL_PATTERN, 'x'.repeat(weight)))

export const CHANNEL_RULES: Record<Channel, ChannelRules> = {
  x: {
    channel: 'x',
    label: CHANNEL_LABELS.x,
    limit: X_TEXT_LIMIT,
    count: xWeightedLength,
    linkWeight: X_URL_WEIGHT,
    threads: true,
    foldAt: null,
  },
  linkedin: {
    channel: 'linkedin',
    label: CHANNEL_LABELS.linkedin,
    limit: 3_000,
    count: codePoints,
    linkWeight: null,
    threads: false,
    foldAt: 210,
  },
  // Bluesky counts graphemes (what a reader sees as one character); a link is its text.
  bluesky: {
    channel: 'bluesky',
    label: CHANNEL_LABELS.bluesky,
    limit: 300,
    count: (text) => graphemes(text).length,
    linkWeight: null,
    threads: true,
    foldAt: null,
  },
  mastodon: {
    channel: 'mastodon',
    label: CHANNEL_LABELS.mastodon,
    limit: 500,
    count: withLinksAs(23),
    linkWeight: 23,
    threads: true,
    foldAt: null,
  },
  threads: {
    channel: 'threads',
    label: CHANNEL_LABELS.threads,
    limit: 500,
    count: codePoints,
    linkWeight: null,
    threads: true,
    foldAt: null,
  },
}

export const isChannel = (value: unknown): value is Channel => CHANNELS.includes(value as Channel)

export interface TextCheck {
  /** The text's count in the network's own terms, link included. */
  used: number
  limit: number
  fits: boolean
  /** LinkedIn: whether the first line(s) a reader sees before 'see more' hold a whole sentence. */
  hookFits: boolean | null
}

/** The text as the network would count it, with ' ' + `link` appended when given. */
export function checkText(channel: Channel, text: string, link?: string): TextCheck {
  const rules = CHANNEL_RULES[channel]
  const used = rules.count(link ? `${text} ${link}` : text)
  let hookFits: boolean | null = null
  if (rules.foldAt !== null) {
    const hook = text.trim().split(/\n\s*\n/)[0] ?? ''
    hookFits = codePoints(hook) <= rules.foldAt
  }
  return { used, limit: rules.limit, fits: used <= rules.limit, hookFits }
}

export interface ThreadOptions {
  /** ' 1/3' after each part when the text needs several (default true). */
  numbered?: boolean
  /** The tracked link and the part it goes in: the first (the hook) or the last (after the story). */
  link?: { url: string; at: 'first' | 'last' }
}

/**
 * Splits `text` into posts that each fit the network's limit, as a reply chain: at paragraph ends
 * first, then at sentence ends, then between words, never inside a word (a single word longer than
 * a whole post, which no network allows, is the one thing cut). Numbered ' i/n' when there are
 * several parts; the link goes at the end of the part the writer chose. A network without threads
 * (LinkedIn) gets its text back as one part, which `checkText` then refuses if it is too long.
 */
export function splitThread(channel: Channel, text: string, { numbered = true, link }: ThreadOptions = {}): string[] {
  const rules = CHANNEL_RULES[channel]
  const clean = text.trim()
  const linkWeight = link ? (rules.linkWeight ?? rules.count(link.url)) + 1 : 0
  const single = link ? `${clean} ${link.url}` : clean
  if (!rules.threads || rules.count(single) <= rules.limit) return [single]

  // Numbering ' 12/12' grows with the count of parts: try one digit, then two, then three.
  for (const digits of [1, 2, 3]) {
    const suffixWeight = numbered ? 2 + 2 * digits : 0
    const room = (part: number) => rules.limit - suffixWeight - (link?.at === 'first' && part === 0 ? linkWeight : 0)
    const parts = pack(clean, room, rules.count)
    let total = parts.length
    // The link after the last part, or in a part of its own when the last is full.
    const linkAlone = link?.at === 'last' && rules.count(parts[total - 1] as string) + linkWeight > room(total - 1)
    if (linkAlone) total += 1
    if (numbered && String(total).length > digits) continue
    const out = parts.map((part, i) => {
      const withLink =
        link && ((link.at === 'first' && i === 0) || (link.at === 'last' && i === parts.length - 1 && !linkAlone))
      return withLink ? `${part} ${link.url}` : part
    })
    if (linkAlone && link) out.push(link.url)
    return numbered ? out.map((part, i) => `${part} ${i + 1}/${out.length}`) : out
  }
  throw new Error('A text this long does not fit in 999 posts')
}

/** Greedy packing of paragraphs, then sentences, then words into parts that fit `room(i)`. */
function pack(text: string, room: (part: number) => number, count: (text: string) => number): string[] {
  const parts: string[] = []
  let current = ''
  const fits = (candidate: string) => count(candidate) <= room(parts.length)
  const close = () => {
    if (current !== '') parts.push(current)
    current = ''
  }
  const add = (piece: string, glue: string) => {
    const candidate = current === '' ? piece : `${current}${glue}${piece}`
    if (fits(candidate)) {
      current = candidate
      return true
    }
    return false
  }
  for (const paragraph of text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (add(paragraph, '\n\n')) continue
    close()
    if (add(paragraph, '')) continue
    for (const sentence of paragraph.split(/(?<=[.!?…])\s+/)) {
      if (add(sentence, ' ')) continue
      close()
      if (add(sentence, '')) continue
      for (const word of sentence.split(/\s+/)) {
        if (add(word, ' ')) continue
        close()
        if (add(word, '')) continue
        // One word longer than a whole post: cut between graphemes, the only cut inside a word.
        let rest = graphemes(word)
        while (rest.length > 0) {
          let n = rest.length
          while (n > 1 && !fits(rest.slice(0, n).join(''))) n--
          current = rest.slice(0, n).join('')
          rest = rest.slice(n)
          if (rest.length > 0) close()
        }
      }
    }
  }
  close()
  return parts
}
