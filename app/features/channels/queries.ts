import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type { ChannelTestResult, ConnectableChannel } from '#common/contract/channels.ts'

export { channelKeys, channelsOptions } from '#app/lib/channel-queries.ts'

/** A change here changes what the social-post panels may do: every query is looked at again. */
function useChannelMutation<I, O>(call: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries() })
}

export const useSaveChannel = (channel: ConnectableChannel) =>
  useChannelMutation((fields: Record<string, string>) =>
    api.put<{ success: true; message: string }>(`/api/admin/channels/${channel}`, { fields }),
  )

export const useDisconnectChannel = (channel: ConnectableChannel) =>
  useChannelMutation(() => api.delete<{ success: true; message: string }>(`/api/admin/channels/${channel}`))

export const useTestChannel = (channel: ConnectableChannel) =>
  useChannelMutation(() => api.post<ChannelTestResult>(`/api/admin/channels/${channel}/test`))

export const useSaveSlots = (channel: ConnectableChannel) =>
  useChannelMutation((slots: string[]) =>
    api.put<{ success: true; message: string; slots: string[] }>(`/api/admin/channels/${channel}/slots`, { slots }),
  )
