import { readFileSync } from 'node:fs'
import http from 'node:http'
import { count, eq } from 'drizzle-orm'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ImportReport } from '#common/contract/import.ts'
import { blogPosts, importRuns } from '#server/db/schema.ts'
import { listenLocally } from '#tests/fixtures/local-server.ts'
import { createTestApp, type TestApp } from '#tests/helpers/app.ts'

// Issue 31 (docs/decisions/065-import-and-redirects.md): a WordPress, Ghost or Markdown file is
// checked first (a dry run that writes no post), then imported by a job: every post with its
// fields and dates, images stored here (one that cannot be fetched reported, not fatal), old
// addresses answering 301; the same file again adds nothing; a file that is not one is a 400.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
let t: TestApp
let cookie: string
let images: { url: string; close: () => Promise<void> }
const fetched: string[] = []

beforeAll(async () => {
  // The old site's uploads: every picture is there except one.
  images = await listenLocally(
    http.createServer((req, res) => {
      fetched.push(req.url ?? '')
      if (req.url?.includes('river')) return res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    }),
  )
  const base = (await import('#server/config.ts')).loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  t = await createTestApp({ ai: { ...base.ai, testAllowPrivateHosts: ['127.0.0.1'] } }, undefined, { jobs: 'work' })
  cookie = await t.adminCookie()
}, 60_000)
afterAll(async () => {
  await t?.close()
  await images?.close()
})

const wordpress = () =>
  readFileSync('tests/fixtures/import/wordpress.xml', 'utf8').replaceAll(
    'https://fieldnotes.example.com/wp-content/uploads',
    `${images.url}/uploads`,
  )

async function upload(body: string | Uint8Array, fileName: string, type = 'application/octet-stream', siteUrl = '') {
  const query = new URLSearchParams({ fileName, siteUrl })
  const res = await t.app.request(`/api/admin/import?${query}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
      origin: t.services.config.publicUrl,
    },
    body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
  })
  return { status: res.status, body: (await res.json()) as ImportReport & { error?: string } }
}
async function start(id: number) {
  const res = await t.app.request(`/api/admin/import/${id}/start`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: t.services.config.publicUrl },
  })
  return { status: res.status, body: (await res.json()) as ImportReport & { error?: string } }
}
async function finished(id: number): Promise<ImportReport> {
  for (let i = 0; i < 300; i++) {
    const res = await t.app.request(`/api/admin/import/${id}`, { headers: { cookie } })
    const report = (await res.json()) as ImportReport
    if (report.state === 'done' || report.state === 'failed') return report
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the import did not finish')
}
const postCount = async () => (await t.database.db.select({ n: count() }).from(blogPosts))[0]?.n ?? 0
const postBySlug = async (slug: string) =>
  (await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0]
const visit = (path: string) => t.app.request(path, { redirect: 'manual' })

describe('WordPress', () => {
  let firstRun: ImportReport

  test('the dry run reports what would happen and writes no post', async () => {
    const before = await postCount()
    const { status, body } = await upload(wordpress(), 'fieldnotes.WordPress.2026-11-29.xml')
    expect(status).toBe(201)
    expect(body).toMatchObject({ format: 'wordpress', state: 'checked', siteUrl: 'https://fieldnotes.example.com' })
    expect(body.counts).toMatchObject({ new: 9, existing: 0, skipped: 3 })
    expect(body.skipped.map((s) => s.reason)).toEqual([
      'A page, not a post: pages are not imported',
      "A 'nav_menu_item', not a post",
      'In the trash',
    ])
    const untitled = body.items.find((i) => i.sourceId === '70')
    expect(untitled).toMatchObject({ title: 'Untitled', action: 'new', warnings: ["No title: imported as 'Untitled'"] })
    expect(await postCount()).toBe(before)
    expect(fetched).toEqual([])
    firstRun = body
  })

  test('Import runs it as a job: posts with their fields and dates, images here, old addresses answering 301', async () => {
    const started = await start(firstRun.id)
    expect(started.status).toBe(202)
    expect((await start(firstRun.id)).status).toBe(409)
    const report = await finished(firstRun.id)
    expect(report.state).toBe('done')
    expect(report.progress).toEqual({ done: 9, total: 9 })
    // One picture is missing on the old site; one is on a host that no longer answers.
    expect(report.result).toMatchObject({ created: 9, existing: 0, failed: 0, imagesFailed: 2 })
    expect(report.result?.problems).toEqual([
      {
        sourceId: '12',
        title: 'A week in Lisbon',
        message:
          'The image https://fieldnotes.example.com/wp-content/uploads/2019/05/tram.jpg could not be imported: The site fieldnotes.example.com could not be found. Please check the URL.',
      },
      {
        sourceId: '12',
        title: 'A week in Lisbon',
        message: `The image ${images.url}/uploads/2019/05/river.jpg could not be imported: The page answered with HTTP 404.`,
      },
    ])

    const lisbon = await postBySlug('a-week-in-lisbon')
    expect(lisbon).toMatchObject({
      title: 'A week in Lisbon',
      isPublished: true,
      category: 'Travel',
      tags: ['Photography', 'Lisbon', 'film'],
      author: 'Ana Souza',
      excerpt: 'Seven days of trams, tiles and grilled sardines.',
    })
    expect(lisbon?.publishedAt?.toISOString()).toBe('2019-05-01T10:00:00.000Z')
    expect(lisbon?.featuredImage).toMatch(/^\/images\/[0-9a-f]{64}\.png$/)
    expect(lisbon?.imageAlts).toEqual({ [lisbon?.featuredImage as string]: 'Fishing boats in the harbour at dusk' })
    // Stored images replace the old addresses; the one that could not be fetched became a link to it.
    expect(lisbon?.content).toMatch(/!\[Blue tiles\]\(\/images\/[0-9a-f]{64}\.png\)/)
    expect(lisbon?.content).toContain(`[Image](${images.url}/uploads/2019/05/river.jpg)`)
    expect(lisbon?.content).toContain(
      '[Tram 28 on a hill](https://fieldnotes.example.com/wp-content/uploads/2019/05/tram.jpg)',
    )
    expect(lisbon?.content).toContain('https://www.youtube.com/watch?v=dQw4w9WgXcQ')

    const future = await postBySlug('letters-from-2029')
    expect(future).toMatchObject({ isPublished: false })
    expect(future?.scheduledAt?.toISOString()).toBe('2029-01-01T08:00:00.000Z')
    expect(await postBySlug('diary')).toMatchObject({ isPublished: false })
    expect(await postBySlug('post-70')).toMatchObject({ title: 'Untitled', isPublished: false })

    for (const [old, slug] of [
      ['/2019/05/a-week-in-lisbon/', 'a-week-in-lisbon'],
      ['/?p=12', 'a-week-in-lisbon'],
      ['/2018/03/film-cameras/', 'film-cameras'],
    ] as const) {
      const res = await visit(old)
      expect(res.status).toBe(301)
      expect(res.headers.get('location')).toBe(`${t.services.config.publicUrl}/blog/${slug}`)
    }
  })

  test('the same file again adds nothing: every item is already here', async () => {
    const before = await postCount()
    const { body } = await upload(wordpress(), 'again.xml')
    expect(body.counts).toMatchObject({ new: 0, existing: 9 })
    await start(body.id)
    const report = await finished(body.id)
    expect(report.result).toMatchObject({ created: 0, existing: 9, failed: 0 })
    expect(await postCount()).toBe(before)
  })
})

describe('Ghost and Markdown', () => {
  test.each(['4', '5', '6'])(
    'a Ghost %s export imports, old Ghost addresses lead to the posts, and again adds nothing',
    async (version) => {
      const file = readFileSync(`tests/fixtures/import/ghost-${version}.json`)
      const { status, body } = await upload(file, `ghost-${version}.json`, undefined, 'https://ghost.example.org')
      expect(status).toBe(201)
      expect(body).toMatchObject({ format: 'ghost', siteUrl: 'https://ghost.example.org' })
      expect(body.counts.new).toBeGreaterThan(0)
      await start(body.id)
      const report = await finished(body.id)
      expect(report.result).toMatchObject({ created: body.counts.new, failed: 0 })
      for (const item of body.items) {
        const post = await postBySlug(item.slug)
        expect(post).toMatchObject({ title: item.title, isPublished: item.status === 'published' })
        if (item.status === 'published') {
          expect(post?.publishedAt?.toISOString()).toBe(new Date(item.publishedAt as string).toISOString())
        }
        const res = await visit(item.oldPaths[0] as string)
        expect(res.headers.get('location')).toBe(`${t.services.config.publicUrl}/blog/${item.slug}`)
      }
      const before = await postCount()
      const again = await upload(file, `ghost-${version}.json`, undefined, 'https://ghost.example.org')
      expect(again.body.counts).toMatchObject({ new: 0, existing: body.counts.new })
      await start(again.body.id)
      expect((await finished(again.body.id)).result).toMatchObject({ created: 0, existing: body.counts.new })
      expect(await postCount()).toBe(before)
    },
  )

  test('a zip of Markdown files imports with its own images', async () => {
    const zip = zipSync({
      '_posts/2020-04-02-spring-notes.md': strToU8(
        '---\ntitle: Spring notes\ntags: [garden, notes]\ncategories: [Life]\n---\nFirst buds.\n\n![Buds](../images/buds.png)\n',
      ),
      'images/buds.png': new Uint8Array(PNG),
    })
    const { status, body } = await upload(zip, 'site.zip')
    expect(status).toBe(201)
    expect(body).toMatchObject({ format: 'markdown', counts: { new: 1 } })
    await start(body.id)
    expect((await finished(body.id)).result).toMatchObject({ created: 1, imagesStored: 1, imagesFailed: 0 })
    const post = await postBySlug('spring-notes')
    expect(post).toMatchObject({
      title: 'Spring notes',
      category: 'Life',
      tags: ['garden', 'notes'],
      isPublished: true,
    })
    expect(post?.publishedAt?.toISOString().slice(0, 10)).toBe('2020-04-02')
    expect(post?.content).toMatch(/!\[Buds\]\(\/images\/[0-9a-f]{64}\.png\)/)
    const again = await upload(zip, 'site.zip')
    expect(again.body.counts).toMatchObject({ new: 0, existing: 1 })
  })
})

describe('a file that is not one', () => {
  test.each([
    ['plain text', 'hello, these are my posts'],
    ['an RSS feed', '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'],
    ['JSON that is not Ghost', '{"posts": []}'],
    ['a zip without Markdown', zipSync({ 'readme.txt': strToU8('hi') })],
  ])('%s is a 400 and nothing is written', async (_name, file) => {
    const runs = (await t.database.db.select({ n: count() }).from(importRuns))[0]?.n
    const posts = await postCount()
    const { status, body } = await upload(file, 'file')
    expect(status).toBe(400)
    expect(body.error).toMatch(/not|no /i)
    expect((await t.database.db.select({ n: count() }).from(importRuns))[0]?.n).toBe(runs)
    expect(await postCount()).toBe(posts)
  })

  test('an empty body, a text body and a file over 50 MB are refused', async () => {
    expect((await upload(new Uint8Array(), 'empty')).status).toBe(400)
    expect((await upload('<rss/>', 'x.xml', 'text/plain')).status).toBe(415)
    expect((await upload(new Uint8Array(50 * 1024 * 1024 + 1), 'big')).status).toBe(413)
  })

  test('an unknown run is a 404', async () => {
    expect((await t.app.request('/api/admin/import/999999', { headers: { cookie } })).status).toBe(404)
    expect((await start(999999)).status).toBe(404)
  })
})
