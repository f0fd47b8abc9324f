import { useEffect, useState } from 'react'
import type { Channel } from '#common/channel-names.ts'

/** common/channels.ts: each network's counting (it brings twitter-text, so it is loaded when a card needs it). */
export type Channels = typeof import('#common/channels.ts')

let loading: Promise<Channels> | null = null
let loaded: Channels | null = null

/** The counting rules, once loaded (null for the first render, when the server's own figures stand in). */
export function useChannelRules(): Channels | null {
  const [channels, setChannels] = useState<Channels | null>(loaded)
  useEffect(() => {
    if (channels) return
    let live = true
    loading ??= import('#common/channels.ts').then((m) => {
      loaded = m
      return m
    })
    loading.then(
      (m) => live && setChannels(m),
      () => {
        loading = null
      },
    )
    return () => {
      live = false
    }
  }, [channels])
  return channels
}

export interface Draft {
  text: string
  asThread: boolean
  linkAt: 'first' | 'last'
}

export interface Plan {
  /** Each part as the network receives it (numbered ' i/n' in a thread, the link where it goes). */
  parts: string[]
  /** The network's count of the longest part, and its limit. */
  used: number
  limit: number
  fits: boolean
  /** LinkedIn: the first paragraph fits before 'see more' (true elsewhere). */
  hookFits: boolean
}

/**
 * What the server will make of a draft (server/services/social-posts.ts `planOf`, on the text as
 * the server keeps it: trimmed): the same rules, so the counter says what Save will say.
 */
export function planOf(channels: Channels, channel: Channel, draft: Draft, shortUrl: string): Plan {
  const rules = channels.CHANNEL_RULES[channel]
  const text = draft.text.trim()
  const parts =
    draft.asThread && rules.threads
      ? channels.splitThread(channel, text, { numbered: true, link: { url: shortUrl, at: draft.linkAt } })
      : [`${text} ${shortUrl}`]
  const used = Math.max(...parts.map((p) => rules.count(p)))
  const hookFits = channels.checkText(channel, parts[0] ?? '').hookFits !== false
  return { parts, used, limit: rules.limit, fits: used <= rules.limit && hookFits, hookFits }
}
