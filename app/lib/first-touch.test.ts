import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  cleanTouch,
  contactAttribution,
  firstTouch,
  publicPath,
  referrerHost,
  rememberPost,
  TOUCH_KEY,
  touchOf,
  visitBody,
  xPostIdOf,
} from '#app/lib/first-touch.ts'
import { Attribution, VisitInput } from '#common/contract/analytics.ts'
import { ANALYTICS_PATH_MAX, UTM_VALUE_MAX } from '#common/limits.ts'
import { NO_TOUCH, X_LINK_TOUCH } from '#tests/fixtures/touches.ts'

const SITE = 'https://vq.example'

describe('the first touch read from the landing address', () => {
  test('a short link landing keeps its UTM values and the X post id of its campaign', () => {
    const touch = touchOf(
      `${SITE}/blog/rewarded-video?utm_source=x&utm_medium=social&utm_campaign=x-post-12`,
      'https://t.co/abc123?secret=1',
    )
    expect(touch).toEqual({ ...X_LINK_TOUCH, postId: null })
  })

  test('a direct visit has no referrer, no UTM values and no X post', () => {
    expect(touchOf(`${SITE}/`, '')).toEqual({ ...NO_TOUCH, landingPath: '/' })
  })

  test("the referrer is its host only, and this site's own pages are no referrer", () => {
    expect(referrerHost('https://News.YCombinator.com:8443/item?id=1', 'vq.example')).toBe('news.ycombinator.com')
    expect(referrerHost(`${SITE}/blog`, 'vq.example')).toBeNull()
    expect(referrerHost('android-app://com.twitter.android/', 'vq.example')).toBeNull()
    expect(referrerHost('http://[::1]:3000/', 'vq.example')).toBeNull()
    expect(referrerHost('not an address', 'vq.example')).toBeNull()
    expect(referrerHost('https://bücher.example/', 'vq.example')).toBe('xn--bcher-kva.example')
  })

  test('only a campaign of the form x-post-{id} names an X post', () => {
    expect(xPostIdOf('x-post-7')).toBe(7)
    expect(xPostIdOf('x-post-0')).toBeNull()
    expect(xPostIdOf('x-post-12abc')).toBeNull()
    expect(xPostIdOf('x-post-99999999999')).toBeNull()
    expect(xPostIdOf('spring-launch')).toBeNull()
    expect(xPostIdOf(null)).toBeNull()
  })

  test('the admin area, the API and protocol-relative paths are not public paths', () => {
    expect(publicPath('/admin/blog')).toBeNull()
    expect(publicPath('/api/blog')).toBeNull()
    expect(publicPath('//evil.example/x')).toBeNull()
    expect(publicPath('/administrators-guide')).toBe('/administrators-guide')
  })

  test('over-long and padded values are cut to what the server accepts, blank ones dropped', () => {
    const long = 'a'.repeat(ANALYTICS_PATH_MAX + 50)
    const touch = touchOf(
      `${SITE}/${long}?utm_source=${'s'.repeat(UTM_VALUE_MAX + 20)}&utm_medium=%20%20&utm_campaign=${encodeURIComponent(`  ${'c'.repeat(UTM_VALUE_MAX - 1)} x`)}`,
      `https://${'h'.repeat(60)}.${'h'.repeat(60)}.${'h'.repeat(60)}.${'h'.repeat(60)}.${'h'.repeat(60)}.example/`,
    )
    expect(touch.landingPath).toHaveLength(ANALYTICS_PATH_MAX)
    expect(touch.utmSource).toHaveLength(UTM_VALUE_MAX)
    expect(touch.utmMedium).toBeNull()
    // Cut at the limit, the trailing space is trimmed again.
    expect(touch.utmCampaign).toBe('c'.repeat(UTM_VALUE_MAX - 1))
    expect(touch.referrer).toBeNull()
    expect(Attribution.safeParse(touch).success).toBe(true)
    expect(VisitInput.safeParse(visitBody(`/${long}`, touch)).success).toBe(true)
  })
})

describe('the touch kept for the tab session', () => {
  let store: Map<string, string>
  function browserAt(href: string, referrer = '', blocked = false) {
    const sessionStorage = {
      getItem: (k: string) => {
        if (blocked) throw new DOMException('blocked', 'SecurityError')
        return store.get(k) ?? null
      },
      setItem: (k: string, v: string) => {
        if (blocked) throw new DOMException('blocked', 'SecurityError')
        store.set(k, v)
      },
    }
    vi.stubGlobal('window', { location: { href }, sessionStorage })
    vi.stubGlobal('document', { referrer })
  }
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test('is the landing page of the session, not overwritten by later pages; the first post read is kept', () => {
    store = new Map()
    browserAt(`${SITE}/blog/first?utm_source=x&utm_medium=social&utm_campaign=x-post-3`, 'https://t.co/x')
    expect(firstTouch()?.xPostId).toBe(3)
    rememberPost(41)

    browserAt(`${SITE}/blog/second?utm_source=newsletter`, `${SITE}/blog/first`)
    rememberPost(42)
    expect(firstTouch()?.utmSource).toBe('x')
    const attribution = contactAttribution()
    expect(attribution).toEqual({
      landingPath: '/blog/first',
      referrer: 't.co',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: 'x-post-3',
      xPostId: 3,
      postId: 41,
    })
    expect(Attribution.safeParse(attribution).success).toBe(true)
  })

  test('the visit body carries the touch but not the landing page or the post (the contract refuses them)', () => {
    store = new Map()
    browserAt(`${SITE}/?utm_source=newsletter`, 'https://mail.example/inbox')
    const body = visitBody('/blog', firstTouch())
    expect(body).toEqual({
      path: '/blog',
      referrer: 'mail.example',
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: null,
      xPostId: null,
    })
    expect(VisitInput.safeParse(body).success).toBe(true)
    expect(visitBody('/admin/blog', firstTouch())).toBeNull()
  })

  test('blocked storage means no attribution and no error', () => {
    store = new Map()
    browserAt(`${SITE}/?utm_source=x`, '', true)
    expect(firstTouch()).toBeNull()
    expect(() => rememberPost(5)).not.toThrow()
    expect(contactAttribution()).toBeNull()
    expect(visitBody('/', firstTouch())).toMatchObject({ path: '/', utmSource: null })
  })

  test('a stored touch that was tampered with is bounded again before it is sent', () => {
    store = new Map([
      [
        TOUCH_KEY,
        JSON.stringify({
          landingPath: '/admin',
          referrer: 'EVIL host',
          utmSource: 'u'.repeat(500),
          utmMedium: 42,
          xPostId: -1,
          postId: 1.5,
        }),
      ],
    ])
    browserAt(`${SITE}/`)
    const attribution = contactAttribution()
    expect(attribution).toMatchObject({ landingPath: null, referrer: null, xPostId: null, postId: null })
    expect(attribution?.utmSource).toHaveLength(UTM_VALUE_MAX)
    expect(Attribution.safeParse(attribution).success).toBe(true)
    expect(cleanTouch('nonsense')).toBeNull()
  })
})
