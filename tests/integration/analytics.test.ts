import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { submissionsCsv } from '#app/features/admin/csv.ts'
import type { AnalyticsOverview, Touch } from '#common/contract/analytics.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import { analyticsSalts, contactSubmissions, subscribers, visitDayTotals, visits } from '#server/db/schema.ts'
import { createSubmission } from '#server/services/contact.ts'
import { deleteOldSalts, rollUpOldVisits } from '#server/services/retention.ts'
import type { Visit } from '#server/services/visits.ts'
import { json, signedInTestApp, validPost } from '#tests/helpers/app.ts'

const PUBLIC_URL = 'https://vidquest.io'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

const t = signedInTestApp({ publicUrl: PUBLIC_URL, trustProxy: true })

async function newPost(slug: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.request(
    '/api/blog',
    json('POST', validPost({ slug, title: `Post ${slug}`, ...overrides }), t.cookie),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string; title: string } }).post
}

async function newXPost(postId: number): Promise<XPost> {
  const res = await t.app.request(`/api/blog/${postId}/publish-x`, json('POST', {}, t.cookie))
  expect(res.status).toBe(201)
  return (await res.json()) as XPost
}

function beacon(body: unknown, { ua = FIREFOX as string | null, ip = '198.51.100.1', admin = false } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip }
  if (ua !== null) headers['user-agent'] = ua
  return t.app.request('/api/analytics/visits', json('POST', body, admin ? t.cookie : undefined, headers))
}

async function overview(query: string) {
  const res = await t.app.request(`/api/analytics/overview?${query}`, json('GET', undefined, t.cookie))
  return { res, body: (await res.json()) as AnalyticsOverview & { error?: string; fields?: Record<string, string> } }
}

const visitCount = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(visits))[0]?.n)

const noTouch: Touch = { referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, xPostId: null }

describe('POST /api/analytics/visits', () => {
  test('a person’s page view is answered at once and written with its post, first touch and device, without the IP', async () => {
    const post = await newPost('recorded-post')
    const x = await newXPost(post.id)
    const res = await beacon(
      {
        path: '/blog/recorded-post',
        referrer: 't.co',
        utmSource: 'x',
        utmMedium: 'social',
        utmCampaign: `x-post-${x.id}`,
        xPostId: x.id,
      },
      { ua: IPHONE, ip: '203.0.113.99' },
    )
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ success: true, counted: true })
    await t.services.visits.flush()
    const [row] = await t.database.db.select().from(visits).where(eq(visits.path, '/blog/recorded-post'))
    expect(row).toMatchObject({
      postId: post.id,
      referrerHost: 't.co',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: `x-post-${x.id}`,
      xPostId: x.id,
      device: 'mobile',
    })
    expect(row?.visitorHash).toMatch(/^[0-9a-f]{16}$/)
    expect(JSON.stringify(row)).not.toContain('203.0.113.99')
  })

  test('a page that is not a post, a draft, and the site’s own host as referrer', async () => {
    await newPost('draft-post', { isPublished: false })
    await beacon({ path: '/', referrer: 'vidquest.io' })
    await beacon({ path: '/blog/draft-post' })
    await t.services.visits.flush()
    const rows = await t.database.db.select().from(visits).orderBy(asc(visits.id))
    const home = rows.find((r) => r.path === '/')
    expect(home).toMatchObject({ postId: null, referrerHost: null, device: 'desktop' })
    expect(rows.find((r) => r.path === '/blog/draft-post')?.postId).toBeNull()
  })

  test('bots, requests without a user agent and signed-in admins are answered but not counted', async () => {
    const before = await visitCount()
    for (const [ua, admin] of [
      ['Googlebot/2.1 (+http://www.google.com/bot.html)', false],
      ['Twitterbot/1.0', false],
      [null, false],
      [FIREFOX, true],
    ] as const) {
      const res = await beacon({ path: '/blog' }, { ua, admin })
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ success: true, counted: false })
    }
    await t.services.visits.flush()
    expect(await visitCount()).toBe(before)
  })

  test('bad input answers 400 with the field and stores nothing', async () => {
    const before = await visitCount()
    const cases: [unknown, string][] = [
      [{}, 'path'],
      [{ path: 'blog' }, 'path'],
      [{ path: '//evil.example/x' }, 'path'],
      [{ path: '/admin/blog' }, 'path'],
      [{ path: '/api/blog' }, 'path'],
      [{ path: `/${'a'.repeat(600)}` }, 'path'],
      [{ path: '/', referrer: 'https://t.co/abc' }, 'referrer'],
      [{ path: '/', utmSource: 'x'.repeat(101) }, 'utmSource'],
      [{ path: '/', utmCampaign: 7 }, 'utmCampaign'],
      [{ path: '/', xPostId: -1 }, 'xPostId'],
      [{ path: '/', xPostId: 1.5 }, 'xPostId'],
      [{ path: '/', ip: '1.2.3.4' }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await beacon(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = (await res.json()) as { success: boolean; fields: Record<string, string> }
      expect(answer.success).toBe(false)
      if (field) expect(Object.keys(answer.fields)).toContain(field)
    }
    expect((await t.app.request('/api/analytics/visits', { method: 'POST', body: 'not json' })).status).toBe(400)
    await t.services.visits.flush()
    expect(await visitCount()).toBe(before)
  })
})

describe('POST /api/blog/{slug}/view with a first touch', () => {
  const view = (slug: string, body?: unknown, ua: string = FIREFOX) =>
    t.app.request(
      `/api/blog/${slug}/view`,
      json('POST', body, undefined, { 'user-agent': ua, 'x-forwarded-for': '198.51.100.20' }),
    )

  test('counts the view and records the visit in one beacon; without a body it only counts', async () => {
    const post = await newPost('view-beacon-post')
    const res = await view('view-beacon-post', { referrer: 'news.ycombinator.com' }, IPAD)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, counted: true, viewCount: 1 })
    expect(await (await view('view-beacon-post')).json()).toMatchObject({ viewCount: 2 })
    await t.services.visits.flush()
    const rows = await t.database.db.select().from(visits).where(eq(visits.postId, post.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      path: '/blog/view-beacon-post',
      referrerHost: 'news.ycombinator.com',
      device: 'tablet',
    })
  })

  test('a bad first touch answers 400 and counts nothing', async () => {
    await newPost('view-beacon-bad')
    const before = await visitCount()
    for (const body of [{ referrer: 'https://t.co/x' }, { xPostId: 'one' }, { path: '/elsewhere' }, 'not json {']) {
      const res = await view('view-beacon-bad', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(await (await view('view-beacon-bad')).json()).toMatchObject({ viewCount: 1 })
    await t.services.visits.flush()
    expect(await visitCount()).toBe(before)
  })
})

describe('visitor hashes', () => {
  const at = (iso: string, ip: string, ua: string): Visit => ({
    ...noTouch,
    path: '/legal/terms',
    ipAddress: ip,
    userAgent: ua,
    visitedAt: new Date(iso),
  })
  const hashes = async () =>
    (
      await t.database.db.select().from(visits).where(eq(visits.path, '/legal/terms')).orderBy(asc(visits.visitedAt))
    ).map((r) => r.visitorHash)

  test('one visitor is one hash all day and another hash the next day; old salts are deleted', async () => {
    t.services.visits.record(at('2026-01-10T08:00:00Z', '192.0.2.10', FIREFOX))
    t.services.visits.record(at('2026-01-10T21:00:00Z', '192.0.2.10', FIREFOX))
    t.services.visits.record(at('2026-01-10T21:30:00Z', '192.0.2.11', FIREFOX))
    t.services.visits.record(at('2026-01-11T08:00:00Z', '192.0.2.10', FIREFOX))
    await t.services.visits.flush()
    const [morning, evening, other, nextDay] = await hashes()
    expect(evening).toBe(morning)
    expect(other).not.toBe(morning)
    expect(nextDay).not.toBe(morning)

    const salts = async () => (await t.database.db.select().from(analyticsSalts)).map((s) => s.day)
    expect(await salts()).toEqual(expect.arrayContaining(['2026-01-10', '2026-01-11']))
    await deleteOldSalts(t.database.db, new Date('2026-01-11T12:00:00Z'))
    expect(await salts()).not.toContain('2026-01-10')
    expect(await salts()).toContain('2026-01-11')
  })
})

describe('POST /api/contact with an attribution', () => {
  const message = {
    name: 'Lead Person',
    email: 'lead@example.com',
    company: 'Brand Co',
    message: 'We want a video quest.',
  }
  const leads = async () =>
    Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(contactSubmissions))[0]?.n)

  test('is stored and listed with the title of its post', async () => {
    const post = await newPost('lead-post', { title: 'Rewarded video vs interstitials' })
    const x = await newXPost(post.id)
    const attribution = {
      landingPath: '/blog/lead-post',
      referrer: 't.co',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: `x-post-${x.id}`,
      xPostId: x.id,
      postId: null,
    }
    const res = await t.app.request(
      '/api/contact',
      json('POST', { ...message, attribution }, undefined, { 'x-forwarded-for': '192.0.2.50' }),
    )
    expect(res.status).toBe(201)
    const list = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, t.cookie))
    const { submissions } = (await list.json()) as { submissions: { name: string; attribution: unknown }[] }
    // No postId was sent: the title is the X post's post's.
    expect(submissions[0]?.attribution).toEqual({
      ...attribution,
      channel: 'x',
      postTitle: 'Rewarded video vs interstitials',
    })
  })

  test('ids that name no X post and no post are kept as null: stored, listed and exported without them', async () => {
    const attribution = {
      landingPath: '/',
      referrer: 't.co',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: 'x-post-999999',
      xPostId: 999999,
      postId: 999998,
    }
    const res = await t.app.request(
      '/api/contact',
      json('POST', { ...message, name: 'Ghost Lead', attribution }, undefined, { 'x-forwarded-for': '192.0.2.54' }),
    )
    expect(res.status).toBe(201)
    const [row] = await t.database.db
      .select({ attribution: contactSubmissions.attribution })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.name, 'Ghost Lead'))
    expect(row?.attribution).toEqual({ ...attribution, xPostId: null, postId: null })

    const list = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, t.cookie))
    const { submissions } = (await list.json()) as { submissions: Parameters<typeof submissionsCsv>[0] }
    const lead = submissions.find((s) => s.name === 'Ghost Lead')
    expect(lead?.attribution).toEqual({ ...attribution, xPostId: null, channel: null, postId: null, postTitle: null })
    const [header = [], cells = []] = submissionsCsv(lead ? [lead] : [])
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    expect([cells[header.indexOf('X post id')], cells[header.indexOf('Post id')]]).toEqual(['', ''])
    expect(cells[header.indexOf('UTM campaign')]).toBe('x-post-999999')
  })

  test('a message without one lists attribution null', async () => {
    await t.app.request('/api/contact', json('POST', message, undefined, { 'x-forwarded-for': '192.0.2.51' }))
    const list = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, t.cookie))
    const { submissions } = (await list.json()) as { submissions: { attribution: unknown }[] }
    expect(submissions[0]?.attribution).toBeNull()
  })

  test('a bad attribution answers 400 and stores nothing', async () => {
    const before = await leads()
    const bad: [Record<string, unknown>, string][] = [
      [{ xPostId: 'twelve' }, 'attribution.xPostId'],
      [{ postId: 0 }, 'attribution.postId'],
      [{ landingPath: 'https://evil.example/' }, 'attribution.landingPath'],
      [{ referrer: 'not a host!' }, 'attribution.referrer'],
      [{ utmMedium: 'm'.repeat(101) }, 'attribution.utmMedium'],
      [{ tracking: 'extra' }, 'attribution'],
    ]
    for (const [attribution, field] of bad) {
      const res = await t.app.request(
        '/api/contact',
        json('POST', { ...message, attribution }, undefined, { 'x-forwarded-for': '192.0.2.52' }),
      )
      expect(res.status, JSON.stringify(attribution)).toBe(400)
      const body = (await res.json()) as { fields: Record<string, string> }
      expect(Object.keys(body.fields).join(' ')).toContain(field)
    }
    const notAnObject = await t.app.request(
      '/api/contact',
      json('POST', { ...message, attribution: 'x' }, undefined, { 'x-forwarded-for': '192.0.2.53' }),
    )
    expect(notAnObject.status).toBe(400)
    expect(await leads()).toBe(before)
  })
})

describe('GET /api/analytics/overview', () => {
  const D1 = '2026-03-01'
  const D2 = '2026-03-02'
  let a: { id: number; slug: string; title: string }
  let b: { id: number; slug: string; title: string }
  let xa: XPost

  beforeAll(async () => {
    a = await newPost('overview-a', { title: 'Overview A' })
    b = await newPost('overview-b', { title: 'Overview B' })
    xa = await newXPost(a.id)
    const viaX = {
      ...noTouch,
      referrer: 't.co',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: `x-post-${xa.id}`,
      xPostId: xa.id,
    }
    const v = (path: string, iso: string, ip: string, ua: string, touch = noTouch): Visit => ({
      ...touch,
      path,
      ipAddress: ip,
      userAgent: ua,
      visitedAt: new Date(iso),
    })
    // Day 1: a phone from X reads A, then the landing page; a desktop reads A and B directly.
    t.services.visits.record(v('/blog/overview-a', `${D1}T10:00:00Z`, '192.0.2.1', IPHONE, viaX))
    t.services.visits.record(v('/', `${D1}T10:05:00Z`, '192.0.2.1', IPHONE, viaX))
    t.services.visits.record(v('/blog/overview-a', `${D1}T11:00:00Z`, '192.0.2.2', FIREFOX))
    t.services.visits.record(v('/blog/overview-b', `${D1}T11:02:00Z`, '192.0.2.2', FIREFOX))
    // Day 2: the phone again, from Hacker News, reads B; a tablet opens the landing page.
    t.services.visits.record(
      v('/blog/overview-b', `${D2}T09:00:00Z`, '192.0.2.1', IPHONE, { ...noTouch, referrer: 'news.ycombinator.com' }),
    )
    t.services.visits.record(v('/', `${D2}T09:30:00Z`, '192.0.2.3', IPAD))
    await t.services.visits.flush()
    // Four clicks on A's short link, three on day 1.
    for (const [ip, iso] of [
      ['192.0.2.1', `${D1}T09:59:00Z`],
      ['192.0.2.4', `${D1}T12:00:00Z`],
      ['192.0.2.5', `${D1}T13:00:00Z`],
      ['192.0.2.6', `${D2}T08:00:00Z`],
    ] as const) {
      t.services.clicks.record({
        xPostId: xa.id,
        ipAddress: ip,
        userAgent: FIREFOX,
        referrer: null,
        clickedAt: new Date(iso),
        bot: false,
      })
    }
    await t.services.clicks.flush()
    const lead = { name: 'L', email: 'l@example.com', company: null, message: 'Hello' }
    await createSubmission(
      t.database.db,
      {
        ...lead,
        attribution: {
          ...viaX,
          landingPath: '/blog/overview-a',
          postId: a.id,
        },
      },
      new Date(`${D1}T10:10:00Z`),
    )
    await createSubmission(t.database.db, lead, new Date(`${D2}T10:00:00Z`))
    await createSubmission(
      t.database.db,
      {
        ...lead,
        attribution: { ...noTouch, referrer: 'news.ycombinator.com', landingPath: '/blog/overview-b', postId: b.id },
      },
      new Date(`${D2}T10:00:00Z`),
    )
    // Issue 30: a subscriber counts on the day they confirmed: the X reader of A on day 1; one
    // still pending and one confirmed after the range count nowhere.
    const reader = (email: string, confirmedAt: Date | null, attribution: Record<string, unknown> | null) => ({
      email,
      state: confirmedAt ? ('confirmed' as const) : ('pending' as const),
      confirmedAt,
      consentedAt: new Date(`${D1}T10:00:00Z`),
      consentForm: 'post' as const,
      consentVersion: 'test',
      createdAt: new Date(`${D1}T10:00:00Z`),
      attribution: attribution as never,
    })
    await t.database.db.insert(subscribers).values([
      reader('via.x@example.com', new Date(`${D1}T10:20:00Z`), {
        ...viaX,
        landingPath: '/blog/overview-a',
        postId: a.id,
      }),
      reader('pending@example.com', null, { ...viaX, postId: a.id }),
      reader('later@example.com', new Date(`${D2}T23:59:59Z`), { ...noTouch, postId: b.id }),
      reader('after@example.com', new Date(Date.parse(D2) + 2 * 86_400_000), { ...viaX, postId: a.id }),
    ])
  })

  const expected = () => ({
    from: D1,
    to: D2,
    postId: null,
    views: { total: 6, byDay: { [D1]: 4, [D2]: 2 } },
    // A visitor is known for one day: the phone counts once on each.
    visitors: 4,
    visitorsByDay: { [D1]: 2, [D2]: 2 },
    leads: 3,
    subscribers: 2,
    topPosts: [
      { postId: a.id, title: 'Overview A', slug: 'overview-a', views: 2, visitors: 2, leads: 1, subscribers: 1 },
      { postId: b.id, title: 'Overview B', slug: 'overview-b', views: 2, visitors: 2, leads: 1, subscribers: 1 },
    ],
    sources: [
      { source: 'direct', views: 3, leads: 0, subscribers: 1 },
      { source: 'x', views: 2, leads: 1, subscribers: 1 },
      { source: 'news.ycombinator.com', views: 1, leads: 1, subscribers: 0 },
    ],
    devices: [
      { device: 'desktop', views: 2 },
      { device: 'mobile', views: 3 },
      { device: 'tablet', views: 1 },
    ],
    xPosts: [
      {
        id: xa.id,
        channel: 'x',
        postId: a.id,
        postTitle: 'Overview A',
        text: expect.any(String),
        clicks: 4,
        views: 2,
        leads: 1,
        subscribers: 1,
      },
    ],
    channels: [{ channel: 'x', clicks: 4, views: 2, leads: 1, subscribers: 1 }],
  })

  test('answers the figures of known visits, clicks and leads', async () => {
    const { res, body } = await overview(`from=${D1}&to=${D2}`)
    expect(res.status).toBe(200)
    expect(body).toEqual(expected())
  })

  test('a day range lists every day, empty ones as 0', async () => {
    const { body } = await overview(`from=2026-02-28&to=${D1}`)
    expect(body.views.byDay).toEqual({ '2026-02-28': 0, [D1]: 4 })
    expect(body.xPosts[0]).toMatchObject({ clicks: 3, views: 2, leads: 1 })
  })

  test('postId narrows every figure to one post', async () => {
    const { body } = await overview(`from=${D1}&to=${D2}&postId=${a.id}`)
    expect(body).toMatchObject({
      postId: a.id,
      views: { total: 2, byDay: { [D1]: 2, [D2]: 0 } },
      visitors: 2,
      leads: 1,
      topPosts: [{ postId: a.id, views: 2, visitors: 2, leads: 1 }],
      // Equal views: the source that brought a lead first.
      sources: [
        { source: 'x', views: 1, leads: 1 },
        { source: 'direct', views: 1, leads: 0 },
      ],
      xPosts: [{ id: xa.id, clicks: 4, views: 1, leads: 1 }],
    })
    const other = await overview(`from=${D1}&to=${D2}&postId=${b.id}`)
    expect(other.body.xPosts).toEqual([])
  })

  test('rolling old visits up into daily totals keeps every figure', async () => {
    const before = (await overview(`from=${D1}&to=${D2}`)).body
    const beforeA = (await overview(`from=${D1}&to=${D2}&postId=${a.id}`)).body
    const rolled = await rollUpOldVisits(t.database.db, 5, new Date('2026-03-10T12:00:00Z'))
    expect(rolled).toBeGreaterThanOrEqual(6)
    const left = await t.database.db.select().from(visits).where(sql`${visits.visitedAt} < '2026-03-05'`)
    expect(left).toEqual([])
    expect((await t.database.db.select().from(visitDayTotals).where(eq(visitDayTotals.day, D1)))[0]).toMatchObject({
      views: 4,
      visitors: 2,
    })
    expect((await overview(`from=${D1}&to=${D2}`)).body).toEqual(before)
    expect((await overview(`from=${D1}&to=${D2}&postId=${a.id}`)).body).toEqual(beforeA)
    // Running it again finds nothing more to roll up and changes nothing.
    expect(await rollUpOldVisits(t.database.db, 5, new Date('2026-03-10T12:00:00Z'))).toBe(0)
    expect((await overview(`from=${D1}&to=${D2}`)).body).toEqual(before)
  })

  test('without from and to it answers the last 30 days up to today', async () => {
    const { res, body } = await overview('')
    expect(res.status).toBe(200)
    expect(Object.keys(body.views.byDay)).toHaveLength(30)
    expect(body.to).toBe(new Date().toISOString().slice(0, 10))
  })

  test('is for admins only, and bad ranges answer 400', async () => {
    expect((await t.app.request(`/api/analytics/overview?from=${D1}&to=${D2}`)).status).toBe(401)
    for (const query of [
      'from=2026-13-01&to=2026-12-01',
      'from=yesterday',
      `from=${D2}&to=${D1}`,
      'from=2024-01-01&to=2026-03-01',
      'postId=abc',
      'postId=0',
    ]) {
      const { res, body } = await overview(query)
      expect(res.status, query).toBe(400)
      expect(body.error).toBeTruthy()
    }
  })
})

describe('the funnel per network (issue 29)', () => {
  const D = '2026-04-01'

  test('a LinkedIn and an X post of one article: clicks → views → leads for each network, and in total', async () => {
    const post = await newPost('per-network', { title: 'Per network' })
    const x = await newXPost(post.id)
    const res = await t.app.request(
      `/api/blog/${post.id}/social-posts`,
      json('POST', { channel: 'linkedin' }, t.cookie),
    )
    expect(res.status).toBe(201)
    const linkedin = (await res.json()) as { id: number }
    const viaLinkedIn = {
      ...noTouch,
      referrer: 'www.linkedin.com',
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: `linkedin-post-${linkedin.id}`,
      xPostId: linkedin.id,
    }
    for (const [id, ip] of [
      [linkedin.id, '192.0.2.21'],
      [linkedin.id, '192.0.2.22'],
      [linkedin.id, '192.0.2.23'],
      [x.id, '192.0.2.24'],
    ] as const) {
      t.services.clicks.record({
        xPostId: id,
        ipAddress: ip,
        userAgent: FIREFOX,
        referrer: null,
        clickedAt: new Date(`${D}T09:00:00Z`),
        bot: false,
      })
    }
    await t.services.clicks.flush()
    for (const ip of ['192.0.2.21', '192.0.2.22']) {
      t.services.visits.record({
        ...viaLinkedIn,
        path: '/blog/per-network',
        ipAddress: ip,
        userAgent: FIREFOX,
        visitedAt: new Date(`${D}T09:01:00Z`),
      })
    }
    await t.services.visits.flush()
    await createSubmission(
      t.database.db,
      {
        name: 'M',
        email: 'm@example.com',
        company: null,
        message: 'Tell me more',
        attribution: { ...viaLinkedIn, landingPath: '/blog/per-network', postId: post.id },
      },
      new Date(`${D}T09:05:00Z`),
    )
    const { body } = await overview(`from=${D}&to=${D}`)
    expect(body.channels).toEqual([
      { channel: 'x', clicks: 1, views: 0, leads: 0, subscribers: 0 },
      { channel: 'linkedin', clicks: 3, views: 2, leads: 1, subscribers: 0 },
    ])
    expect(body.xPosts.map((p) => [p.channel, p.id])).toEqual([
      ['linkedin', linkedin.id],
      ['x', x.id],
    ])
    expect(body.sources).toContainEqual({ source: 'linkedin', views: 2, leads: 1, subscribers: 0 })

    // The inbox names the network: 'via LinkedIn post #…'.
    const inbox = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, t.cookie))
    const list = (await inbox.json()) as { submissions: { email: string; attribution: { channel: string } | null }[] }
    expect(list.submissions.find((s) => s.email === 'm@example.com')?.attribution?.channel).toBe('linkedin')
  })
})
