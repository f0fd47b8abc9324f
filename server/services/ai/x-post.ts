import { z } from 'zod'
import { type CallContext, type Checked, generateStructured } from '#server/services/ai/call.ts'
import { type Brand, voice, xPostPrompt } from '#server/services/ai/prompts.ts'
import type { AiProvider } from '#server/services/ai/provider.ts'

/** What the provider is asked for: the post text alone (the short link is added by us). */
export const XPostTextSchema = z.object({ text: z.string() })

/** What an X post is written from. */
export interface XPostSource {
  title: string
  excerpt: string | null
  tags: readonly string[]
  /** The admin's own text; when given, the X post is written from it. */
  customContent: string | null
  /** Weighted characters (twitter-text) the text may use: 280 minus a space and the link (23). */
  budget: number
}

/**
 * Who writes an X post's text: the AI provider when it is configured, else a template. Whatever
 * the writer returns is fitted to X's limit again by server/services/x-posts.ts, which also falls
 * back to the template when the AI call fails.
 */
export interface XPostWriter {
  /** 'template' or 'ai'; for logs. */
  readonly name: string
  /** The X post text without the link. */
  write(input: XPostSource): Promise<string>
}

/** No AI: the custom text as given, or title + teaser + up to three hashtags. */
export const templateXPostWriter: XPostWriter = {
  name: 'template',
  async write(input) {
    // X's length rules (twitter-text) load on first use, not at start (docs/decisions/042).
    const { templateXText, truncateToWeight } = await import('#common/x-post-text.ts')
    if (input.customContent) return truncateToWeight(input.customContent, input.budget)
    return templateXText(input, input.budget)
  },
}

/** The provider writes the text (from the custom text when given, else from title, excerpt and tags). */
export function aiXPostWriter(
  write: (source: XPostSource, ctx: CallContext) => Promise<string>,
  ctx: CallContext,
): XPostWriter {
  return { name: 'ai', write: (input) => write(input, ctx) }
}

const URL_IN_TEXT = /\bhttps?:\/\/|\bwww\./i

/**
 * A text X will accept with the link after it: not empty, within the budget (as `weigh`, X's own
 * count from common/x-post-text.ts, weighs it), no link of its own.
 */
export function checkXPostText(
  output: z.infer<typeof XPostTextSchema>,
  budget: number,
  weigh: (text: string) => number,
): Checked<string> {
  const text = output.text.trim().replace(/^["“]|["”]$/g, '')
  if (text === '') return { ok: false, reason: 'the text is empty' }
  if (URL_IN_TEXT.test(text)) return { ok: false, reason: 'it contains a link; the short link is added separately' }
  const weight = weigh(text)
  if (weight > budget) {
    return { ok: false, reason: `it weighs ${weight} characters as X counts them; the limit is ${budget}` }
  }
  return { ok: true, value: text }
}

/** One promotional X post for a blog post, in the brand's voice, fitted to X's limit with its link. */
export async function writeXPost(
  provider: AiProvider,
  ctx: CallContext,
  source: XPostSource,
  brand: Brand,
): Promise<string> {
  const { X_TEXT_BUDGET, xWeightedLength } = await import('#common/x-post-text.ts')
  const budget = Math.min(source.budget, X_TEXT_BUDGET)
  return generateStructured(provider, ctx, {
    op: 'x-post',
    name: 'x_post',
    description: 'One post for X promoting a blog article.',
    schema: XPostTextSchema,
    instructions: voice(brand),
    prompt: xPostPrompt(source, budget),
    check: (output) => checkXPostText(output, budget, xWeightedLength),
    maxOutputTokens: 400,
  })
}
