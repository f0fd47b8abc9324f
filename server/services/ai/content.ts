import { z } from 'zod'
import {
  AI_EXCERPT_MAX,
  AI_TAGS_MAX,
  AI_TAGS_MIN,
  acceptedWordRange,
  type ContentRequestValues,
  type ContentStreamEvent,
  countWords,
  GeneratedContent,
  type Length,
  WORD_RANGES,
} from '#common/contract/ai.ts'
import { CATEGORIES, TAG_MAX, TITLE_MAX } from '#common/limits.ts'
import { extractFaq } from '#common/markdown.ts'
import { excerptFromText } from '#common/paste.ts'
import {
  type CallContext,
  type Checked,
  generateStructured,
  type StructuredCall,
  streamStructured,
} from '#server/services/ai/call.ts'
import { type Brand, contentPrompt, voice } from '#server/services/ai/prompts.ts'
import type { AiProvider } from '#server/services/ai/provider.ts'

/**
 * What the model is asked for. Plain types only (strict JSON-schema mode refuses string lengths);
 * the limits are enforced by `checkPost`. Field order is the order the model writes them in:
 * the short fields first, so the stream can show them before the long content.
 */
export const PostDraftSchema = z.object({
  title: z.string().describe('Headline, at most 80 characters'),
  excerpt: z.string().describe('One or two sentences, at most 160 characters'),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()).min(AI_TAGS_MIN).max(AI_TAGS_MAX).describe('3 to 6 short lowercase tags'),
  content: z.string().describe('The article in markdown with ## and ### headings'),
})
export type PostDraft = z.infer<typeof PostDraftSchema>

/** A long post is about 3,300 words of JSON-escaped markdown at most: room to spare. */
const MAX_OUTPUT_TOKENS = 8_000

const STOP_WORDS = new Set(
  'about above after again also because been before being between both could does doing during each from further have having here into just more most other over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours'.split(
    ' ',
  ),
)

/** Lowercase word stems (first 5 letters) of the meaningful words of a phrase. */
function stems(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 4 && !STOP_WORDS.has(w))
        .map((w) => w.slice(0, 5)),
    ),
  ]
}

/** At least half of the phrase's meaningful words appear in the text (paraphrase-tolerant). */
export function mentions(text: string, phrase: string): boolean {
  const wanted = stems(phrase)
  if (wanted.length === 0) return true
  const have = new Set(stems(text))
  const found = wanted.filter((s) => have.has(s)).length
  return found >= Math.ceil(wanted.length / 2)
}

/** Tags trimmed, lowercased, without duplicates, at most 6 (3 at least, or the draft fails). */
export function normalizeTags(tags: string[]): string[] {
  const out: string[] = []
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#/, '').toLowerCase().slice(0, TAG_MAX).trim()
    if (tag !== '' && !out.includes(tag)) out.push(tag)
  }
  return out.slice(0, AI_TAGS_MAX)
}

/** A leading H1 repeats the title the page already shows: dropped. */
export function stripLeadingH1(markdown: string): string {
  return markdown.replace(/^\s*#\s[^\n]*\n+/, '').trim()
}

export interface PostRules {
  /** The asked-for word range; drafts within it widened by WORD_RANGE_TOLERANCE pass. */
  length: Length | { min: number; max: number }
  faq: boolean
  keyPoints: string[]
  callToAction: string | null
}

/**
 * The post rules of the issue: H2 sections, the length's word range, the key points covered,
 * an FAQ of ### questions, the call to action at the end, excerpt ≤ 160, 3–6 tags.
 */
export function checkPost(draft: PostDraft, rules: PostRules): Checked<GeneratedContent> {
  const content = stripLeadingH1(draft.content)
  const title = draft.title.trim().replace(/^["'“]|["'”]$/g, '')
  if (title === '' || title.length > TITLE_MAX)
    return { ok: false, reason: `the title must have 1 to ${TITLE_MAX} characters` }
  if (!/^##\s+\S/m.test(content)) return { ok: false, reason: 'the content has no ## section headings' }
  const words = countWords(content)
  const range = acceptedWordRange(rules.length)
  const asked = typeof rules.length === 'string' ? WORD_RANGES[rules.length] : rules.length
  if (words < range.min || words > range.max) {
    return { ok: false, reason: `the content has ${words} words instead of ${asked.min} to ${asked.max}` }
  }
  if (rules.faq && extractFaq(content).length < 2) {
    return {
      ok: false,
      reason: 'the content lacks a "Frequently Asked Questions" section with at least two ### questions ending in "?"',
    }
  }
  for (const point of rules.keyPoints) {
    if (!mentions(content, point)) return { ok: false, reason: `the key point "${point}" is not covered` }
  }
  if (rules.callToAction) {
    const ending = content.slice(-Math.max(600, Math.round(content.length * 0.15)))
    if (!mentions(ending, rules.callToAction)) {
      return { ok: false, reason: 'the call to action is not in the closing paragraph' }
    }
  }
  const excerpt = draft.excerpt.trim().length > AI_EXCERPT_MAX ? excerptFromText(draft.excerpt) : draft.excerpt.trim()
  const tags = normalizeTags(draft.tags)
  if (tags.length < AI_TAGS_MIN) return { ok: false, reason: `it has ${tags.length} distinct tags instead of 3 to 6` }
  const parsed = GeneratedContent.safeParse({ title, excerpt, content, category: draft.category, tags })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue?.path.join('.') || 'the answer'}: ${issue?.message ?? 'invalid'}` }
  }
  return { ok: true, value: parsed.data }
}

function contentCall(
  req: ContentRequestValues,
  brand: Brand,
): StructuredCall<typeof PostDraftSchema, GeneratedContent> {
  return {
    op: 'generate-content',
    name: 'blog_post',
    description: 'A complete blog post: title, excerpt, category, tags and markdown content.',
    schema: PostDraftSchema,
    instructions: voice(brand),
    prompt: contentPrompt(req),
    check: (draft) =>
      checkPost(draft, { length: req.length, faq: true, keyPoints: req.keyPoints, callToAction: req.callToAction }),
    maxOutputTokens: MAX_OUTPUT_TOKENS,
  }
}

export function generateContent(
  provider: AiProvider,
  ctx: CallContext,
  req: ContentRequestValues,
  brand: Brand,
): Promise<GeneratedContent> {
  return generateStructured(provider, ctx, contentCall(req, brand))
}

/**
 * The same generation, streamed as ContentStreamEvents (common/contract/ai.ts): meta once the
 * short fields are written, then the markdown as deltas, then the validated post.
 */
export async function streamContent(
  provider: AiProvider,
  ctx: CallContext,
  req: ContentRequestValues,
  brand: Brand,
  emit: (event: ContentStreamEvent) => Promise<void> | void,
): Promise<GeneratedContent> {
  let sent = ''
  let metaSent = false
  const content = await streamStructured(provider, ctx, contentCall(req, brand), async (event) => {
    if (event.type === 'start') {
      sent = ''
      metaSent = false
      return emit({ type: 'start', attempt: event.attempt })
    }
    if (event.type === 'retry') return emit({ type: 'retry', attempt: event.attempt, reason: event.reason })
    const partial = event.partial as Partial<PostDraft>
    if (typeof partial.content !== 'string') return
    if (!metaSent) {
      metaSent = true
      await emit({
        type: 'meta',
        title: partial.title ?? '',
        excerpt: partial.excerpt ?? '',
        category: partial.category ?? '',
        tags: (partial.tags ?? []).filter((t): t is string => typeof t === 'string'),
      })
    }
    // Partial JSON grows at the end; anything else (a repaired escape) waits for 'done'.
    if (partial.content.length > sent.length && partial.content.startsWith(sent)) {
      const text = partial.content.slice(sent.length)
      sent = partial.content
      await emit({ type: 'delta', text })
    }
  })
  await emit({ type: 'done', content })
  return content
}
