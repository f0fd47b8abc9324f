/**
 * Embeds (issue 32): a YouTube video or an X post written as a URL on a line of its own is shown as
 * a card (common/markdown.ts). Only a URL recognised here becomes a card, and only with an id that
 * matches the site's own id format exactly, so nothing a writer types can reach an attribute or an
 * iframe address unchecked. docs/decisions/054-embeds.md
 */

export type Embed = { kind: 'youtube'; id: string; start?: number } | { kind: 'x'; user: string; id: string }

/** The only hosts an embed's iframe may load from; the Content-Security-Policy's frame-src lists exactly these. */
export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://platform.twitter.com'] as const

/** YouTube video ids are 11 characters of base64url. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
/** X user names: 1-15 letters, digits or underscores. */
const X_USER = /^[A-Za-z0-9_]{1,15}$/
/** X post ids: a 64-bit snowflake, up to 19 digits. */
const X_ID = /^[1-9][0-9]{0,18}$/
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])
const X_HOSTS = new Set(['x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com'])
/** A day: a start time beyond it is not a time a writer meant. */
const START_MAX = 86_400

/** A start time as YouTube writes it: `90`, `90s`, `1m30s`, `1h2m3s`; else undefined. */
function startSeconds(value: string | null): number | undefined {
  if (!value) return undefined
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,5})s?)?$/.exec(value)
  if (!match || value === '') return undefined
  const [, h = '0', m = '0', s = '0'] = match
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s)
  return seconds > 0 && seconds <= START_MAX ? seconds : undefined
}

function youtube(id: string | undefined, params: URLSearchParams): Embed | null {
  if (!id || !YOUTUBE_ID.test(id)) return null
  const start = startSeconds(params.get('t') ?? params.get('start'))
  return start === undefined ? { kind: 'youtube', id } : { kind: 'youtube', id, start }
}

/** The embed a URL names, or null when it is not exactly a YouTube video or an X post address. */
export function parseEmbedUrl(input: string): Embed | null {
  const text = input.trim()
  if (text.length > 500 || /\s/.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null
  const host = url.hostname.toLowerCase()
  const path = url.pathname.replace(/\/$/, '')
  const parts = path.split('/').slice(1)
  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0], url.searchParams) : null
  if (YOUTUBE_HOSTS.has(host)) {
    if (path === '/watch') return youtube(url.searchParams.get('v') ?? undefined, url.searchParams)
    if (parts.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live'))
      return youtube(parts[1], url.searchParams)
    return null
  }
  if (X_HOSTS.has(host)) {
    const [user, status, id, ...rest] = parts
    if (rest.length > 0 || status !== 'status' || !user || !id) return null
    // `/i/status/…` has no author in it; `/home/status/…` and the like are X's own pages.
    if (
      !X_USER.test(user) ||
      !X_ID.test(id) ||
      ['i', 'home', 'search', 'explore', 'settings'].includes(user.toLowerCase())
    )
      return null
    return { kind: 'x', user, id }
  }
  return null
}

/** The address a reader follows without the card (a plain link): the canonical page of the video or post. */
export function embedLink(embed: Embed): string {
  if (embed.kind === 'x') return `https://x.com/${embed.user}/status/${embed.id}`
  return `https://www.youtube.com/watch?v=${embed.id}${embed.start ? `&t=${embed.start}s` : ''}`
}

/** The iframe address a click loads: YouTube's no-cookie player (playing at once), or X's post frame. */
export function embedFrameSrc(embed: Embed): string {
  if (embed.kind === 'x') return `https://platform.twitter.com/embed/Tweet.html?id=${embed.id}&dnt=true`
  return `https://www.youtube-nocookie.com/embed/${embed.id}?autoplay=1&rel=0${embed.start ? `&start=${embed.start}` : ''}`
}
