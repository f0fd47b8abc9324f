import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import type { XPost, XPostAnalytics } from '#common/contract/x-posts.ts'
import { createApp } from '#server/app.ts'
import { startServer } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'
import { openPglite, openPostgres } from '#server/db/client.ts'
import { clickTracking, xPosts } from '#server/db/schema.ts'
import { createLogger } from '#server/logger.ts'
import { ClickRecorder } from '#server/services/clicks.ts'
import { createPost as createBlogPost } from '#server/services/posts.ts'
import { blankExpiredClickIps } from '#server/services/retention.ts'
import { createXPost } from '#server/services/x-posts.ts'
import { inProcessServerConfig, json, signedInTestApp, validPost } from '#tests/helpers/app.ts'
import { createScratchDatabase, dropScratchDatabase, TEST_DATABASE_URL } from '#tests/helpers/db.ts'

const PUBLIC_URL = 'https://vidquest.io'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

// TRUST_PROXY so a test can give each request its client address through X-Forwarded-For.
const t = signedInTestApp({ publicUrl: PUBLIC_URL, trustProxy: true })

let n = 0
async function newXPost(): Promise<XPost & { slug: string }> {
  n += 1
  const created = await t.app.request('/api/blog', json('POST', validPost({ slug: `short-link-${n}` }), t.cookie))
  const { post } = (await created.json()) as { post: { id: number; slug: string } }
  const res = await t.app.request(`/api/blog/${post.id}/publish-x`, json('POST', {}, t.cookie))
  expect(res.status).toBe(201)
  return { ...((await res.json()) as XPost), slug: post.slug }
}

function visit(code: string, { ua = FIREFOX as string | null, ip = '203.0.113.7', referer = '', method = 'GET' } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip }
  if (ua !== null) headers['user-agent'] = ua
  if (referer) headers.referer = referer
  return t.app.request(`/s/${code}`, { method, headers })
}

async function counts(id: number) {
  const [row] = await t.database.db
    .select({ clicks: xPosts.clickCount, unique: xPosts.uniqueClickCount, bots: xPosts.botClickCount })
    .from(xPosts)
    .where(eq(xPosts.id, id))
  const rows = await t.database.db.select().from(clickTracking).where(eq(clickTracking.xPostId, id))
  return { ...row, rows: rows.length }
}

async function analytics(id: number) {
  const res = await t.app.request(`/api/x-posts/${id}/analytics`, json('GET', undefined, t.cookie))
  return { status: res.status, body: (await res.json()) as XPostAnalytics }
}

/** A recorder whose clock the test moves; installed as the app's recorder. */
function clockedRecorder(start: string) {
  let now = new Date(start)
  const recorder = new ClickRecorder(t.database.db, { now: () => now, flushMs: 3_600_000 })
  t.services.clicks = recorder
  return {
    recorder,
    at: (iso: string) => {
      now = new Date(iso)
    },
  }
}

describe('GET /s/{code}', () => {
  test('answers 302 to the post with utm tags and records the click with its details', async () => {
    const x = await newXPost()
    const res = await visit(x.shortCode, { referer: 'https://t.co/abc123' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      `${PUBLIC_URL}/blog/${x.slug}?utm_source=x&utm_medium=social&utm_campaign=x-post-${x.id}`,
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    await t.services.clicks.flush()
    const [row] = await t.database.db.select().from(clickTracking).where(eq(clickTracking.xPostId, x.id))
    expect(row).toMatchObject({
      ipAddress: '203.0.113.7',
      userAgent: FIREFOX,
      referrer: 'https://t.co/abc123',
      referrerHost: 't.co',
      isUnique: true,
    })
    expect(row?.clickedAt).toBeInstanceOf(Date)
    expect(await counts(x.id)).toEqual({ clicks: 1, unique: 1, bots: 0, rows: 1 })
  })

  test('HEAD is answered with the same 302 and not counted', async () => {
    const x = await newXPost()
    const res = await visit(x.shortCode, { method: 'HEAD' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain(`/blog/${x.slug}?utm_source=x`)
    await t.services.clicks.flush()
    expect(await counts(x.id)).toEqual({ clicks: 0, unique: 0, bots: 0, rows: 0 })
  })

  test("crawlers, link-preview bots (X's card fetcher too) and clients without a user agent are tallied, not counted", async () => {
    const x = await newXPost()
    const bots = [
      'Twitterbot/1.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      null,
    ]
    for (const ua of bots) expect((await visit(x.shortCode, { ua })).status).toBe(302)
    await visit(x.shortCode, { ua: CHROME })
    await t.services.clicks.flush()
    expect(await counts(x.id)).toEqual({ clicks: 1, unique: 1, bots: 6, rows: 1 })
    expect((await analytics(x.id)).body).toMatchObject({ totalClicks: 1, uniqueClicks: 1, botClicks: 6 })
  })

  test('an unknown or malformed code is handed to the page handler, which answers the not-found page with 404', async () => {
    const seen: string[] = []
    const app = createApp({
      services: t.services,
      pages: async (request) => {
        seen.push(new URL(request.url).pathname)
        return new Response('<h1>Page Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })
      },
    })
    for (const path of ['/s/Zz9Zz9Zz', '/s/abc', '/s/not_a-code!']) {
      const res = await app.request(path, { headers: { 'user-agent': FIREFOX } })
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('<h1>Page Not Found</h1>')
    }
    expect(seen).toEqual(['/s/Zz9Zz9Zz', '/s/abc', '/s/not_a-code!'])
    expect((await t.app.request('/s/Zz9Zz9Zz')).status).toBe(404)
  })

  test('200 concurrent redirects give exactly 200 clicks (100 people, twice each: 100 unique)', async () => {
    const x = await newXPost()
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => visit(x.shortCode, { ip: `198.51.100.${i % 100}` })),
    )
    expect(responses.every((r) => r.status === 302)).toBe(true)
    await t.services.clicks.flush()
    expect(await counts(x.id)).toEqual({ clicks: 200, unique: 100, bots: 0, rows: 200 })
  })

  test('two instances (two recorders) writing at once keep the counts exact', async () => {
    const x = await newXPost()
    const a = new ClickRecorder(t.database.db, { flushMs: 3_600_000, batchSize: 50 })
    const b = new ClickRecorder(t.database.db, { flushMs: 3_600_000, batchSize: 50 })
    for (let i = 0; i < 300; i++) {
      const click = {
        xPostId: x.id,
        ipAddress: `192.0.2.${i}`,
        userAgent: FIREFOX,
        referrer: null,
        clickedAt: new Date(),
        bot: i % 10 === 0,
      }
      ;(i % 2 ? a : b).record(click)
    }
    await Promise.all([a.flush(), b.flush()])
    expect(await counts(x.id)).toEqual({ clicks: 270, unique: 270, bots: 30, rows: 270 })
  })

  test('user agents and referrers with quotes, commas, braces, backslashes or "NULL" are stored as sent', async () => {
    const x = await newXPost()
    const awkward = [
      { ua: 'Mozilla/5.0 "quoted", {braced} \\back\\slash', ref: 'https://example.com/?q="a,b"{c}\\' },
      { ua: "Mozilla/5.0 (Linux; été; it's) Safari/605.1", ref: 'NULL' },
    ]
    for (const [i, { ua, ref }] of awkward.entries())
      await visit(x.shortCode, { ua, referer: ref, ip: `198.18.0.${i}` })
    await t.services.clicks.flush()
    const rows = await t.database.db
      .select({ ua: clickTracking.userAgent, ref: clickTracking.referrer })
      .from(clickTracking)
      .where(eq(clickTracking.xPostId, x.id))
      .orderBy(asc(clickTracking.id))
    expect(rows).toHaveLength(awkward.length)
    expect(rows).toEqual(expect.arrayContaining(awkward))
  })

  test('a click on an X post deleted before its batch is written is dropped; the batch is not blocked', async () => {
    const x = await newXPost()
    const other = await newXPost()
    t.services.clicks = new ClickRecorder(t.database.db, { flushMs: 3_600_000 })
    expect((await visit(x.shortCode)).status).toBe(302)
    expect((await visit(other.shortCode)).status).toBe(302)
    await t.app.request(`/api/blog/${x.blogPostId}`, json('DELETE', undefined, t.cookie))
    await t.services.clicks.flush()
    expect(t.services.clicks.pending).toBe(0)
    expect((await counts(other.id)).clicks).toBe(1)
    expect(await t.database.db.select().from(clickTracking).where(eq(clickTracking.xPostId, x.id))).toEqual([])
  })
})

describe('the unique rule', () => {
  test('a repeat from the same IP and user agent within 30 minutes is a click but not a new unique one (written one by one)', async () => {
    const x = await newXPost()
    const { recorder, at } = clockedRecorder('2026-11-21T14:00:00Z')
    const step = async (iso: string, opts: Parameters<typeof visit>[1] = {}) => {
      at(iso)
      expect((await visit(x.shortCode, opts)).status).toBe(302)
      await recorder.flush()
    }
    await step('2026-11-21T14:00:00Z') // unique
    await step('2026-11-21T14:20:00Z') // repeat (20 min)
    await step('2026-11-21T14:49:59Z') // repeat (29:59 after the last)
    await step('2026-11-21T15:19:59Z') // 30 min after the last: unique again
    await step('2026-11-21T15:20:00Z', { ua: CHROME }) // another browser: unique
    await step('2026-11-21T15:21:00Z', { ip: '203.0.113.99' }) // another address: unique
    const rows = await t.database.db
      .select({ isUnique: clickTracking.isUnique })
      .from(clickTracking)
      .where(eq(clickTracking.xPostId, x.id))
      .orderBy(asc(clickTracking.clickedAt))
    expect(rows.map((r) => r.isUnique)).toEqual([true, false, false, true, true, true])
    expect(await counts(x.id)).toEqual({ clicks: 6, unique: 4, bots: 0, rows: 6 })
  })

  test('the same rule holds when the clicks are written in one batch', async () => {
    const x = await newXPost()
    const { recorder, at } = clockedRecorder('2026-11-21T09:00:00Z')
    for (const iso of ['2026-11-21T09:00:00Z', '2026-11-21T09:10:00Z', '2026-11-21T09:45:00Z']) {
      at(iso)
      await visit(x.shortCode)
    }
    expect(recorder.pending).toBe(3)
    await recorder.flush()
    expect(await counts(x.id)).toEqual({ clicks: 3, unique: 2, bots: 0, rows: 3 })
  })
})

describe('batching', () => {
  test('a full batch of 200 is written without waiting for the timer; fewer wait', async () => {
    const x = await newXPost()
    const recorder = new ClickRecorder(t.database.db, { flushMs: 3_600_000, batchSize: 200 })
    t.services.clicks = recorder
    for (let i = 0; i < 199; i++) await visit(x.shortCode)
    await recorder.settled()
    expect(recorder.pending).toBe(199)
    expect((await counts(x.id)).rows).toBe(0)
    await visit(x.shortCode)
    await recorder.settled()
    expect(recorder.pending).toBe(0)
    expect((await counts(x.id)).rows).toBe(200)
  })

  test('a lone click is written when the timer fires (250 ms)', async () => {
    const x = await newXPost()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const recorder = new ClickRecorder(t.database.db)
      t.services.clicks = recorder
      await visit(x.shortCode)
      expect(recorder.pending).toBe(1)
      vi.advanceTimersByTime(249)
      expect(recorder.pending).toBe(1)
      vi.advanceTimersByTime(1)
      await recorder.settled()
      expect(recorder.pending).toBe(0)
    } finally {
      vi.useRealTimers()
    }
    expect((await counts(x.id)).clicks).toBe(1)
  })
})

describe('GET /api/x-posts/{id}/analytics', () => {
  test('totals, clicks per UTC hour and top referrers by host', async () => {
    const x = await newXPost()
    const { recorder, at } = clockedRecorder('2026-11-21T14:05:00Z')
    const clicks: [string, string, string][] = [
      ['2026-11-21T14:05:00Z', '203.0.113.1', 'https://t.co/a'],
      ['2026-11-21T14:30:00Z', '203.0.113.1', 'https://t.co/b'], // repeat within 30 min
      ['2026-11-21T14:59:59Z', '203.0.113.2', ''],
      ['2026-11-21T15:00:00Z', '203.0.113.3', 'https://news.example.com/story'],
      ['2026-11-22T09:30:00Z', '203.0.113.4', 'https://T.CO/c'],
    ]
    for (const [iso, ip, referer] of clicks) {
      at(iso)
      await visit(x.shortCode, { ip, referer })
    }
    await visit(x.shortCode, { ua: 'Twitterbot/1.0' })
    await recorder.flush()
    const { status, body } = await analytics(x.id)
    expect(status).toBe(200)
    expect(body).toEqual({
      totalClicks: 5,
      uniqueClicks: 4,
      clicksByHour: { '2026-11-21T14:00Z': 3, '2026-11-21T15:00Z': 1, '2026-11-22T09:00Z': 1 },
      topReferrers: { 't.co': 3, direct: 1, 'news.example.com': 1 },
      botClicks: 1,
    })
    expect(Object.keys(body.clicksByHour)).toEqual(['2026-11-21T14:00Z', '2026-11-21T15:00Z', '2026-11-22T09:00Z'])
    expect(Object.keys(body.topReferrers)[0]).toBe('t.co')
  })

  test('at most 10 referrers, most clicks first', async () => {
    const x = await newXPost()
    for (let i = 0; i < 12; i++) {
      for (let k = 0; k <= i; k++)
        await visit(x.shortCode, { referer: `https://site${i}.example/p`, ip: `10.0.${i}.${k}` })
    }
    await t.services.clicks.flush()
    const { body } = await analytics(x.id)
    expect(Object.entries(body.topReferrers)).toEqual(
      Array.from({ length: 10 }, (_, j) => [`site${11 - j}.example`, 12 - j]),
    )
    expect(body.totalClicks).toBe(78)
  })

  test('an X post without clicks: zeros and empty maps; 404 when missing; 401 without a session', async () => {
    const x = await newXPost()
    expect((await analytics(x.id)).body).toEqual({
      totalClicks: 0,
      uniqueClicks: 0,
      clicksByHour: {},
      topReferrers: {},
      botClicks: 0,
    })
    const missing = await analytics(999_999)
    expect(missing).toMatchObject({ status: 404, body: { error: 'X post not found', fields: {} } })
    expect((await t.app.request(`/api/x-posts/${x.id}/analytics`)).status).toBe(401)
  })
})

describe('IP retention', () => {
  test('the job blanks IP addresses older than the retention only, and the figures stay', async () => {
    expect(loadConfig({}).clickIpRetentionDays).toBe(90)
    const x = await newXPost()
    const { recorder, at } = clockedRecorder('2026-08-01T12:00:00Z')
    for (const iso of [
      '2026-08-01T12:00:00Z',
      '2026-08-22T23:59:00Z',
      '2026-08-23T00:01:00Z',
      '2026-11-20T12:00:00Z',
    ]) {
      at(iso)
      await visit(x.shortCode)
    }
    await recorder.flush()
    const before = (await analytics(x.id)).body
    const now = new Date('2026-11-21T00:00:00Z') // 90 days before: 2026-08-23T00:00Z
    expect(await blankExpiredClickIps(t.database.db, 90, now)).toBe(2)
    const rows = await t.database.db
      .select({ ip: clickTracking.ipAddress, at: clickTracking.clickedAt, ua: clickTracking.userAgent })
      .from(clickTracking)
      .where(eq(clickTracking.xPostId, x.id))
      .orderBy(asc(clickTracking.clickedAt))
    expect(rows.map((r) => r.ip)).toEqual([null, null, '203.0.113.7', '203.0.113.7'])
    expect(rows.every((r) => r.ua === FIREFOX)).toBe(true)
    expect((await analytics(x.id)).body).toEqual(before)
    expect(await blankExpiredClickIps(t.database.db, 90, now)).toBe(0)
  })

  /** The IP of each of the X post's clicks, oldest first. */
  async function ips(xPostId: number) {
    const rows = await t.database.db
      .select({ ip: clickTracking.ipAddress })
      .from(clickTracking)
      .where(eq(clickTracking.xPostId, xPostId))
      .orderBy(asc(clickTracking.clickedAt))
    return rows.map((r) => r.ip)
  }

  test('a cutoff inside an hour blanks that hour up to the cutoff, and the rest of it at a later run', async () => {
    const x = await newXPost()
    const { recorder, at } = clockedRecorder('2026-05-01T10:05:00Z')
    for (const iso of ['2026-05-01T10:05:00Z', '2026-05-01T10:50:00Z']) {
      at(iso)
      await visit(x.shortCode)
    }
    await recorder.flush()
    // 90 days after 10:30 that day: the 10:05 click is past the retention, the 10:50 one not yet.
    expect(await blankExpiredClickIps(t.database.db, 90, new Date('2026-07-30T10:30:00Z'))).toBe(1)
    expect(await ips(x.id)).toEqual([null, '203.0.113.7'])
    expect(await blankExpiredClickIps(t.database.db, 90, new Date('2026-07-30T11:00:00Z'))).toBe(1)
    expect(await ips(x.id)).toEqual([null, null])
  })

  test('a click written after the job finished its hour (a replay after a crash) is blanked at the next run', async () => {
    const x = await newXPost()
    const { recorder, at } = clockedRecorder('2026-06-01T08:15:00Z')
    await visit(x.shortCode)
    await recorder.flush()
    const now = new Date('2026-09-01T00:00:00Z')
    expect(await blankExpiredClickIps(t.database.db, 90, now)).toBe(1)
    // Written now, clicked in the hour the job is done with: the batch brings the hour back.
    at('2026-06-01T08:45:00Z')
    await visit(x.shortCode, { ip: '198.51.100.4' })
    await recorder.flush()
    expect(await ips(x.id)).toEqual([null, '198.51.100.4'])
    expect(await blankExpiredClickIps(t.database.db, 90, now)).toBe(1)
    expect(await ips(x.id)).toEqual([null, null])
    expect(await blankExpiredClickIps(t.database.db, 90, now)).toBe(0)
  })
})

describe('shutdown', () => {
  /** A data folder for PGlite, or a new database on the TEST_DATABASE_URL server. */
  async function storage() {
    if (!TEST_DATABASE_URL) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vq-clicks-'))
      return {
        env: { DATA_DIR: dataDir },
        open: () => openPglite(path.join(dataDir, 'pglite')),
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      }
    }
    const name = `vq_stop_${randomBytes(4).toString('hex')}`
    const url = await createScratchDatabase(name)
    return {
      env: { DATABASE_URL: url },
      open: () => openPostgres(url, 2),
      drop: () => dropScratchDatabase(name),
    }
  }

  test('a clean stop writes the clicks still queued before the database closes', async () => {
    const store = await storage()
    try {
      const config = inProcessServerConfig(store.env)
      const running = await startServer(config, createLogger('silent'))
      const db = running.services.database.db
      const { post } = await createBlogPost(db, validPost({ slug: 'stop-post' }) as never)
      const x = await createXPost(db, { blogPostId: post.id, customContent: null, publicUrl: config.publicUrl })
      if (!x) throw new Error('no X post')
      // Hold every click in memory (no timer, no full batch) so only the stop can write them.
      running.services.clicks = new ClickRecorder(db, { flushMs: 3_600_000, batchSize: 1_000_000 })
      const responses = await Promise.all(
        Array.from({ length: 60 }, () =>
          fetch(`${running.url}/s/${x.shortCode}`, { redirect: 'manual', headers: { 'user-agent': FIREFOX } }),
        ),
      )
      expect(responses.map((r) => r.status)).toEqual(Array(60).fill(302))
      expect(running.services.clicks.pending).toBe(60)
      await running.stop()
      expect(await running.services.database.ping()).toBe(false)

      const reopened = await store.open()
      try {
        const [row] = await reopened.db.select().from(xPosts).where(eq(xPosts.id, x.id))
        const rows = await reopened.db.select().from(clickTracking).where(eq(clickTracking.xPostId, x.id))
        expect(row?.clickCount).toBe(60)
        expect(rows).toHaveLength(60)
        expect(rows[0]?.ipAddress).toBe('127.0.0.1')
      } finally {
        await reopened.close()
      }
    } finally {
      await store.drop()
    }
    // A server started on a new data folder (migrations, first admin): ~10 s alone, over Vitest's
    // 30 s beside the rest of the suite on a loaded 2-core machine, as in shutdown.test.ts.
  }, 90_000)
})
