import type { Channel } from '#common/channels.ts'
import type {
  AiStatus,
  ContentRequestValues,
  ContentStreamEvent,
  ExpandRequestValues,
  RewriteResult,
  TopicItem,
} from '#common/contract/ai.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { suggestAltText } from '#server/services/ai/alt-text.ts'
import type { CallContext } from '#server/services/ai/call.ts'
import { type DraftResult, expandContent, generateContent, streamContent } from '#server/services/ai/content.ts'
import { type FeaturedImage, generateFeaturedImage } from '#server/services/ai/image.ts'
import { type AiProvider, createProvider } from '#server/services/ai/provider.ts'
import { rewriteArticle } from '#server/services/ai/rewrite.ts'
import type { SafeFetchOptions } from '#server/services/ai/safe-fetch.ts'
import { trendingTopics } from '#server/services/ai/topics.ts'
import { writeXPost, type XPostSource } from '#server/services/ai/x-post.ts'
import { type SocialSource, writeSocialPost } from '#server/services/social-text.ts'

/** The AI operations behind /api/blog/ai, bound to one configuration. */
export interface AiStudio {
  provider: AiProvider
  status: () => AiStatus
  trendingTopics: (keywords: string[], ctx: CallContext) => Promise<TopicItem[]>
  generateContent: (request: ContentRequestValues, ctx: CallContext) => Promise<DraftResult>
  streamContent: (
    request: ContentRequestValues,
    ctx: CallContext,
    emit: (event: ContentStreamEvent) => Promise<void> | void,
  ) => Promise<DraftResult>
  /** 'Expand' a draft shorter than asked (issue 11 §6), streamed like streamContent. */
  expandContent: (
    request: ExpandRequestValues,
    ctx: CallContext,
    emit: (event: ContentStreamEvent) => Promise<void> | void,
  ) => Promise<{ content: string; notices: string[] }>
  generateImage: (db: Db, input: { title: string; description: string }, ctx: CallContext) => Promise<FeaturedImage>
  rewriteArticle: (url: string, ctx: CallContext) => Promise<RewriteResult>
  /** The text of a promotional X post (issue 5), without its link. */
  writeXPost: (source: XPostSource, ctx: CallContext) => Promise<string>
  /** Issue 29: the text of a post for another network, in its manner, fitted with its link. */
  writeSocialPost: (
    channel: Exclude<Channel, 'x'>,
    source: SocialSource,
    link: string,
    ctx: CallContext,
  ) => Promise<string>
  /** Issue 15: an alt text for a picture of this site (`/images/…`) or an http(s) one. */
  altText: (db: Db, imageUrl: string, ctx: CallContext) => Promise<string>
}

/**
 * TESTS ONLY. Production builds the studio with none of these. The one setting that reaches
 * `allowPrivateHosts` from the environment, TEST_FETCH_ALLOW_HOSTS, is refused by server/config.ts
 * unless NODE_ENV=test (docs/decisions/009-ssrf-safe-fetching.md, 018-test-only-fetch-allow-list.md).
 */
export interface AiStudioTestOptions {
  /** What the rewrite fetcher and image downloads may reach (allowPrivateHosts, a resolver, limits). */
  fetch?: SafeFetchOptions
}

export function createAiStudio(config: Config, testOptions: AiStudioTestOptions = {}): AiStudio {
  // config.ai.testAllowPrivateHosts is empty unless NODE_ENV=test (server/config.ts refuses it otherwise).
  const fetchOptions: SafeFetchOptions | undefined =
    testOptions.fetch ??
    (config.ai.testAllowPrivateHosts.length > 0 ? { allowPrivateHosts: config.ai.testAllowPrivateHosts } : undefined)
  const provider = createProvider(config.ai, { download: fetchOptions })
  const brand = { brandName: config.site.brandName, teamName: config.site.teamName }
  return {
    provider,
    status: () => ({ configured: provider.configured, imageModel: provider.hasImageModel }),
    trendingTopics: (keywords, ctx) => trendingTopics(provider, ctx, keywords, brand),
    generateContent: (request, ctx) => generateContent(provider, ctx, request, brand),
    streamContent: (request, ctx, emit) => streamContent(provider, ctx, request, brand, emit),
    expandContent: (request, ctx, emit) => expandContent(provider, ctx, request, brand, emit),
    generateImage: (db, input, ctx) => generateFeaturedImage(provider, db, ctx, input),
    rewriteArticle: (url, ctx) => rewriteArticle(provider, ctx, url, { brand, fetch: fetchOptions }),
    writeXPost: (source, ctx) => writeXPost(provider, ctx, source, brand),
    writeSocialPost: (channel, source, link, ctx) => writeSocialPost(provider, ctx, channel, source, link, brand),
    altText: (db, imageUrl, ctx) => suggestAltText(provider, db, ctx, imageUrl, fetchOptions),
  }
}
