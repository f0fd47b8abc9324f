import type { AttributionInput, Touch, VisitInput } from '#common/contract/analytics.ts'
import { ANALYTICS_PATH_MAX, REFERRER_HOST_MAX, UTM_VALUE_MAX } from '#common/limits.ts'

/**
 * Issue 16: how a tab session came to the site (its first touch), kept in sessionStorage and sent
 * with each visit and with the contact form. Public pages load this, so the server's zod contract
 * (common/contract/analytics.ts) is mirrored here in plain code rather than imported: every value
 * is cut to what that contract accepts, so a long or odd address never costs the visitor a message.
 * docs/decisions/036-cookieless-analytics.md
 */
export interface FirstTouch {
  landingPath: string | null
  referrer: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  xPostId: number | null
  /** The first published post the session read; set later than the rest, once. */
  postId: number | null
}

export const TOUCH_KEY = 'vq:touch'
const INT_MAX = 2_147_483_647

/** The contract's public path: site-relative, no whitespace, never the admin area or the API. */
export function publicPath(pathname: string): string | null {
  const path = pathname.slice(0, ANALYTICS_PATH_MAX)
  if (!/^\/(?!\/)\S*$/.test(path)) return null
  if (/^\/(admin|api)(\/|$|\?)/.test(path)) return null
  return path
}

/** A UTM value as the contract keeps it: trimmed, at most UTM_VALUE_MAX characters, blank is null. */
export function utmValue(value: string | null): string | null {
  const cut = value?.trim().slice(0, UTM_VALUE_MAX).trim()
  return cut ? cut : null
}

/**
 * The referrer's host only (a whole address may carry personal data), and none when the visitor
 * came from one of this site's own pages or from something that is not a web page.
 */
export function referrerHost(referrer: string, ownHost: string): string | null {
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // Punycode already for international names; an IPv6 address ([::1]) is not a host name here.
  const host = url.hostname.toLowerCase()
  if (host === '' || host === ownHost.toLowerCase()) return null
  if (host.length > REFERRER_HOST_MAX || !/^[a-z0-9.-]+$/.test(host)) return null
  return host
}

/**
 * Our short links' campaign, `{channel}-post-{id}` (server/services/short-links.ts redirectTarget):
 * the social post's id on any network (issue 29), still named xPostId where it is stored.
 */
export function xPostIdOf(campaign: string | null): number | null {
  const match = campaign ? /^(?:x|linkedin|bluesky|mastodon|threads)-post-([1-9]\d{0,9})$/.exec(campaign) : null
  const id = match ? Number(match[1]) : null
  return id !== null && id <= INT_MAX ? id : null
}

/** The first touch of a session that lands on `href`, coming from `referrer` ('' when none). */
export function touchOf(href: string, referrer: string): FirstTouch {
  const url = new URL(href)
  const utmCampaign = utmValue(url.searchParams.get('utm_campaign'))
  return {
    landingPath: publicPath(url.pathname),
    referrer: referrerHost(referrer, url.hostname),
    utmSource: utmValue(url.searchParams.get('utm_source')),
    utmMedium: utmValue(url.searchParams.get('utm_medium')),
    utmCampaign,
    xPostId: xPostIdOf(utmCampaign),
    postId: null,
  }
}

const validId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= INT_MAX ? v : null)
const text = (v: unknown) => (typeof v === 'string' ? v : null)

/**
 * A stored touch, bounded again: sessionStorage is the page's to change (an older version of this
 * code, an extension), and a value the server refuses would cost the visitor their message.
 */
export function cleanTouch(value: unknown): FirstTouch | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const landingPath = text(v.landingPath)
  const referrer = text(v.referrer)
  return {
    landingPath: landingPath === null ? null : publicPath(landingPath),
    referrer:
      referrer !== null && referrer.length <= REFERRER_HOST_MAX && /^[a-z0-9.-]+$/.test(referrer) ? referrer : null,
    utmSource: utmValue(text(v.utmSource)),
    utmMedium: utmValue(text(v.utmMedium)),
    utmCampaign: utmValue(text(v.utmCampaign)),
    xPostId: validId(v.xPostId),
    postId: validId(v.postId),
  }
}

function read(): FirstTouch | null {
  try {
    const stored = window.sessionStorage.getItem(TOUCH_KEY)
    return stored ? cleanTouch(JSON.parse(stored)) : null
  } catch {
    return null
  }
}

function write(touch: FirstTouch): boolean {
  try {
    window.sessionStorage.setItem(TOUCH_KEY, JSON.stringify(touch))
    return true
  } catch {
    // Storage blocked (private modes, policies): the session simply has no attribution.
    return false
  }
}

/**
 * The session's first touch: the one stored, else the current page's, stored now and never
 * replaced for the rest of the session. Null when storage is blocked. Call it from an effect.
 */
export function firstTouch(): FirstTouch | null {
  const stored = read()
  if (stored) return stored
  const touch = touchOf(window.location.href, document.referrer)
  return write(touch) ? touch : null
}

/** Remembers the first published post the session reads; later posts leave it as it is. */
export function rememberPost(postId: number) {
  const touch = firstTouch()
  const id = validId(postId)
  if (touch && touch.postId === null && id !== null) write({ ...touch, postId: id })
}

/** What each visit carries of the touch (the contract's Touch: no landing page, no post). */
export function visitTouch(touch: FirstTouch | null): Touch {
  return {
    referrer: touch?.referrer ?? null,
    utmSource: touch?.utmSource ?? null,
    utmMedium: touch?.utmMedium ?? null,
    utmCampaign: touch?.utmCampaign ?? null,
    xPostId: touch?.xPostId ?? null,
  }
}

/** The body of POST /api/analytics/visits for a view of `pathname`; null for a path not counted. */
export function visitBody(pathname: string, touch: FirstTouch | null): VisitInput | null {
  const path = publicPath(pathname)
  return path === null ? null : { path, ...visitTouch(touch) }
}

let sentWithView: string | null = null

/**
 * A post's counted view (POST /api/blog/{slug}/view) carries the touch and is the visit of that
 * page view too, so that it stays one request. The post page's effect says so here; the visit
 * beacon's effect, in the root, runs after it in the same commit (React runs a parent's effects
 * after its children's) and takes it: that page view sends no second beacon.
 */
export function visitSentWithView(pathname: string) {
  sentWithView = pathname
}

export function takeVisitSentWithView(pathname: string): boolean {
  const sent = sentWithView === pathname
  sentWithView = null
  return sent
}

/** The contact form's `attribution`: the stored first touch, or none (storage blocked or empty). */
export function contactAttribution(): AttributionInput | null {
  const touch = read()
  if (!touch) return null
  const { landingPath, referrer, utmSource, utmMedium, utmCampaign, xPostId, postId } = touch
  return { landingPath, referrer, utmSource, utmMedium, utmCampaign, xPostId, postId }
}
