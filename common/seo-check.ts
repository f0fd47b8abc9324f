import { flesch } from 'flesch'
import MarkdownIt from 'markdown-it'
import { syllable } from 'syllable'
import { toSlug } from '#common/text-rules.ts'

/**
 * Issue 15 §2: the SEO and readability checks of a post. One pure function, run live in the editor
 * as the writer types and by `POST /api/blog/seo-check`, so both always agree.
 * docs/decisions/033-seo-assistant.md
 */

export type SeoStatus = 'good' | 'improve' | 'problem'

export interface SeoCheck {
  id: SeoCheckId
  status: SeoStatus
  message: string
}

export interface SeoInput {
  title: string
  slug: string
  excerpt: string
  content: string
  focusKeyword?: string | null
  /** The public address of the site: absolute links to its host count as internal. */
  siteUrl?: string | null
  /** The post's alt texts by image URL ('' = decorative on purpose), as the post stores them. */
  imageAlts?: Record<string, string> | null
}

export interface SeoResult {
  score: number
  checks: SeoCheck[]
}

export type SeoCheckId =
  | 'title-length'
  | 'excerpt-length'
  | 'focus-keyword'
  | 'keyword-in-title'
  | 'keyword-in-slug'
  | 'keyword-in-first-paragraph'
  | 'keyword-in-subheading'
  | 'text-length'
  | 'single-h1'
  | 'heading-order'
  | 'image-alt'
  | 'internal-link'
  | 'external-link'
  | 'paragraph-length'
  | 'sentence-length'
  | 'reading-ease'

export const TITLE_RANGE = { min: 30, max: 60 } as const
export const EXCERPT_RANGE = { min: 120, max: 160 } as const
export const TEXT_WORDS_MIN = 300
export const PARAGRAPH_WORDS_MAX = 150
export const SENTENCE_WORDS_MAX = 20
/** Share of long sentences (over SENTENCE_WORDS_MAX words) above which the check asks to shorten. */
export const LONG_SENTENCES_MAX_SHARE = 0.25
/** Flesch reading ease: from here up is plain English; below the second bound is very difficult. */
export const READING_EASE_GOOD = 60
export const READING_EASE_PROBLEM = 30

const POINTS: Record<SeoStatus, number> = { good: 1, improve: 0.5, problem: 0 }

/** The score: good = 1, improve = 0.5, problem = 0, averaged over the checks, × 100, rounded. */
export function seoScore(checks: readonly { status: SeoStatus }[]): number {
  if (checks.length === 0) return 0
  return Math.round((checks.reduce((sum, c) => sum + POINTS[c.status], 0) / checks.length) * 100)
}

/** A word label for the score, so the meter never speaks through colour alone. */
export function scoreLabel(score: number): { status: SeoStatus; label: string } {
  if (score >= 80) return { status: 'good', label: 'Good' }
  if (score >= 50) return { status: 'improve', label: 'Needs work' }
  return { status: 'problem', label: 'Poor' }
}

/** The plain-language band of a Flesch reading ease score (English). */
export function readingEaseBand(score: number): { status: SeoStatus; band: string } {
  const band =
    score >= 90
      ? 'very easy to read'
      : score >= 80
        ? 'easy to read'
        : score >= 70
          ? 'fairly easy to read'
          : score >= 60
            ? 'plain English'
            : score >= 50
              ? 'fairly difficult to read'
              : score >= 30
                ? 'difficult to read'
                : 'very difficult to read'
  const status = score >= READING_EASE_GOOD ? 'good' : score >= READING_EASE_PROBLEM ? 'improve' : 'problem'
  return { status, band }
}

// Same parsing options as common/markdown.ts, so headings, links and images are found as rendered.
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })
type Token = ReturnType<typeof md.parse>[number]

interface Outline {
  headings: { level: number; text: string }[]
  paragraphs: string[]
  images: { src: string; alt: string }[]
  links: string[]
}

function inlineText(children: Token[]): string {
  return children
    .map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : t.type.endsWith('break') ? ' ' : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

function outline(content: string): Outline {
  const out: Outline = { headings: [], paragraphs: [], images: [], links: [] }
  const tokens = md.parse(content, {})
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token
    const inline = tokens[i + 1]
    if (token.type === 'heading_open') {
      out.headings.push({ level: Number(token.tag.slice(1)), text: inlineText(inline?.children ?? []) })
    } else if (token.type === 'paragraph_open') {
      const text = inlineText(inline?.children ?? [])
      if (text !== '') out.paragraphs.push(text)
    } else if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'image') out.images.push({ src: String(child.attrGet('src') ?? ''), alt: child.content })
        if (child.type === 'link_open') out.links.push(String(child.attrGet('href') ?? ''))
      }
    }
  }
  return out
}

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w))

/** Sentences end at . ! ? (or the paragraph's end); an approximation, as every readability tool's. */
const sentences = (paragraph: string) =>
  paragraph
    .split(/(?<=[.!?…]["'”’)\]]*)\s+/u)
    .map(words)
    .filter((w) => w.length > 0)

const length = (text: string) => [...text.trim()].length
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function containsPhrase(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text)
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}

function rangeCheck(
  id: SeoCheckId,
  value: string,
  range: { min: number; max: number },
  what: { name: string; empty: string; short: string; long: string },
): SeoCheck {
  const n = length(value)
  if (n === 0) return { id, status: 'problem', message: what.empty }
  const count = `The ${what.name} is ${plural(n, 'character')}`
  if (n < range.min) return { id, status: 'improve', message: `${count}; ${what.short}` }
  if (n > range.max) return { id, status: 'improve', message: `${count}; ${what.long}` }
  return { id, status: 'good', message: `${count}, within ${range.min}–${range.max}.` }
}

function keywordChecks(input: SeoInput, doc: Outline): SeoCheck[] {
  const keyword = (input.focusKeyword ?? '').trim().replace(/\s+/g, ' ')
  if (keyword === '') {
    return [
      {
        id: 'focus-keyword',
        status: 'improve',
        message: 'Set a focus keyword: the phrase people would search for to find this post.',
      },
    ]
  }
  const q = `“${keyword}”`
  const firstParagraph = doc.paragraphs[0] ?? ''
  const keywordSlug = toSlug(keyword)
  const subheadings = doc.headings.filter((h) => h.level > 1)
  const check = (id: SeoCheckId, found: boolean, good: string, improve: string): SeoCheck =>
    found ? { id, status: 'good', message: good } : { id, status: 'improve', message: improve }
  return [
    check(
      'keyword-in-title',
      containsPhrase(input.title, keyword),
      `The title contains the focus keyword ${q}.`,
      `Use the focus keyword ${q} in the title, near the start if you can.`,
    ),
    check(
      'keyword-in-slug',
      keywordSlug !== '' && `-${input.slug.trim().toLowerCase()}-`.includes(`-${keywordSlug}-`),
      `The slug contains the focus keyword (${keywordSlug}).`,
      `Put the focus keyword in the slug, e.g. “…-${keywordSlug}-…”.`,
    ),
    check(
      'keyword-in-first-paragraph',
      containsPhrase(firstParagraph, keyword),
      `The first paragraph mentions the focus keyword ${q}.`,
      `Mention the focus keyword ${q} in the first paragraph, so readers and search engines see the topic at once.`,
    ),
    check(
      'keyword-in-subheading',
      subheadings.some((h) => containsPhrase(h.text, keyword)),
      `A subheading contains the focus keyword ${q}.`,
      `Use the focus keyword ${q} in at least one subheading (## or ###).`,
    ),
  ]
}

function headingChecks(doc: Outline): SeoCheck[] {
  const h1s = doc.headings.filter((h) => h.level === 1)
  const singleH1: SeoCheck =
    h1s.length === 0
      ? { id: 'single-h1', status: 'good', message: 'The title is the page’s only H1.' }
      : {
          id: 'single-h1',
          status: 'problem',
          message: `The title is already the page’s H1, but the text has ${plural(h1s.length, 'top-level heading')} (“# ${h1s[0]?.text}”): make ${h1s.length === 1 ? 'it' : 'them'} “## …”.`,
        }
  // The title is the H1, so the text's first heading should be an H2, and no heading may skip a level.
  let previous = 1
  let skipped: { level: number; text: string; previous: number } | null = null
  for (const h of doc.headings) {
    if (h.level > previous + 1 && !skipped) skipped = { ...h, previous }
    previous = h.level
  }
  const order: SeoCheck = skipped
    ? {
        id: 'heading-order',
        status: 'improve',
        message: `“${skipped.text}” is an H${skipped.level} after an H${skipped.previous}: make it an H${skipped.previous + 1} (${'#'.repeat(skipped.previous + 1)}) so no level is skipped.`,
      }
    : {
        id: 'heading-order',
        status: 'good',
        message: doc.headings.length === 0 ? 'No subheadings yet; their order is fine.' : 'The headings are in order.',
      }
  return [singleH1, order]
}

function imageCheck(doc: Outline, alts: Record<string, string>): SeoCheck {
  // An image without alt text in the markdown is fine when the post gives it one, or marks it
  // decorative on purpose (its stored alt text is '').
  const missing = doc.images.filter((img) => img.alt.trim() === '' && alts[img.src] === undefined)
  if (doc.images.length === 0) return { id: 'image-alt', status: 'good', message: 'No images in the text.' }
  if (missing.length === 0) {
    return { id: 'image-alt', status: 'good', message: `All ${plural(doc.images.length, 'image')} have alt text.` }
  }
  return {
    id: 'image-alt',
    status: 'problem',
    message: `${plural(missing.length, 'image')} of ${doc.images.length} ${missing.length === 1 ? 'has' : 'have'} no alt text: describe ${missing.length === 1 ? 'it' : 'each'} in ![…](…), or mark it decorative.`,
  }
}

function linkChecks(doc: Outline, siteUrl: string | null | undefined): SeoCheck[] {
  const siteHost = hostOf(siteUrl)
  let internal = 0
  let external = 0
  for (const href of doc.links) {
    const trimmed = href.trim()
    if (/^\/(?!\/)/.test(trimmed) || /^\.{1,2}\//.test(trimmed)) internal++
    else if (/^https?:\/\//i.test(trimmed)) {
      if (siteHost !== null && hostOf(trimmed) === siteHost) internal++
      else external++
    }
  }
  return [
    internal > 0
      ? { id: 'internal-link', status: 'good', message: `${plural(internal, 'link')} to other pages of this site.` }
      : {
          id: 'internal-link',
          status: 'improve',
          message: 'Link to at least one other post or page of this site (e.g. [related post](/blog/…)).',
        },
    external > 0
      ? { id: 'external-link', status: 'good', message: `${plural(external, 'link')} to other sites.` }
      : {
          id: 'external-link',
          status: 'improve',
          message: 'Link to at least one trustworthy source on another site.',
        },
  ]
}

function readabilityChecks(doc: Outline): SeoCheck[] {
  const paragraphWords = doc.paragraphs.map((p) => words(p).length)
  const total = paragraphWords.reduce((a, b) => a + b, 0)
  const textLength: SeoCheck =
    total === 0
      ? { id: 'text-length', status: 'problem', message: 'Write the text of the post.' }
      : total < TEXT_WORDS_MIN
        ? {
            id: 'text-length',
            status: 'improve',
            message: `The text has ${plural(total, 'word')}; write at least ${TEXT_WORDS_MIN} so the post can rank.`,
          }
        : { id: 'text-length', status: 'good', message: `The text has ${plural(total, 'word')}.` }
  if (total === 0) {
    const nothing = 'Nothing to measure yet: write some paragraphs.'
    return [
      textLength,
      { id: 'paragraph-length', status: 'improve', message: nothing },
      { id: 'sentence-length', status: 'improve', message: nothing },
      { id: 'reading-ease', status: 'improve', message: nothing },
    ]
  }

  const longParagraphs = paragraphWords.filter((n) => n > PARAGRAPH_WORDS_MAX).length
  const paragraph: SeoCheck =
    longParagraphs === 0
      ? {
          id: 'paragraph-length',
          status: 'good',
          message: `No paragraph is longer than ${PARAGRAPH_WORDS_MAX} words.`,
        }
      : {
          id: 'paragraph-length',
          status: 'improve',
          message: `${plural(longParagraphs, 'paragraph')} ${longParagraphs === 1 ? 'is' : 'are'} longer than ${PARAGRAPH_WORDS_MAX} words: split ${longParagraphs === 1 ? 'it' : 'them'} where the thought changes.`,
        }

  const all = doc.paragraphs.flatMap(sentences)
  const long = all.filter((s) => s.length > SENTENCE_WORDS_MAX).length
  const share = long / all.length
  const percent = `${Math.round(share * 100)} %`
  const sentence: SeoCheck =
    share > LONG_SENTENCES_MAX_SHARE
      ? {
          id: 'sentence-length',
          status: 'improve',
          message: `${percent} of sentences have more than ${SENTENCE_WORDS_MAX} words (aim for at most ${LONG_SENTENCES_MAX_SHARE * 100} %): split the longest.`,
        }
      : {
          id: 'sentence-length',
          status: 'good',
          message: `${percent} of sentences have more than ${SENTENCE_WORDS_MAX} words (at most ${LONG_SENTENCES_MAX_SHARE * 100} % is fine).`,
        }

  const allWords = all.flat()
  const ease = flesch({
    sentence: all.length,
    word: allWords.length,
    syllable: allWords.reduce((sum, w) => sum + syllable(w), 0),
  })
  const shown = Math.max(0, Math.min(100, Math.round(ease)))
  const { status, band } = readingEaseBand(ease)
  const reading: SeoCheck = {
    id: 'reading-ease',
    status,
    message:
      status === 'good'
        ? `Flesch reading ease ${shown} (English): ${band}.`
        : `Flesch reading ease ${shown} (English): ${band}. Use shorter sentences and shorter words to reach ${READING_EASE_GOOD} or more.`,
  }
  return [textLength, paragraph, sentence, reading]
}

/** Every check of a post, in a stable order, and its score (see seoScore). */
export function checkSeo(input: SeoInput): SeoResult {
  const doc = outline(input.content ?? '')
  const checks: SeoCheck[] = [
    rangeCheck('title-length', input.title ?? '', TITLE_RANGE, {
      name: 'title',
      empty: 'Write a title.',
      short: `make it at least ${TITLE_RANGE.min}, so it says enough in search results.`,
      long: `search results cut it after about ${TITLE_RANGE.max}: shorten it.`,
    }),
    rangeCheck('excerpt-length', input.excerpt ?? '', EXCERPT_RANGE, {
      name: 'excerpt (meta description)',
      empty: `Write an excerpt: search results and link previews show it (${EXCERPT_RANGE.min}–${EXCERPT_RANGE.max} characters).`,
      short: `make it at least ${EXCERPT_RANGE.min}, so the search snippet is full.`,
      long: `search results cut it after about ${EXCERPT_RANGE.max}: shorten it.`,
    }),
    ...keywordChecks(input, doc),
    ...headingChecks(doc),
    imageCheck(doc, input.imageAlts ?? {}),
    ...linkChecks(doc, input.siteUrl),
    ...readabilityChecks(doc),
  ]
  return { score: seoScore(checks), checks }
}
