import { queryOptions } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import { type ChannelList, EXPIRY_WARNING_DAYS } from '#common/contract/channels.ts'

/** GET /api/admin/channels: the Channels screen's list, and the admin shell's warning (issue 29). */
export const channelKeys = { list: ['admin-channels'] as const }

export const channelsOptions = () =>
  queryOptions({ queryKey: channelKeys.list, queryFn: () => api.get<ChannelList>('/api/admin/channels') })

/** How many connected networks have a token that stops working within EXPIRY_WARNING_DAYS (or has). */
export const expiringTokens = (list: ChannelList, now = Date.now()) =>
  list.channels.filter(
    (c) => c.connected && c.tokenExpiresAt && Date.parse(c.tokenExpiresAt) - now <= EXPIRY_WARNING_DAYS * 86_400_000,
  ).length
