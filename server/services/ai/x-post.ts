import { z } from 'zod'
import { X_TEXT_BUDGET, xWeightedLength } from '#common/x-post-text.ts'
import { type CallContext, type Checked, generateStructured } from '#server/services/ai/call.ts'
import { type Brand, voice, xPostPrompt } from '#server/services/ai/prompts.ts'
import type { AiProvider } from '#server/services/ai/provider.ts'

/** What the provider is asked for: the post text alone (the short link is added by us). */
export const XPostTextSchema = z.object({ text: z.string() })

export interface XPostSource {
  title: string
  excerpt: string | null
  tags: readonly string[]
  /** The admin's own words; when given, the post is written from them. */
  customContent: string | null
  /** Weighted characters (twitter-text) the text may use before ' ' + link. */
  budget: number
}

const URL_IN_TEXT = /\bhttps?:\/\/|\bwww\./i

/** A text X will accept with the link after it: not empty, within the budget, no link of its own. */
export function checkXPostText(output: z.infer<typeof XPostTextSchema>, budget: number): Checked<string> {
  const text = output.text.trim().replace(/^["“]|["”]$/g, '')
  if (text === '') return { ok: false, reason: 'the text is empty' }
  if (URL_IN_TEXT.test(text)) return { ok: false, reason: 'it contains a link; the short link is added separately' }
  const weight = xWeightedLength(text)
  if (weight > budget) {
    return { ok: false, reason: `it weighs ${weight} characters as X counts them; the limit is ${budget}` }
  }
  return { ok: true, value: text }
}

/** One promotional X post for a blog post, in the brand's voice, fitted to X's limit with its link. */
export function writeXPost(provider: AiProvider, ctx: CallContext, source: XPostSource, brand: Brand): Promise<string> {
  const budget = Math.min(source.budget, X_TEXT_BUDGET)
  return generateStructured(provider, ctx, {
    op: 'x-post',
    name: 'x_post',
    description: 'One post for X promoting a blog article.',
    schema: XPostTextSchema,
    instructions: voice(brand),
    prompt: xPostPrompt(source, budget),
    check: (output) => checkXPostText(output, budget),
    maxOutputTokens: 400,
  })
}
