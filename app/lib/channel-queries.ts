import { queryOptions } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type { Channel } from '#common/channel-names.ts'
import { type ChannelList, EXPIRY_WARNING_DAYS } from '#common/contract/channels.ts'
import { SocialCapabilities } from '#common/contract/social-posts.ts'

/** GET /api/admin/channels: the Channels screen's list, and the admin shell's warning (issue 29). */
export const channelKeys = { list: ['admin-channels'] as const }

export const channelsOptions = () =>
  queryOptions({ queryKey: channelKeys.list, queryFn: () => api.get<ChannelList>('/api/admin/channels') })

/**
 * GET /api/social-posts/capabilities (any signed-in writer): which networks this server can post
 * to, their quick times and their tokens' expiry. Keyed under the social posts' queries.
 */
export const socialCapabilitiesOptions = () =>
  queryOptions({
    queryKey: ['social-posts', 'capabilities'] as const,
    queryFn: () => api.get('/api/social-posts/capabilities', SocialCapabilities),
  })

interface Expiring {
  channel: Channel
  connected: boolean
  tokenExpiresAt: string | null
}

/** The connected networks whose token stops working within EXPIRY_WARNING_DAYS (or has). */
export const expiringChannels = <C extends Expiring>(channels: readonly C[], now = Date.now()): C[] =>
  channels.filter(
    (c) => c.connected && c.tokenExpiresAt && Date.parse(c.tokenExpiresAt) - now <= EXPIRY_WARNING_DAYS * 86_400_000,
  )

/** How many connected networks have a token that stops working within EXPIRY_WARNING_DAYS (or has). */
export const expiringTokens = (list: ChannelList, now = Date.now()) => expiringChannels(list.channels, now).length
