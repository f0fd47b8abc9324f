import { z } from 'zod'
import { TOPIC_COUNT, TopicItem } from '#common/contract/ai.ts'
import { CATEGORIES } from '#common/limits.ts'
import { type CallContext, type Checked, generateStructured } from '#server/services/ai/call.ts'
import { mentions } from '#server/services/ai/content.ts'
import { type Brand, topicsPrompt, voice } from '#server/services/ai/prompts.ts'
import type { AiProvider } from '#server/services/ai/provider.ts'

export const TopicListSchema = z.object({
  topics: z
    .array(
      z.object({
        title: z.string(),
        description: z.string(),
        category: z.enum(CATEGORIES),
        keywords: z.array(z.string()),
      }),
    )
    .min(TOPIC_COUNT)
    .max(TOPIC_COUNT),
})

/** Six valid topic items, each about at least one of the admin's keywords. */
export function checkTopics(output: z.infer<typeof TopicListSchema>, keywords: string[]): Checked<TopicItem[]> {
  const topics: TopicItem[] = []
  for (const [i, raw] of output.topics.entries()) {
    const parsed = TopicItem.safeParse({
      ...raw,
      keywords: [...new Set(raw.keywords.map((k) => k.trim()).filter((k) => k !== ''))].slice(0, 10),
    })
    if (!parsed.success) return { ok: false, reason: `topic ${i + 1} is incomplete or too long` }
    const text = [parsed.data.title, parsed.data.description, ...parsed.data.keywords].join(' ')
    if (!keywords.some((k) => mentions(text, k))) {
      return { ok: false, reason: `topic ${i + 1} ("${parsed.data.title}") is not about any of the keywords` }
    }
    topics.push(parsed.data)
  }
  if (topics.length !== TOPIC_COUNT)
    return { ok: false, reason: `it has ${topics.length} topics instead of ${TOPIC_COUNT}` }
  return { ok: true, value: topics }
}

export function trendingTopics(
  provider: AiProvider,
  ctx: CallContext,
  keywords: string[],
  brand: Brand,
  now = new Date(),
): Promise<TopicItem[]> {
  return generateStructured(provider, ctx, {
    op: 'trending-topics',
    name: 'trending_topics',
    description: `Exactly ${TOPIC_COUNT} blog topic ideas.`,
    schema: TopicListSchema,
    instructions: voice(brand),
    prompt: topicsPrompt(keywords, now),
    check: (output) => checkTopics(output, keywords),
    maxOutputTokens: 2_000,
  })
}
