import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ImportReport } from '#common/contract/import.ts'
import type { SiteExportFile } from '#common/contract/site-export.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 31: "export, wipe, import the export, and compare (nothing lost)". One site is filled
// through its API and exported with its revisions; a second, empty site imports that zip through
// /api/admin/import; its own export then says the same, post for post, image for image.

let from: TestApp
let to: TestApp
const PUBLIC_URL = 'https://vidquest.example'

beforeAll(async () => {
  from = await createTestApp({ publicUrl: PUBLIC_URL }, undefined, { jobs: 'add' })
  to = await createTestApp({ publicUrl: PUBLIC_URL }, undefined, { jobs: 'work' })
}, 60_000)
afterAll(async () => {
  await from?.close()
  await to?.close()
})

async function call<T>(t: TestApp, method: string, path: string, body?: unknown): Promise<T> {
  const res = await t.app.request(path, json(method, body, await t.adminCookie()))
  expect(res.status, `${method} ${path}`).toBeLessThan(300)
  return (await res.json()) as T
}

async function exported(t: TestApp) {
  const res = await t.app.request('/api/admin/export?revisions=1', json('GET', undefined, await t.adminCookie()))
  expect(res.status).toBe(200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  const files = unzipSync(bytes)
  return { bytes, files, json: JSON.parse(strFromU8(files['posts.json'] as Uint8Array)) as SiteExportFile }
}

test('an export imported into an empty site gives back the same posts, images and redirects', async () => {
  const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer()
  const { imageUrl } = await call<{ imageUrl: string }>(from, 'POST', '/api/blog/upload-image', {
    imageData: `data:image/png;base64,${png.toString('base64')}`,
    fileName: 'cover.png',
  })
  const live = await call<{ post: { id: number } }>(
    from,
    'POST',
    '/api/blog',
    validPost({
      slug: 'first-name',
      title: 'A live post',
      tags: ['video', 'ads'],
      category: 'Guides',
      featuredImage: imageUrl,
      imageAlts: { [imageUrl]: 'A purple card' },
      focusKeyword: 'video quests',
      content: `Intro.\n\n![Inline](${imageUrl})\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n`,
    }),
  )
  // Renamed after it was public: a redirect from its first address, and a second revision.
  await call(from, 'PUT', `/api/blog/${live.post.id}`, { slug: 'second-name' })
  await call(from, 'POST', `/api/blog/${live.post.id}/publish-x`, { customContent: 'Read it' })
  const draft = await call<{ post: { id: number } }>(
    from,
    'POST',
    '/api/blog',
    validPost({ slug: 'a-draft', title: 'A draft', isPublished: false, excerpt: null }),
  )
  const later = new Date(Date.now() + 3 * 86_400_000)
  const gone = new Date(Date.now() + 9 * 86_400_000)
  await call(from, 'POST', `/api/blog/${draft.post.id}/schedule`, {
    publishAt: later.toISOString(),
    unpublishAt: gone.toISOString(),
  })
  await call(from, 'POST', '/api/admin/redirects', { from: '/2019/05/old-post/', to: '/blog/second-name' })
  await from.app.request('/2019/05/old-post/')
  await from.services.redirects.flush()
  const before = await exported(from)
  expect(before.json.posts).toHaveLength(2)
  // What must come back: history, a social post, a plan to unpublish, redirects with their hits.
  const renamed = before.json.posts.find((p) => p.slug === 'second-name')
  expect(renamed?.revisions?.length).toBeGreaterThanOrEqual(2)
  expect(renamed?.socialPosts).toHaveLength(1)
  expect(renamed).toMatchObject({ focusKeyword: 'video quests', imageAlts: { [imageUrl]: 'A purple card' } })
  expect(before.json.posts.find((p) => p.slug === 'a-draft')).toMatchObject({
    scheduledAt: later.toISOString(),
    unpublishAt: gone.toISOString(),
  })
  expect(before.json.redirects).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ from: '/2019/05/old-post', to: '/blog/second-name', hits: 1 }),
      expect.objectContaining({ from: '/blog/first-name', to: '/blog/second-name', origin: 'slug' }),
    ]),
  )

  // The second site is empty: the zip goes in through the import, as a person's file would.
  const cookie = await to.adminCookie()
  const upload = () =>
    to.app.request('/api/admin/import?fileName=export.zip', {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/octet-stream',
        'content-length': String(before.bytes.length),
        origin: PUBLIC_URL,
      },
      body: new Blob([before.bytes]),
    })
  const uploaded = await upload()
  expect(uploaded.status).toBe(201)
  const report = (await uploaded.json()) as ImportReport
  expect(report).toMatchObject({ format: 'vidquest', counts: { new: 2, existing: 0, skipped: 0 } })
  await call(to, 'POST', `/api/admin/import/${report.id}/start`)
  let done: ImportReport | undefined
  for (let i = 0; i < 300 && done?.state !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    done = await call<ImportReport>(to, 'GET', `/api/admin/import/${report.id}`)
    expect(done.state).not.toBe('failed')
  }
  expect(done?.result).toMatchObject({ created: 2, failed: 0, imagesFailed: 0, problems: [] })

  const after = await exported(to)
  const comparable = (file: SiteExportFile) => ({ ...file, exportedAt: undefined })
  expect(comparable(after.json)).toEqual(comparable(before.json))
  const images = (files: Record<string, Uint8Array>) =>
    Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('images/')))
  expect(Object.keys(images(after.files))).toHaveLength(1)
  expect(images(after.files)).toEqual(images(before.files))

  // The imported site answers as the first did: the old addresses and the social post's short link.
  const old = await to.app.request('/blog/first-name', { redirect: 'manual' })
  expect(old.headers.get('location')).toBe(`${PUBLIC_URL}/blog/second-name`)
  const code = before.json.posts.find((p) => p.slug === 'second-name')?.socialPosts[0]?.shortCode
  const short = await to.app.request(`/s/${code}`, { redirect: 'manual' })
  expect(short.status).toBe(302)
  expect(short.headers.get('location')).toContain('/blog/second-name?')

  // And the same zip again adds nothing.
  const again = await upload()
  expect(((await again.json()) as ImportReport).counts).toMatchObject({ new: 0, existing: 2 })
})
