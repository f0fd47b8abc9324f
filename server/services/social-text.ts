// Issue 29: the text of a social post on each network, written by the AI provider (its own brief
// per network) or, offline, by a template per network; whoever writes it, it is fitted to the
// network's rules with its link (common/channels.ts). docs/decisions/058-social-posts.md
import { z } from 'zod'
import type { Channel } from '#common/channels.ts'
import { type CallContext, type Checked, generateStructured } from '#server/services/ai/call.ts'
import { articleLines, type Brand, type SocialSource, voice } from '#server/services/ai/prompts.ts'
import type { AiProvider } from '#server/services/ai/provider.ts'

type Channels = typeof import('#common/channels.ts')

export type { SocialSource }

/** Who writes a social post's text (without the link): the AI provider, or the template. */
export interface SocialWriter {
  readonly name: string
  write(channel: Channel, source: SocialSource, link: string): Promise<string>
}

const ELLIPSIS = '…'
const paragraphs = (parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.replace(/[ \t]+/g, ' ').trim() ?? '')
    .filter(Boolean)
    .join('\n\n')

/** The excerpt as short paragraphs of at most two sentences (LinkedIn is read on a phone). */
function shortParagraphs(text: string): string[] {
  const sentences = text.match(/[^.!?]+[.!?]+["”’)]*|[^.!?]+$/g)?.map((s) => s.trim()) ?? []
  const out: string[] = []
  for (let i = 0; i < sentences.length; i += 2) out.push(sentences.slice(i, i + 2).join(' '))
  return out
}

/**
 * `text` shortened at a word end, with an ellipsis, until it and the link fit one post of the
 * network; '' when not even one word fits.
 */
export function fitToChannel(channels: Channels, channel: Channel, text: string, link: string): string {
  const clean = text.trim()
  if (channels.checkText(channel, clean, link).fits) return clean
  const words = clean.split(/(?<=\s)/)
  let lo = 0
  let hi = words.length
  const fits = (n: number) =>
    channels.checkText(channel, `${words.slice(0, n).join('').trimEnd()}${ELLIPSIS}`, link).fits
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  if (lo === 0) return ''
  return `${words
    .slice(0, lo)
    .join('')
    .trimEnd()
    .replace(/[\s,;:.\-–—]+$/u, '')}${ELLIPSIS}`
}

/**
 * Offline, a post in each network's manner: LinkedIn a hook, short paragraphs, a question and up
 * to five hashtags; Mastodon the title, the teaser and up to three hashtags (its readers follow
 * them); Bluesky and Threads the title and teaser. What gives way first is the body, never the hook.
 */
export async function templateSocialText(channel: Channel, source: SocialSource, link: string): Promise<string> {
  const channels = await import('#common/channels.ts')
  const { toHashtag } = await import('#common/x-post-text.ts')
  const body = source.customContent ?? source.excerpt ?? ''
  const head = source.customContent ? '' : source.title
  if (channel === 'x') {
    const { templateXText, truncateToWeight, X_TEXT_BUDGET } = await import('#common/x-post-text.ts')
    return source.customContent ? truncateToWeight(source.customContent, X_TEXT_BUDGET) : templateXText(source)
  }
  const tags = (max: number) =>
    [...new Set(source.tags.map(toHashtag).filter((t): t is string => t !== null))].slice(0, max).join(' ')
  const tail =
    channel === 'linkedin'
      ? paragraphs(['What would you try first with your own audience?', tags(5)])
      : channel === 'mastodon'
        ? tags(3)
        : ''
  const bodyText = channel === 'linkedin' ? paragraphs(shortParagraphs(body)) : body
  const whole = paragraphs([head, bodyText, tail])
  if (channels.checkText(channel, whole, link).fits) return whole
  // Too long: keep the hook and the tail, shorten the body to the room between them.
  const room = fitToChannel(channels, channel, paragraphs([head, bodyText]), `${tail ? `\n\n${tail}` : ''} ${link}`)
  const fitted = paragraphs([room, tail])
  if (channels.checkText(channel, fitted, link).fits && room !== '') return fitted
  return fitToChannel(channels, channel, whole, link)
}

export const templateSocialWriter: SocialWriter = { name: 'template', write: templateSocialText }

/** What each network's post should read like, for the provider. */
const MANNER: Record<Exclude<Channel, 'x'>, string[]> = {
  linkedin: [
    '- A LinkedIn post from a company page, for B2B marketers: not a tweet.',
    '- The first line is a hook of at most 200 characters that makes them click "see more".',
    '- Then two to four short paragraphs (one or two sentences each) with one concrete figure or benefit from the article.',
    '- End with one question to the reader, then 3 to 5 relevant hashtags on the last line.',
  ],
  bluesky: [
    '- A Bluesky post: conversational, one hook and one concrete point from the article.',
    '- At most one or two hashtags, or none.',
  ],
  mastodon: [
    '- A Mastodon post: plain and informative, no hype; the readers dislike marketing speak.',
    '- Up to three hashtags in CamelCase at the end (screen readers read them better).',
  ],
  threads: ['- A Threads post: friendly and short, a hook and one concrete point from the article; no hashtags.'],
}

export const SocialTextSchema = z.object({ text: z.string() })

const URL_IN_TEXT = /\bhttps?:\/\/|\bwww\./i

/** The provider's text, accepted only when it fits the network with the link and has no link of its own. */
export function checkSocialText(
  channels: Channels,
  channel: Channel,
  output: z.infer<typeof SocialTextSchema>,
  link: string,
): Checked<string> {
  const text = output.text.trim().replace(/^["“]|["”]$/g, '')
  if (text === '') return { ok: false, reason: 'the text is empty' }
  if (URL_IN_TEXT.test(text)) return { ok: false, reason: 'it contains a link; the short link is added separately' }
  const check = channels.checkText(channel, text, link)
  const rules = channels.CHANNEL_RULES[channel]
  if (!check.fits) {
    return {
      ok: false,
      reason: `it counts ${check.used} as ${rules.label} counts it with the link; the limit is ${rules.limit}`,
    }
  }
  if (check.hookFits === false)
    return {
      ok: false,
      reason: `its first paragraph is longer than the ${rules.foldAt} characters shown before 'see more'`,
    }
  return { ok: true, value: text }
}

/** One post for `channel` promoting a blog post, in the brand's voice and the network's manner. */
export async function writeSocialPost(
  provider: AiProvider,
  ctx: CallContext,
  channel: Exclude<Channel, 'x'>,
  source: SocialSource,
  link: string,
  brand: Brand,
): Promise<string> {
  const channels = await import('#common/channels.ts')
  const rules = channels.CHANNEL_RULES[channel]
  const room = rules.limit - (rules.linkWeight ?? rules.count(link)) - 1
  const prompt = [
    `Write one ${rules.label} post that makes brand marketers want to read the blog article below.`,
    '',
    ...articleLines(source),
    '',
    'Rules for the text field:',
    `- At most ${room} characters. A link to the article is added after it by us.`,
    '- No links, no "link in bio", no quotes around the text.',
    ...MANNER[channel],
  ]
    .filter((line) => line !== '')
    .join('\n')
  return generateStructured(provider, ctx, {
    op: 'social-post',
    name: `${channel}_post`,
    description: `One ${rules.label} post promoting a blog article.`,
    schema: SocialTextSchema,
    instructions: voice(brand),
    prompt,
    check: (output) => checkSocialText(channels, channel, output, link),
    maxOutputTokens: channel === 'linkedin' ? 1_200 : 500,
  })
}
