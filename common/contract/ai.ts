import { z } from 'zod'
// Also for its zod configuration (jitless), which must run before any parse.
import { atMost } from '#common/contract/errors.ts'
import { CATEGORIES, IMAGE_URL_MAX, TAG_MAX, TITLE_MAX } from '#common/limits.ts'
import { markdownToText } from '#common/markdown.ts'
import { defaultSite } from '#common/site.ts'

// ── docs/product.md §5 options and §9 defaults ─────────────────────────────────────────────────────────

export const TONES = ['professional', 'casual', 'technical', 'conversational'] as const
export type Tone = (typeof TONES)[number]
export const LENGTHS = ['short', 'medium', 'long'] as const
export type Length = (typeof LENGTHS)[number]

/** docs/product.md §9 word ranges. */
export const WORD_RANGES: Record<Length, { min: number; max: number }> = {
  short: { min: 800, max: 1200 },
  medium: { min: 1200, max: 1800 },
  long: { min: 1800, max: 2500 },
}

/**
 * A draft is accepted when its word count lies within the range widened by this share on each
 * side (medium: 1080–1980). Models count words loosely; the range is what they are asked for.
 * docs/decisions/008-ai-provider-and-offline-mode.md
 */
export const WORD_RANGE_TOLERANCE = 0.1

export const AI_DEFAULTS = {
  tone: 'professional' as Tone,
  length: 'medium' as Length,
  audience: 'brand marketers and Gen Z audiences',
  callToAction: `Get in touch with the ${defaultSite.brandName} team to plan your first rewarded video campaign.`,
}

/** Generated excerpts are short enough for a meta description and a card. */
export const AI_EXCERPT_MAX = 160
export const AI_TAGS_MIN = 3
export const AI_TAGS_MAX = 6
export const TOPIC_COUNT = 6
export const KEYWORDS_MAX = 20
export const KEYWORD_MAX = 60
export const KEY_POINTS_MAX = 12
export const KEY_POINT_MAX = 300
export const AUDIENCE_MAX = 200
export const CALL_TO_ACTION_MAX = 300
export const TOPIC_TEXT_MAX = 500
export const IMAGE_PROMPT_MAX = 1_000
export const SOURCE_TITLE_MAX = 255

// ── Messages (docs/product.md §5 and §8 where they have one) ───────────────────────────────────────────

export const AI_NOT_CONFIGURED = 'AI is not configured: set AI_API_KEY (and AI_BASE_URL for a self-hosted model).'
export const NO_KEYWORDS = 'Please add at least one keyword.'
export const NO_TOPIC = 'Please select a topic first.'
export const IMAGE_NEEDS_CONTENT = 'Please generate content first to create an image.'
export const CONTENT_FAILED = 'Failed to generate blog content. Please try again.'
export const IMAGE_FAILED = 'Failed to generate image.'
export const REWRITE_FAILED = 'Failed to rewrite article.'
export const INVALID_ARTICLE_URL = 'Please enter a valid http:// or https:// address.'
// What the AI screens add when a call fails (docs/product.md §8 "AI and editing").
export const GENERATION_FAILED = 'Generation Failed'
export const TOPICS_WAIT = 'This may take 10-15 seconds - please wait.'
export const IMAGE_NETWORK_FAILED = 'Failed to generate blog image. This can take 20-30 seconds - please wait.'
export const REWRITE_NETWORK_FAILED = 'Failed to rewrite article. Please check the URL and try again.'

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

/** An absent, null or blank value becomes undefined, so `.default()` applies (docs/product.md §9). */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)

/** One of `options`; absent or blank takes `fallback` (docs/product.md §9 defaults). */
const choiceOr = <const T extends readonly [string, ...string[]]>(options: T, fallback: T[number]) =>
  z.preprocess(blankToUndefined, z.enum(options, { error: `Must be one of ${options.join(', ')}` }).default(fallback))

/** Text of at most `max` characters; absent or blank takes `fallback` (docs/product.md §9 defaults). */
const textOr = (max: number, fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z.string('Must be text').trim().max(max, `Must be at most ${max} characters`).default(fallback),
  )

/** Lists of keywords, key points and tags ignore blanks and duplicates (docs/product.md §5). */
const uniqueList = (itemMax: number, listMax: number, what: string) =>
  z
    .array(z.string('Must be text').trim().max(itemMax, `Must be at most ${itemMax} characters`), 'Must be a list')
    .transform((items) => {
      const seen = new Set<string>()
      const out: string[] = []
      for (const item of items) {
        const key = item.toLowerCase()
        if (item === '' || seen.has(key)) continue
        seen.add(key)
        out.push(item)
      }
      return out
    })
    .pipe(z.array(z.string()).max(listMax, `At most ${listMax} ${what}`))

/** Words of the visible text of markdown (headings, lists and links count by their words). */
export function countWords(markdown: string): number {
  const text = markdownToText(markdown)
  return text === '' ? 0 : text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}

/** The word counts accepted for a length (or an asked-for range): the range widened by the tolerance. */
export function acceptedWordRange(length: Length | { min: number; max: number }): { min: number; max: number } {
  const { min, max } = typeof length === 'string' ? WORD_RANGES[length] : length
  return { min: Math.floor(min * (1 - WORD_RANGE_TOLERANCE)), max: Math.ceil(max * (1 + WORD_RANGE_TOLERANCE)) }
}

// ── Shapes of docs/product.md §3 ───────────────────────────────────────────────────────────────────────

export const Category = z.enum(CATEGORIES, { error: `Must be one of ${CATEGORIES.join(', ')}` })

/** AI topic item: title, description, category, keywords. */
export const TopicItem = z.object({
  title: z.string().trim().min(1).max(TITLE_MAX),
  description: z.string().trim().min(1).max(TOPIC_TEXT_MAX),
  category: Category,
  keywords: z.array(z.string().trim().min(1).max(KEYWORD_MAX)).min(1).max(10),
})
export type TopicItem = z.infer<typeof TopicItem>

export const TrendingTopicsInput = z.object({
  keywords: z
    .unknown()
    .transform((v) => (v === undefined || v === null ? [] : v))
    .pipe(uniqueList(KEYWORD_MAX, KEYWORDS_MAX, 'keywords'))
    .refine((list) => list.length > 0, NO_KEYWORDS),
})
export type TrendingTopicsInput = z.input<typeof TrendingTopicsInput>

export const TrendingTopicsResponse = z.object({ topics: z.array(TopicItem).length(TOPIC_COUNT) })
export type TrendingTopicsResponse = z.infer<typeof TrendingTopicsResponse>

/** AI generated content: title, excerpt, content (markdown), category, tags. */
export const GeneratedContent = z.object({
  title: z.string().trim().min(1).max(TITLE_MAX),
  excerpt: z.string().trim().min(1).max(AI_EXCERPT_MAX),
  content: z.string().trim().min(1),
  category: Category,
  tags: z.array(z.string().trim().min(1).max(TAG_MAX)).min(AI_TAGS_MIN).max(AI_TAGS_MAX),
})
export type GeneratedContent = z.infer<typeof GeneratedContent>

/**
 * What the writer should know about a draft that is kept although it misses a rule: its length
 * outside the asked range ('1,020 words; you asked for 1,200–1,800.'), a key point not covered, a
 * section the provider failed to write. Generated text is never thrown away (issue 11 §6).
 */
export const DraftNotices = z.array(z.string()).default([])

export const GenerateContentResponse = z.object({ content: GeneratedContent, notices: DraftNotices })

/** How a count of words reads in notices: 1,020. */
const formatCount = (n: number) => n.toLocaleString('en-US')

/** The notice of a draft outside the accepted range of its length, or null when it is within it. */
export function lengthNotice(words: number, length: Length | { min: number; max: number }): string | null {
  const accepted = acceptedWordRange(length)
  if (words >= accepted.min && words <= accepted.max) return null
  const { min, max } = typeof length === 'string' ? WORD_RANGES[length] : length
  return `${formatCount(words)} words; you asked for ${formatCount(min)}–${formatCount(max)}.`
}

/** A draft this short for its length can be lengthened by 'Expand' (POST …/expand-content/stream). */
export const canExpand = (words: number, length: Length) => words < acceptedWordRange(length).min

/**
 * The topic of a content request: the chosen topic card (TopicItem, as trending-topics returned
 * it) or just a title. Both become a TopicItem-like object.
 */
const TopicRef = z
  .union(
    [
      z.string().trim().max(TITLE_MAX, atMost(TITLE_MAX)),
      z.object({
        title: z.string('Must be text').trim().max(TITLE_MAX, atMost(TITLE_MAX)),
        description: z.string().trim().max(TOPIC_TEXT_MAX).nullish(),
        category: z.string().trim().max(100).nullish(),
        keywords: z.array(z.string().trim().max(KEYWORD_MAX)).max(KEYWORDS_MAX).nullish(),
      }),
    ],
    { error: NO_TOPIC },
  )
  .transform((v) => {
    if (typeof v === 'string') return { title: v, description: '', category: null, keywords: [] as string[] }
    const category = Category.safeParse(v.category)
    return {
      title: v.title,
      description: v.description ?? '',
      category: category.success ? category.data : null,
      keywords: (v.keywords ?? []).filter((k) => k !== ''),
    }
  })
  .refine((t) => t.title !== '', NO_TOPIC)

/** AI content request: topic, tone, length, audience, keyPoints, callToAction (docs/product.md §3, §9 defaults). */
export const ContentRequest = z.object({
  topic: z.preprocess(blankToUndefined, TopicRef),
  tone: choiceOr(TONES, AI_DEFAULTS.tone),
  length: choiceOr(LENGTHS, AI_DEFAULTS.length),
  audience: textOr(AUDIENCE_MAX, AI_DEFAULTS.audience),
  keyPoints: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    uniqueList(KEY_POINT_MAX, KEY_POINTS_MAX, 'key points'),
  ),
  callToAction: textOr(CALL_TO_ACTION_MAX, AI_DEFAULTS.callToAction),
})
export type ContentRequest = z.input<typeof ContentRequest>
export type ContentRequestValues = z.output<typeof ContentRequest>

/** Longest draft 'Expand' takes: a long post is about 20,000 characters of markdown. */
export const EXPAND_CONTENT_MAX = 100_000

/**
 * 'Expand' (issue 11 §6): the draft's title and markdown as the writer has them in the review
 * form, and the length that was asked for. The answer is the NDJSON stream below, ending with an
 * 'expanded' line (the new markdown) instead of 'done'.
 */
const missingAsEmpty = (v: unknown) => v ?? ''
export const ExpandRequest = z.object({
  title: z.preprocess(
    missingAsEmpty,
    z.string('Must be text').trim().min(1, 'Title is required').max(TITLE_MAX, atMost(TITLE_MAX)),
  ),
  content: z.preprocess(
    missingAsEmpty,
    z
      .string('Must be text')
      .trim()
      .min(1, 'There is no content to expand.')
      .max(EXPAND_CONTENT_MAX, `Must be at most ${EXPAND_CONTENT_MAX.toLocaleString('en-US')} characters`),
  ),
  length: choiceOr(LENGTHS, AI_DEFAULTS.length),
})
export type ExpandRequest = z.input<typeof ExpandRequest>
export type ExpandRequestValues = z.output<typeof ExpandRequest>

/** Featured image request: the post's title and description (its excerpt). */
export const ImageRequest = z.object({
  title: z.string(IMAGE_NEEDS_CONTENT).trim().min(1, IMAGE_NEEDS_CONTENT).max(TITLE_MAX, atMost(TITLE_MAX)),
  description: z
    .string(IMAGE_NEEDS_CONTENT)
    .trim()
    .min(1, IMAGE_NEEDS_CONTENT)
    .max(IMAGE_PROMPT_MAX, atMost(IMAGE_PROMPT_MAX)),
})
export type ImageRequest = z.input<typeof ImageRequest>

export const ImageResponse = z.object({
  success: z.literal(true),
  /** A content-addressed /images/… URL on this site (never the provider's). */
  url: z.string(),
  /** Says whether the image model or the branded cover made it. */
  message: z.string(),
  /** 'model' when AI_IMAGE_MODEL made it, 'cover' for the branded cover. */
  source: z.enum(['model', 'cover']),
})

export const RewriteInput = z.object({
  url: z
    .string(INVALID_ARTICLE_URL)
    .trim()
    .min(1, INVALID_ARTICLE_URL)
    .max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX))
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === 'http:' || u.protocol === 'https:'
      } catch {
        return false
      }
    }, INVALID_ARTICLE_URL),
})
export type RewriteInput = z.infer<typeof RewriteInput>

/** docs/product.md §3 rewrite result. */
export const RewriteResult = z.object({
  success: z.literal(true),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  category: Category,
  slug: z.string(),
  author: z.string(),
  sourceUrl: z.string(),
  sourceTitle: z.string(),
})
export type RewriteResult = z.infer<typeof RewriteResult>

export const AiStatus = z.object({ configured: z.boolean(), imageModel: z.boolean() })
export type AiStatus = z.infer<typeof AiStatus>

// ── The streaming protocol of POST /api/blog/ai/generate-content/stream ────────────────────
//
// (and of POST /api/blog/ai/expand-content/stream)
//
// application/x-ndjson: one JSON object per line, in this order:
//   {"type":"start","attempt":1}
//   {"type":"meta","title":"…","excerpt":"…","category":"…","tags":[…]}   (once per attempt, early; unvalidated)
//   {"type":"section","index":2,"total":7,"heading":"…"}  (medium and long posts and Expand: the part being
//                                                          written now; a second event with the same index
//                                                          starts that part over: drop what it appended)
//   {"type":"delta","text":"## First heading\n\n…"}     (many; append text to the content)
//   {"type":"retry","attempt":2,"reason":"…"}            (at most once: clear everything, a new draft follows)
//   {"type":"done","content":{title,excerpt,content,category,tags},"notices":[…]}   (the post; last line)
//   or for Expand {"type":"expanded","content":"…markdown…","notices":[…]}            (last line)
// or, instead of "done", {"type":"error","error":"…","status":502} (last line).
// "done" is the truth: the client replaces what it assembled from meta and deltas with it.
// Failures before the stream starts (400, 401, 429, 503) are ordinary JSON error answers.

export const ContentStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), attempt: z.number().int() }),
  z.object({
    type: z.literal('meta'),
    title: z.string(),
    excerpt: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
  }),
  z.object({
    type: z.literal('section'),
    index: z.number().int(),
    total: z.number().int(),
    heading: z.string(),
  }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('retry'), attempt: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('done'), content: GeneratedContent, notices: DraftNotices }),
  z.object({ type: z.literal('expanded'), content: z.string(), notices: DraftNotices }),
  z.object({ type: z.literal('error'), error: z.string(), status: z.number().int() }),
])
export type ContentStreamEvent = z.infer<typeof ContentStreamEvent>

// ── Issue 15: alt text ─────────────────────────────────────────────────────────────────────

export const INVALID_ALT_IMAGE_URL = 'Must be an http(s) URL or an /images/ address on this site'

/** An image of this site (`/images/<sha256>.<ext>`, a `?w=` variant allowed) or an http(s) picture. */
export const ALT_IMAGE_PATH = /^\/images\/([0-9a-f]{64})\.[a-z0-9]+(?:\?w=\d+)?$/

export const AltTextRequest = z.object({
  imageUrl: z
    .string(INVALID_ALT_IMAGE_URL)
    .trim()
    .min(1, INVALID_ALT_IMAGE_URL)
    .max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX))
    .refine((v) => ALT_IMAGE_PATH.test(v) || /^https?:\/\/[^\s]+$/i.test(v), INVALID_ALT_IMAGE_URL),
})
export type AltTextRequest = z.infer<typeof AltTextRequest>

export const AltTextResponse = z.object({ alt: z.string() })
export type AltTextResponse = z.infer<typeof AltTextResponse>
