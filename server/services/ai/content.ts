import { z } from 'zod'
import {
  AI_EXCERPT_MAX,
  AI_TAGS_MAX,
  AI_TAGS_MIN,
  type ContentRequestValues,
  type ContentStreamEvent,
  countWords,
  type ExpandRequestValues,
  GeneratedContent,
  type Length,
  lengthNotice,
  WORD_RANGES,
} from '#common/contract/ai.ts'
import { excerptFromText } from '#common/excerpt.ts'
import { CATEGORIES, TAG_MAX, TITLE_MAX } from '#common/limits.ts'
import { extractFaq } from '#common/markdown.ts'
import {
  type CallContext,
  type Checked,
  generateStructured,
  type StructuredCall,
  streamStructured,
} from '#server/services/ai/call.ts'
import { AiError } from '#server/services/ai/errors.ts'
import {
  type Brand,
  contentPrompt,
  expandPrompt,
  outlinePrompt,
  type PartPlan,
  sectionPrompt,
  voice,
} from '#server/services/ai/prompts.ts'
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
  /** The asked-for word range; drafts within it widened by WORD_RANGE_TOLERANCE are within it. */
  length: Length | { min: number; max: number }
  faq: boolean
  keyPoints: string[]
  callToAction: string | null
}

/** A draft and what the writer should know about it (issue 11 §6: kept, never thrown away). */
export interface DraftResult {
  content: GeneratedContent
  notices: string[]
}

/** A rule a kept post may still miss: the reason fed back to the model, and the writer's sentence. */
interface Miss {
  reason: string
  notice: string
}

function missedRules(content: string, rules: PostRules): Miss[] {
  const missed: Miss[] = []
  if (rules.faq && extractFaq(content).length < 2) {
    missed.push({
      reason: 'the content lacks a "Frequently Asked Questions" section with at least two ### questions ending in "?"',
      notice: 'There is no "Frequently Asked Questions" section with two or more questions.',
    })
  }
  for (const point of rules.keyPoints) {
    if (!mentions(content, point)) {
      missed.push({
        reason: `the key point "${point}" is not covered`,
        notice: `The key point "${point}" is not covered.`,
      })
    }
  }
  if (rules.callToAction) {
    const ending = content.slice(-Math.max(600, Math.round(content.length * 0.15)))
    if (!mentions(ending, rules.callToAction)) {
      missed.push({
        reason: 'the call to action is not in the closing paragraph',
        notice: 'The closing paragraph does not carry your call to action.',
      })
    }
  }
  return missed
}

/**
 * The post rules of issue 4. A draft that is not a post (no title, no ## sections, too few tags)
 * is refused; one that misses the FAQ, a key point or the call to action is `usable`: asked for
 * once more, and kept if the second answer misses them too. The word range is not a reason to
 * refuse: it becomes a notice (draftNotices) and the writer may 'Expand'.
 */
export function checkPost(draft: PostDraft, rules: PostRules): Checked<GeneratedContent> {
  const content = stripLeadingH1(draft.content)
  const title = draft.title.trim().replace(/^["'“]|["'”]$/g, '')
  if (title === '' || title.length > TITLE_MAX)
    return { ok: false, reason: `the title must have 1 to ${TITLE_MAX} characters` }
  if (!/^##\s+\S/m.test(content)) return { ok: false, reason: 'the content has no ## section headings' }
  const excerpt = draft.excerpt.trim().length > AI_EXCERPT_MAX ? excerptFromText(draft.excerpt) : draft.excerpt.trim()
  const tags = normalizeTags(draft.tags)
  if (tags.length < AI_TAGS_MIN) return { ok: false, reason: `it has ${tags.length} distinct tags instead of 3 to 6` }
  const parsed = GeneratedContent.safeParse({ title, excerpt, content, category: draft.category, tags })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue?.path.join('.') || 'the answer'}: ${issue?.message ?? 'invalid'}` }
  }
  const missed = missedRules(parsed.data.content, rules)
  const first = missed[0]
  if (first) return { ok: false, reason: first.reason, usable: parsed.data }
  return { ok: true, value: parsed.data }
}

/** What a kept draft misses, in the writer's words: its length first ('1,020 words; you asked for 1,200–1,800.'). */
export function draftNotices(content: string, rules: PostRules): string[] {
  const length = lengthNotice(countWords(content), rules.length)
  return [...(length ? [length] : []), ...missedRules(content, rules).map((m) => m.notice)]
}

const rulesOf = (req: ContentRequestValues): PostRules => ({
  length: req.length,
  faq: true,
  keyPoints: req.keyPoints,
  callToAction: req.callToAction,
})

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
    check: (draft) => checkPost(draft, rulesOf(req)),
    maxOutputTokens: MAX_OUTPUT_TOKENS,
  }
}

type Emit = (event: ContentStreamEvent) => Promise<void> | void

/** Every way of writing a draft: the request, the brand's voice, and where its stream events go. */
type WriteDraft<R> = (
  provider: AiProvider,
  ctx: CallContext,
  req: ContentRequestValues,
  brand: Brand,
  emit: Emit,
) => Promise<R>

/** A short post in one call, streamed: meta once the short fields are written, then the markdown. */
const streamOneCall: WriteDraft<GeneratedContent> = async (provider, ctx, req, brand, emit) => {
  let sent = ''
  let metaSent = false
  return streamStructured(provider, ctx, contentCall(req, brand), async (event) => {
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
}

// ── Medium and long posts: an outline, then each part with its own word budget ────────────────

export const OutlineSchema = z.object({
  title: z.string().describe('Headline, at most 80 characters'),
  excerpt: z.string().describe('One or two sentences, at most 160 characters'),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()).min(AI_TAGS_MIN).max(AI_TAGS_MAX).describe('3 to 6 short lowercase tags'),
  sections: z
    .array(z.object({ heading: z.string(), points: z.array(z.string()) }))
    .describe('4 to 7 body sections in reading order'),
  faq: z.array(z.string()).describe('3 to 5 questions ending with ?'),
  closingHeading: z.string().describe('Heading of the closing section with the call to action'),
})
type OutlineDraft = z.infer<typeof OutlineSchema>

export const SectionSchema = z.object({
  content: z.string().describe('The markdown of this part only, without its ## heading'),
})

interface Outline {
  title: string
  excerpt: string
  category: GeneratedContent['category']
  tags: string[]
  parts: PartPlan[]
}

/** Share of the words each kind of part gets, against 1 for a body section. */
const PART_WEIGHT: Record<PartPlan['kind'], number> = { intro: 0.6, body: 1, faq: 0.9, closing: 0.45 }
const SECTIONS_MIN = 3
const SECTIONS_MAX = 8
const FAQ_MAX = 5
const FAQ_HEADING = 'Frequently Asked Questions'
/** One part is a few hundred words: room to spare for JSON escaping. */
const PART_OUTPUT_TOKENS = 2_500

const cleanHeading = (text: string) =>
  text
    .trim()
    .replace(/^#+\s*/, '')
    .replace(/^["'“]|["'”]$/g, '')
    .trim()

/** The outline as parts with word budgets that add up to the middle of the asked range. */
export function checkOutline(draft: OutlineDraft, req: ContentRequestValues): Checked<Outline> {
  const title = cleanHeading(draft.title)
  if (title === '' || title.length > TITLE_MAX)
    return { ok: false, reason: `the title must have 1 to ${TITLE_MAX} characters` }
  const sections = draft.sections
    .map((s) => ({ heading: cleanHeading(s.heading), points: s.points.map((p) => p.trim()).filter(Boolean) }))
    .filter((s) => s.heading !== '')
    .slice(0, SECTIONS_MAX)
  if (sections.length < SECTIONS_MIN) {
    return { ok: false, reason: `the outline has ${sections.length} sections instead of 4 to 7` }
  }
  const tags = normalizeTags(draft.tags)
  if (tags.length < AI_TAGS_MIN) return { ok: false, reason: `it has ${tags.length} distinct tags instead of 3 to 6` }
  const category = z.enum(CATEGORIES).safeParse(draft.category)
  if (!category.success) return { ok: false, reason: `the category must be one of ${CATEGORIES.join(', ')}` }
  // A key point the outline gave to no section is given to one, in turn, so it is written about.
  req.keyPoints.forEach((point, i) => {
    if (!sections.some((s) => s.points.some((p) => mentions(p, point)))) {
      sections[i % sections.length]?.points.push(point)
    }
  })
  const questions = draft.faq
    .map((q) => cleanHeading(q))
    .filter(Boolean)
    .map((q) => (q.endsWith('?') ? q : `${q}?`))
    .slice(0, FAQ_MAX)
  const closing = cleanHeading(draft.closingHeading) || 'Ready to Get Started?'
  const plan: Omit<PartPlan, 'words'>[] = [
    { kind: 'intro', heading: '', points: [] },
    ...sections.map((s) => ({ kind: 'body' as const, heading: s.heading, points: s.points })),
    ...(questions.length >= 2 ? [{ kind: 'faq' as const, heading: FAQ_HEADING, points: questions }] : []),
    { kind: 'closing', heading: closing, points: [] },
  ]
  const { min, max } = WORD_RANGES[req.length]
  const target = (min + max) / 2
  const weights = plan.reduce((sum, p) => sum + PART_WEIGHT[p.kind], 0)
  const parts = plan.map((p) => ({ ...p, words: Math.round((target * PART_WEIGHT[p.kind]) / weights) }))
  const excerpt = draft.excerpt.trim().length > AI_EXCERPT_MAX ? excerptFromText(draft.excerpt) : draft.excerpt.trim()
  if (excerpt === '') return { ok: false, reason: 'the excerpt is empty' }
  return { ok: true, value: { title, excerpt, category: category.data, tags, parts } }
}

/** A part's markdown without the heading it was told not to write, and with no # or ## inside. */
export function cleanPart(text: string, heading: string): string {
  let body = text.trim()
  const first = /^#{1,6}\s+([^\n]*)\n*/.exec(body)
  if (first && (heading === '' || cleanHeading(first[1] as string).toLowerCase() === heading.toLowerCase())) {
    body = body.slice(first[0].length)
  }
  return body.replace(/^#{1,2}\s+/gm, '### ').trim()
}

const partLabel = (part: PartPlan) => (part.kind === 'intro' ? 'Introduction' : part.heading)
const partPrefix = (part: PartPlan, index: number) => (index === 0 ? '' : `\n\n## ${part.heading}\n\n`)

/**
 * One part, streamed: a 'section' event, then its heading and text as deltas. A retry of the part
 * (an unreadable answer) or a cleaned text repeats the 'section' event, which tells the client to
 * drop what the part appended so far (common/contract/ai.ts).
 */
async function streamPart(
  provider: AiProvider,
  ctx: CallContext,
  call: { op: string; prompt: string; instructions: string },
  part: { index: number; total: number; heading: string; prefix: string; cleanAs: string },
  emit: Emit,
): Promise<string> {
  let raw = ''
  const begin = async () => {
    raw = ''
    await emit({ type: 'section', index: part.index, total: part.total, heading: part.heading })
    if (part.prefix) await emit({ type: 'delta', text: part.prefix })
  }
  const text = await streamStructured(
    provider,
    ctx,
    {
      op: call.op,
      name: 'blog_section',
      description: 'One part of a blog post in markdown.',
      schema: SectionSchema,
      instructions: call.instructions,
      prompt: call.prompt,
      check: (output) => {
        const cleaned = cleanPart(output.content, part.cleanAs)
        return countWords(cleaned) > 0 ? { ok: true, value: cleaned } : { ok: false, reason: 'the part was empty' }
      },
      maxOutputTokens: PART_OUTPUT_TOKENS,
    },
    async (event) => {
      if (event.type === 'start') return begin()
      if (event.type !== 'partial') return
      const partial = event.partial as Partial<z.infer<typeof SectionSchema>>
      if (typeof partial.content !== 'string') return
      if (partial.content.length > raw.length && partial.content.startsWith(raw)) {
        const delta = partial.content.slice(raw.length)
        raw = partial.content
        await emit({ type: 'delta', text: delta })
      }
    },
  )
  if (text !== raw) {
    await begin()
    await emit({ type: 'delta', text })
  }
  return text
}

const stoppedNotice = (verb: string, index: number, total: number, heading: string, error: AiError, kept: string) =>
  `${verb} stopped at part ${index} of ${total} (“${heading}”): ${error.message.replace(/ Please try again\.$/, '')} ${kept}`

const streamSectioned: WriteDraft<DraftResult> = async (provider, ctx, req, brand, emit) => {
  await emit({ type: 'start', attempt: 1 })
  const outline = await generateStructured(provider, ctx, {
    op: 'generate-outline',
    name: 'blog_outline',
    description: 'The outline of a blog post: short fields, sections, FAQ questions, closing heading.',
    schema: OutlineSchema,
    instructions: voice(brand),
    prompt: outlinePrompt(req),
    check: (draft) => checkOutline(draft, req),
  })
  await emit({
    type: 'meta',
    title: outline.title,
    excerpt: outline.excerpt,
    category: outline.category,
    tags: outline.tags,
  })
  const total = outline.parts.length
  const written: string[] = []
  const notices: string[] = []
  for (const [i, part] of outline.parts.entries()) {
    try {
      const text = await streamPart(
        provider,
        ctx,
        { op: 'generate-section', prompt: sectionPrompt(req, outline, i), instructions: voice(brand) },
        { index: i + 1, total, heading: partLabel(part), prefix: partPrefix(part, i), cleanAs: part.heading },
        emit,
      )
      written.push(`${partPrefix(part, i)}${text}`)
    } catch (error) {
      // The parts already written are kept (issue 11 §6); a cancelled request keeps nothing: nobody reads it.
      if (!(error instanceof AiError) || ctx.signal?.aborted || i < 2) throw error
      notices.push(stoppedNotice('Writing', i + 1, total, partLabel(part), error, 'The parts before it are kept.'))
      break
    }
  }
  const content = GeneratedContent.parse({
    title: outline.title,
    excerpt: outline.excerpt,
    category: outline.category,
    tags: outline.tags,
    content: written.join('').trim(),
  })
  return { content, notices: [...draftNotices(content.content, rulesOf(req)), ...notices] }
}

/** Medium and long posts are written part by part from an outline; a short one in one call. */
const sectioned = (req: ContentRequestValues) => req.length !== 'short'

export async function generateContent(
  provider: AiProvider,
  ctx: CallContext,
  req: ContentRequestValues,
  brand: Brand,
): Promise<DraftResult> {
  if (sectioned(req)) return streamSectioned(provider, ctx, req, brand, () => {})
  const content = await generateStructured(provider, ctx, contentCall(req, brand))
  return { content, notices: draftNotices(content.content, rulesOf(req)) }
}

/**
 * The same generation, streamed as ContentStreamEvents (common/contract/ai.ts), ending with the
 * post and its notices.
 */
export const streamContent: WriteDraft<DraftResult> = async (provider, ctx, req, brand, emit) => {
  let result: DraftResult
  if (sectioned(req)) result = await streamSectioned(provider, ctx, req, brand, emit)
  else {
    const content = await streamOneCall(provider, ctx, req, brand, emit)
    result = { content, notices: draftNotices(content.content, rulesOf(req)) }
  }
  await emit({ type: 'done', content: result.content, notices: result.notices })
  return result
}

// ── Expand: a draft shorter than asked is lengthened section by section ──────────────────────

interface Block {
  heading: string | null
  text: string
}

/** The draft cut at its ## headings: the text before the first one, then each section. */
export function splitSections(markdown: string): Block[] {
  const blocks: Block[] = []
  const lines = markdown.split('\n')
  let current: Block = { heading: null, text: '' }
  const body: string[] = []
  const close = () => {
    current.text = body.join('\n').trim()
    if (current.heading !== null || current.text !== '') blocks.push(current)
    body.length = 0
  }
  for (const line of lines) {
    const h = /^##\s+(.+?)\s*$/.exec(line)
    if (h) {
      close()
      current = { heading: h[1] as string, text: '' }
    } else body.push(line)
  }
  close()
  return blocks
}

const joinBlocks = (blocks: Block[]) =>
  blocks
    .map((b) => (b.heading === null ? b.text : `## ${b.heading}\n\n${b.text}`.trim()))
    .join('\n\n')
    .trim()

/** The FAQ keeps its questions and the closing section its call to action: neither is lengthened. */
function expandable(blocks: Block[]): boolean[] {
  const marks = blocks.map((b) => !(b.heading && /frequently asked|faq/i.test(b.heading)) && countWords(b.text) > 0)
  const lastSection = blocks.length - 1
  if (blocks.filter((b) => b.heading !== null).length >= 3 && blocks[lastSection]?.heading) marks[lastSection] = false
  return marks
}

/**
 * 'Expand' (issue 11 §6): each section that may grow is asked to grow by its share of the words
 * missing to the middle of the asked range. A section never comes back shorter than it was: a
 * longer text replaces it, anything else leaves it as it was.
 */
export async function expandContent(
  provider: AiProvider,
  ctx: CallContext,
  req: ExpandRequestValues,
  brand: Brand,
  emit: Emit,
): Promise<{ content: string; notices: string[] }> {
  await emit({ type: 'start', attempt: 1 })
  const blocks = splitSections(req.content)
  const marks = expandable(blocks)
  const { min, max } = WORD_RANGES[req.length]
  const missing = (min + max) / 2 - countWords(req.content)
  const growable = blocks.reduce((sum, b, i) => sum + (marks[i] ? countWords(b.text) : 0), 0)
  const out = blocks.map((b) => ({ ...b }))
  const notices: string[] = []
  const total = blocks.length
  let stopped = missing <= 0 || growable === 0
  for (const [i, block] of blocks.entries()) {
    const heading = block.heading ?? 'Introduction'
    const prefix = `${i === 0 ? '' : '\n\n'}${block.heading === null ? '' : `## ${block.heading}\n\n`}`
    // The section as it was (again, when a longer one did not come): a repeated index starts it over.
    const keep = async () => {
      await emit({ type: 'section', index: i + 1, total, heading })
      await emit({ type: 'delta', text: `${prefix}${block.text}` })
    }
    if (stopped || !marks[i]) {
      await keep()
      continue
    }
    const words = countWords(block.text)
    const goal = Math.round(words + (missing * words) / growable)
    try {
      const text = await streamPart(
        provider,
        ctx,
        {
          op: 'expand-section',
          prompt: expandPrompt(req.title, block.heading, block.text, goal),
          instructions: voice(brand),
        },
        { index: i + 1, total, heading, prefix, cleanAs: block.heading ?? '' },
        emit,
      )
      if (countWords(text) > words) out[i] = { ...block, text }
      else await keep()
    } catch (error) {
      if (!(error instanceof AiError) || ctx.signal?.aborted) throw error
      notices.push(stoppedNotice('Expanding', i + 1, total, heading, error, 'The rest of the post is as it was.'))
      stopped = true
      await keep()
    }
  }
  const content = joinBlocks(out)
  const length = lengthNotice(countWords(content), req.length)
  const result = { content, notices: [...(length ? [length] : []), ...notices] }
  await emit({ type: 'expanded', ...result })
  return result
}
