import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import matter from 'gray-matter'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SiteExportFile } from '#common/contract/site-export.ts'
import { openPglite } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'
import { blogPosts, contactSubmissions, storedImages, subscribers, xPosts } from '#server/db/schema.ts'
import { parseSiteExport, SiteExportError } from '#server/services/export.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'
import { runCli } from '#tests/helpers/run-cli.ts'

// Issue 31, "Export everything": the zip a team leaves with (posts.json, a Markdown file per post
// and the images the posts use), which reads back losslessly and carries no reader's personal data.

let t: TestApp
let cookie: string

const CONTACT_EMAIL = 'private.contact@example.org'
const SUBSCRIBER_EMAIL = 'private.reader@example.org'

interface Seeded {
  imageUrl: string
  imageBytes: Uint8Array
  bodyImageUrl: string
  oldCoverUrl: string
  slugs: string[]
}
let seeded: Seeded

async function upload(color: string, fileName: string): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .png()
    .toBuffer()
  const res = await t.app.request(
    '/api/blog/upload-image',
    json('POST', { imageData: `data:image/png;base64,${png.toString('base64')}`, fileName }, cookie),
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { imageUrl: string }).imageUrl
}

async function createPost(body: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const res = await t.app.request('/api/blog', json('POST', validPost(body), cookie))
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string } }).post
}

const exportZip = async (query = '') => {
  const res = await t.app.request(`/api/admin/export${query}`, json('GET', undefined, cookie))
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}
const postsJson = (files: Record<string, Uint8Array>) =>
  JSON.parse(strFromU8(files['posts.json'] as Uint8Array)) as SiteExportFile

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://vidquest.example' })
  cookie = await t.adminCookie()
  const imageUrl = await upload('#7c3aed', 'cover.png')
  const bodyImageUrl = await upload('#0f766e', 'inline.png')
  const hash = /\/images\/([0-9a-f]{64})\./.exec(imageUrl)?.[1] as string
  const [row] = await t.database.db.select().from(storedImages).where(eq(storedImages.hash, hash))
  const imageBytes = new Uint8Array((row as { bytes: Uint8Array }).bytes)

  const live = await createPost({ slug: 'live-post', title: 'Live: a post with "quotes"', tags: ['video', 'ads'] })
  await createPost({
    slug: 'draft-with-image',
    title: 'Draft with an image',
    isPublished: false,
    featuredImage: imageUrl,
    content: `Intro\n\n![Inline](${bodyImageUrl})\n`,
    tags: [],
  })
  const scheduled = await createPost({ slug: 'scheduled-post', title: 'Scheduled post', isPublished: false })
  // Scheduling through the API needs the job queue; the column is the truth (decision 035).
  await t.database.db
    .update(blogPosts)
    .set({ scheduledAt: new Date('2030-01-02T03:04:05.000Z') })
    .where(eq(blogPosts.id, scheduled.id))
  await t.database.db.insert(xPosts).values({
    blogPostId: live.id,
    originalContent: 'Read this',
    rewrittenContent: 'Read this now',
    shortUrl: 'https://vidquest.example/s/exp1',
    shortCode: 'exp1',
    clickCount: 7,
    status: 'published',
    tweetId: '12345',
  })
  const redirect = await t.app.request(
    '/api/admin/redirects',
    json('POST', { from: '/old/live', to: '/blog/live-post' }, cookie),
  )
  expect(redirect.status).toBe(201)
  await t.database.db
    .insert(contactSubmissions)
    .values({ name: 'Private Person', email: CONTACT_EMAIL, message: 'Call me' })
  await t.database.db.insert(subscribers).values({
    email: SUBSCRIBER_EMAIL,
    consentedAt: new Date(),
    consentForm: 'post',
    consentVersion: '2026-11-28',
  })
  // A cover only an older version of the post shows: it goes in the zip with the revisions only.
  const oldCoverUrl = await upload('#db2777', 'old-cover.png')
  const changed = await createPost({ slug: 'changed-cover', title: 'Changed cover', featuredImage: oldCoverUrl })
  const put = await t.app.request(
    `/api/blog/${changed.id}`,
    json('PUT', validPost({ slug: 'changed-cover', title: 'Changed cover', featuredImage: null }), cookie),
  )
  expect(put.status).toBe(200)
  seeded = {
    imageUrl,
    imageBytes,
    bodyImageUrl,
    oldCoverUrl,
    slugs: ['live-post', 'draft-with-image', 'scheduled-post', 'changed-cover'],
  }
}, 60_000)
afterAll(() => t?.close())

describe('GET /api/admin/export', () => {
  test('answers a zip of every post with its fields, authors, social posts, the redirects and the images', async () => {
    const { res, bytes } = await exportZip()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="vidquest-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    const files = unzipSync(bytes)
    const file = postsJson(files)
    expect(file).toMatchObject({
      format: 'vidquest-export',
      version: 1,
      site: { publicUrl: 'https://vidquest.example' },
    })
    expect(new Date(file.exportedAt).toISOString()).toBe(file.exportedAt)
    expect(file.posts.map((p) => p.slug).sort()).toEqual([...seeded.slugs].sort())

    const rows = await t.database.db.select().from(blogPosts)
    for (const row of rows) {
      const post = file.posts.find((p) => p.slug === row.slug)
      expect(post).toMatchObject({
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        featuredImage: row.featuredImage,
        images: row.images,
        imageAlts: row.imageAlts,
        category: row.category,
        tags: row.tags,
        author: row.author,
        isPublished: row.isPublished,
        publishedAt: row.publishedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        unpublishAt: null,
        aiGenerated: false,
        sourceUrl: null,
        sourceTitle: null,
        focusKeyword: row.focusKeyword,
        viewCount: row.viewCount,
        reviewState: null,
        reviewNote: null,
        authors: [{ username: 'editor', name: null }],
      })
      expect(post).not.toHaveProperty('revisions')
      expect(post).not.toHaveProperty('id')
    }
    const live = file.posts.find((p) => p.slug === 'live-post')
    expect(live?.socialPosts).toEqual([
      expect.objectContaining({
        channel: 'x',
        status: 'published',
        rewrittenContent: 'Read this now',
        shortCode: 'exp1',
        clickCount: 7,
        scheduledAt: null,
      }),
    ])
    expect(file.posts.find((p) => p.slug === 'scheduled-post')?.scheduledAt).toBe('2030-01-02T03:04:05.000Z')
    expect(file.redirects).toEqual([
      { from: '/old/live', to: '/blog/live-post', origin: 'manual', hits: 0, lastHitAt: null },
    ])

    // The site paths stay as they are; the zip holds the bytes under the same file name.
    const draft = file.posts.find((p) => p.slug === 'draft-with-image')
    expect(draft?.featuredImage).toBe(seeded.imageUrl)
    expect(draft?.content).toContain(seeded.bodyImageUrl)
    const imageNames = Object.keys(files).filter((name) => name.startsWith('images/'))
    expect(imageNames.sort()).toEqual([seeded.imageUrl.slice(1), seeded.bodyImageUrl.slice(1)].sort())
    expect(files[seeded.imageUrl.slice(1)]).toEqual(seeded.imageBytes)
  })

  test('each post is a Markdown file whose front matter reads back through gray-matter', async () => {
    const files = unzipSync((await exportZip()).bytes)
    const file = postsJson(files)
    for (const post of file.posts) {
      const source = strFromU8(files[`posts/${post.slug}.md`] as Uint8Array)
      const parsed = matter(source, {})
      expect(parsed.data).toMatchObject({
        title: post.title,
        slug: post.slug,
        draft: !post.isPublished,
        tags: post.tags,
        categories: [post.category],
        description: post.excerpt,
        author: post.author,
      })
      if (post.publishedAt) expect(new Date(parsed.data.date as string).toISOString()).toBe(post.publishedAt)
      else expect(parsed.data).not.toHaveProperty('date')
      expect(parsed.content.trim()).toBe(post.content.trim())
    }
    const draft = matter(strFromU8(files['posts/draft-with-image.md'] as Uint8Array), {})
    expect(draft.data.image).toBe(seeded.imageUrl)
    expect(draft.content).toContain(`![Inline](${seeded.bodyImageUrl})`)
  })

  test('no contact submission or subscriber address is anywhere in the zip', async () => {
    const { bytes } = await exportZip('?revisions=1')
    const files = unzipSync(bytes)
    const raw = Buffer.concat([Buffer.from(bytes), ...Object.values(files).map((f) => Buffer.from(f))])
    for (const email of [CONTACT_EMAIL, SUBSCRIBER_EMAIL, 'Private Person']) {
      expect(raw.includes(Buffer.from(email))).toBe(false)
    }
    expect(raw.includes(Buffer.from('scrypt'))).toBe(false)
  })

  test('revisions only with ?revisions=1; anything but 1 or 0 is refused', async () => {
    const without = postsJson(unzipSync((await exportZip('?revisions=0')).bytes))
    expect(without.posts.every((p) => p.revisions === undefined)).toBe(true)
    const withRevisions = postsJson(unzipSync((await exportZip('?revisions=1')).bytes))
    const live = withRevisions.posts.find((p) => p.slug === 'live-post')
    expect(live?.revisions?.length).toBeGreaterThan(0)
    expect(live?.revisions?.[0]).toMatchObject({
      reason: 'create',
      fields: expect.objectContaining({ title: live?.title }),
    })

    const refused = await exportZip('?revisions=yes')
    expect(refused.res.status).toBe(400)
    expect(JSON.parse(strFromU8(refused.bytes))).toMatchObject({ fields: { revisions: 'Must be 1 or 0' } })
  })

  test('an image only an older version shows is in the zip with the revisions, and only then', async () => {
    const name = seeded.oldCoverUrl.slice(1)
    expect(unzipSync((await exportZip()).bytes)[name]).toBeUndefined()
    expect(unzipSync((await exportZip('?revisions=1')).bytes)[name]).toBeInstanceOf(Uint8Array)
  })

  test('signed out, the export is refused', async () => {
    const res = await t.app.request('/api/admin/export', json('GET'))
    expect(res.status).toBe(401)
  })
})

describe('parseSiteExport', () => {
  test('reads the zip back: the same posts, redirects, revisions and image bytes', async () => {
    const bytes = (await exportZip('?revisions=1')).bytes
    const file = postsJson(unzipSync(bytes))
    const parsed = parseSiteExport(bytes)
    expect(parsed.posts).toEqual(file.posts)
    expect(parsed.redirects).toEqual(file.redirects)
    expect(parsed.revisions.get('live-post')).toEqual(file.posts.find((p) => p.slug === 'live-post')?.revisions)
    expect(parsed.images.get(seeded.imageUrl)).toEqual(seeded.imageBytes)
    expect([...parsed.images.keys()].sort()).toEqual([seeded.imageUrl, seeded.bodyImageUrl, seeded.oldCoverUrl].sort())
  })

  test('a zip without posts.json, or with one of another shape, is refused with a clear error', () => {
    const noJson = zipSync({ 'posts/a.md': new TextEncoder().encode('# A') })
    expect(() => parseSiteExport(noJson)).toThrow(SiteExportError)
    expect(() => parseSiteExport(noJson)).toThrow('This zip is not an export of this site: it has no posts.json')
    const wrong = zipSync({ 'posts.json': new TextEncoder().encode(JSON.stringify({ format: 'other', posts: [] })) })
    expect(() => parseSiteExport(wrong)).toThrow(/^This zip is not an export of this site: format/)
    expect(() => parseSiteExport(new TextEncoder().encode('not a zip'))).toThrow(SiteExportError)
  })
})

// As tests/integration/admin-cli.test.ts: the CLI on a PGlite folder of its own.
describe('npm run export and npm run import', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vq-export-cli-'))
    // A post in that folder, written through the API, which then lets the folder go.
    const database = await openPglite(path.join(dataDir, 'pglite'))
    await migrateAndSetup(database)
    const cli = await createTestApp({}, database)
    try {
      const res = await cli.app.request(
        '/api/blog',
        json('POST', validPost({ slug: 'cli-post' }), await cli.adminCookie()),
      )
      expect(res.status).toBe(201)
    } finally {
      await cli.close()
    }
  }, 180_000)
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  /** Runs one of the command line tools on this folder: its exit code and what it printed. */
  const cli = (script: string, args: string[]) => runCli(process.execPath, [script, ...args], dataDir)

  test('writes the zip to --out and prints its path and counts', async () => {
    const out = path.join(dataDir, 'site.zip')
    const { code, stdout, stderr } = await cli('server/cli/export.ts', ['--revisions', '--out', out])
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toContain(`Wrote ${out}\n`)
    expect(stdout).toMatch(/1 posts, 0 images, 0 redirects, 1 revisions/)
    const parsed = parseSiteExport(new Uint8Array(readFileSync(out)))
    expect(parsed.posts.map((p) => p.slug)).toEqual(['cli-post'])
  }, 180_000)

  // npm run import: the same dry run and import as /admin/import, on the same folder.
  test('npm run import reports a dry run, imports, and finds the posts already here the second time', async () => {
    const file = path.join(dataDir, 'notes.zip')
    writeFileSync(
      file,
      zipSync({
        'posts/first-note.md': strToU8(
          '---\ntitle: First note\ndate: 2024-03-01\ntags: [cli]\n---\nHello from a zip.\n',
        ),
        'posts/cli-post.md': strToU8('---\ntitle: Same slug as a post here\n---\nText.\n'),
      }),
    )
    const dry = await cli('server/cli/import.ts', [file, '--dry-run'])
    expect([dry.code, dry.stderr]).toEqual([0, ''])
    expect(dry.stdout).toContain('notes.zip: markdown')
    expect(dry.stdout).toContain('1 new, 1 already here, 0 skipped')
    expect(dry.stdout).toContain('Dry run: nothing was imported.')

    const real = await cli('server/cli/import.ts', [file])
    expect([real.code, real.stderr]).toEqual([0, ''])
    expect(real.stdout).toMatch(/Imported: 1 created, 1 already here, 0 failed/)
    const again = await cli('server/cli/import.ts', [file, '--dry-run'])
    expect(again.stdout).toContain('0 new, 2 already here, 0 skipped')

    const exported = path.join(dataDir, 'after.zip')
    expect((await cli('server/cli/export.ts', ['--out', exported])).code).toBe(0)
    const parsed = parseSiteExport(new Uint8Array(readFileSync(exported)))
    expect(parsed.posts.map((p) => p.slug).sort()).toEqual(['cli-post', 'first-note'])
    expect(parsed.posts.find((p) => p.slug === 'first-note')?.title).toBe('First note')
  }, 180_000)

  test('a file that is not an export is refused with its reason and nothing is written', async () => {
    const file = path.join(dataDir, 'not-an-export.json')
    writeFileSync(file, '{"hello": "world"}')
    const { code, stdout, stderr } = await cli('server/cli/import.ts', [file])
    expect([code, stdout]).toEqual([1, ''])
    expect(stderr).toBe('This file is not a Ghost export: it has no db[0].data.posts\n')
  }, 180_000)
})
