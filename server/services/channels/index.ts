// Issue 29: which networks this server posts to, and each one's adapter (loaded on first use, not
// at start: docs/decisions/042-fast-restart.md). Adding a network: its adapter file, its settings
// in server/config.ts, and one row here.
import { eq } from 'drizzle-orm'
import { CHANNEL_LABELS, type Channel } from '#common/channel-names.ts'
import { IMAGE_PIXELS_MAX } from '#common/limits.ts'
import type { Config, SocialConfig } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'
import type { ChannelAdapter, LinkCard } from '#server/services/channels/adapter.ts'
import { effectiveSocial } from '#server/services/channels/connections.ts'
import { imageJob } from '#server/services/image-jobs.ts'
import { loadImage } from '#server/services/images.ts'
import { loadSharp } from '#server/services/sharp.ts'

export { CHANNEL_LABELS }

export type OtherChannel = Exclude<Channel, 'x'>

/** The settings that connect each network, for the 'not connected' sentence. */
export const CHANNEL_SETTINGS: Record<Channel, string> = {
  x: 'X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN and X_ACCESS_TOKEN_SECRET',
  linkedin: 'LINKEDIN_ACCESS_TOKEN and LINKEDIN_ORGANIZATION_ID',
  bluesky: 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD',
  mastodon: 'MASTODON_URL and MASTODON_ACCESS_TOKEN',
  threads: 'THREADS_USER_ID and THREADS_ACCESS_TOKEN',
}

/** What finding a network's settings takes: the environment, and the stored connections. */
export interface ChannelServices {
  db: Db
  config: Config
  /** The secret-box key (server/secret-key.ts) the stored secrets are sealed with. */
  secretKey: Buffer
}

/** A network is connected when the environment sets it or the Channels screen stored it. */
export async function isConnected(services: ChannelServices, channel: Channel): Promise<boolean> {
  if (channel === 'x') return services.config.x.credentials !== null
  const social = await effectiveSocial(services.db, services.config, services.secretKey)
  return social[channel] !== null
}

/** The adapter of a connected network; null when its settings are not there. */
export async function adapterFor(services: ChannelServices, channel: OtherChannel): Promise<ChannelAdapter | null> {
  const social = await effectiveSocial(services.db, services.config, services.secretKey)
  return adapterOf(social, channel)
}

/** The adapter of these settings' network; null when they do not set it. */
export async function adapterOf(social: SocialConfig, channel: OtherChannel): Promise<ChannelAdapter | null> {
  switch (channel) {
    case 'linkedin': {
      const settings = social.linkedin
      return settings ? (await import('#server/services/channels/linkedin.ts')).linkedinAdapter(settings) : null
    }
    case 'bluesky': {
      const settings = social.bluesky
      return settings ? (await import('#server/services/channels/bluesky.ts')).blueskyAdapter(settings) : null
    }
    case 'mastodon': {
      const settings = social.mastodon
      return settings ? (await import('#server/services/channels/mastodon.ts')).mastodonAdapter(settings) : null
    }
    case 'threads': {
      const settings = social.threads
      return settings ? (await import('#server/services/channels/threads.ts')).threadsAdapter(settings) : null
    }
  }
}

/** When the token of this network in use stops working; null when not known (or it does not expire). */
export async function tokenExpiry(services: ChannelServices, channel: Channel): Promise<Date | null> {
  if (channel === 'x') return null
  const social = await effectiveSocial(services.db, services.config, services.secretKey)
  const settings = social[channel]
  return settings && 'tokenExpiresAt' in settings ? (settings.tokenExpiresAt ?? null) : null
}

/**
 * Why a post of `channel` cannot go out at `at`: its token has stopped working by then (issue 29:
 * said when it is scheduled, not found out at its moment). Null when it can.
 */
export async function expiryProblem(services: ChannelServices, channel: Channel, at: Date): Promise<string | null> {
  const expiry = await tokenExpiry(services, channel)
  return expiry && at.getTime() >= expiry.getTime() ? expiredMessage(channel, expiry) : null
}

/** The sentence of a token that has stopped working, or will before a post's moment. */
export function expiredMessage(channel: Channel, expiry: Date): string {
  const day = expiry.toISOString().slice(0, 10)
  const label = CHANNEL_LABELS[channel]
  return expiry.getTime() <= Date.now()
    ? `${label}'s access token expired on ${day}: renew it on the Channels screen (or in the server's settings), then try again.`
    : `${label}'s access token expires on ${day}, before this post goes out: renew it on the Channels screen first, or pick an earlier time.`
}

export const notConnected = (channel: Channel) =>
  channel === 'x'
    ? `Posting to X is not connected: set ${CHANNEL_SETTINGS.x} on the server.`
    : `Posting to ${CHANNEL_LABELS[channel]} is not connected: connect it on the Channels screen, or set ${CHANNEL_SETTINGS[channel]} on the server.`

const COVER = /^\/images\/([0-9a-f]{16,128})\.[a-z0-9]{2,5}$/
/** A link card's picture: at most this wide, as JPEG (what every network takes; Bluesky's limit is 1 MB). */
const CARD_WIDTH = 1200

/** The article as a link card: its title, excerpt and cover (as a JPEG), for LinkedIn and Bluesky. */
export async function linkCardOf(db: Db, blogPostId: number, url: string): Promise<LinkCard | undefined> {
  const [post] = await db
    .select({ title: blogPosts.title, excerpt: blogPosts.excerpt, featuredImage: blogPosts.featuredImage })
    .from(blogPosts)
    .where(eq(blogPosts.id, blogPostId))
    .limit(1)
  if (!post) return undefined
  const hash = post.featuredImage ? COVER.exec(post.featuredImage)?.[1] : undefined
  const original = hash ? await loadImage(db, hash) : null
  let image: LinkCard['image'] = null
  if (original) {
    const sharp = await loadSharp()
    const bytes = await imageJob(() =>
      sharp(original.bytes, { limitInputPixels: IMAGE_PIXELS_MAX })
        .resize({ width: CARD_WIDTH, withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer(),
    )
    image = { bytes: new Uint8Array(bytes), mimeType: 'image/jpeg' }
  }
  return { url, title: post.title, description: post.excerpt, image }
}

/** What a request brings to find a network's settings. */
export const channelServices = (c: {
  var: { db: Db; config: Config; services: { secretKey: Buffer } }
}): ChannelServices => ({ db: c.var.db, config: c.var.config, secretKey: c.var.services.secretKey })

/** A network's posting times: its own when the Channels screen set some, else X's. */
export const slotsOf = (config: Pick<Config, 'x'>, stored: { slots: string[] } | undefined): string[] =>
  stored && stored.slots.length > 0 ? stored.slots : config.x.slots
