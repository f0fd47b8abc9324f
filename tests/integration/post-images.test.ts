import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { UnprocessableError } from '#server/services/errors.ts'
import { importPostImages } from '#server/services/post-images.ts'
import { createPost, updatePost } from '#server/services/posts.ts'
import { startArticleServer } from '#tests/fixtures/article-server.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 10 §1: images named in a post are brought onto this site on save, through the SSRF-safe
// fetcher, so the CSP's img-src 'self' shows them. A fixture host on 127.0.0.1 plays "another site".
let t: TestApp
let cookie: string
let origin: string
let server: Server
let jpeg: Buffer
const hits: string[] = []

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .toBuffer()
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    if (req.url === '/second.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    if (req.url === '/notes.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('not a picture')
    if (req.url === '/lying.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>nope</html>')
    if (req.url === '/logo.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>')
    res.writeHead(404).end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  t = await createTestApp({ ai: { ...base.ai, testAllowPrivateHosts: ['127.0.0.1'] } })
  cookie = await t.adminCookie()
})
afterAll(async () => {
  server.close()
  await t.close()
})

const LOCAL = /^\/images\/[0-9a-f]{64}\.jpg$/
const SVG_DATA = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`

async function create(body: Record<string, unknown>) {
  const res = await t.app.request('/api/blog', json('POST', validPost(body), cookie))
  return { status: res.status, body: (await res.json()) as any }
}
const postCount = async () =>
  ((await (await t.app.request('/api/blog', json('GET', undefined, cookie))).json()) as unknown[]).length

describe('images from other hosts are imported on save', () => {
  test('the featured image is fetched, stored and served from /images', async () => {
    const { status, body } = await create({ slug: 'import-featured', featuredImage: `${origin}/photo.jpg` })
    expect(status).toBe(201)
    expect(body.post.featuredImage).toMatch(LOCAL)
    const served = await t.app.request(body.post.featuredImage)
    expect(served.status).toBe(200)
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(64)
  })

  test('an alt text follows its image to the local address; other entries stay as they are', async () => {
    const { status, body } = await create({
      slug: 'import-alt',
      featuredImage: `${origin}/photo.jpg`,
      imageAlts: { [`${origin}/photo.jpg`]: 'A purple square', '/images/kept.png': '' },
    })
    expect(status).toBe(201)
    expect(body.post.imageAlts).toEqual({ [body.post.featuredImage]: 'A purple square', '/images/kept.png': '' })
  })

  test('every image in the content is rewritten to its /images address; alt and title stay; links and code do not change', async () => {
    const content = [
      `Intro ![A chart](${origin}/photo.jpg "Weekly") and again ![Same](${origin}/photo.jpg).`,
      '',
      `![Second](<${origin}/second.jpg>)`,
      '',
      `A [link to a picture](${origin}/notes.txt) stays a link.`,
      '',
      '```',
      `![in code](${origin}/missing.png)`,
      '```',
    ].join('\n')
    const { status, body } = await create({ slug: 'import-content', content })
    expect(status).toBe(201)
    const saved: string = body.post.content
    expect(saved).not.toContain(`${origin}/photo.jpg`)
    expect(saved).not.toContain(`${origin}/second.jpg`)
    expect(saved).toMatch(/^Intro !\[A chart\]\(\/images\/[0-9a-f]{64}\.jpg "Weekly"\) and again !\[Same\]\(\/images\//)
    expect(saved).toMatch(/!\[Second\]\(<\/images\/[0-9a-f]{64}\.jpg>\)/)
    expect(saved).toContain(`[link to a picture](${origin}/notes.txt)`)
    expect(saved).toContain(`![in code](${origin}/missing.png)`)
  })

  test('an update imports too: a PUT with an outside image gets its local address', async () => {
    const { body } = await create({ slug: 'import-on-update' })
    const res = await t.app.request(
      `/api/blog/${body.post.id}`,
      json('PUT', { featuredImage: `${origin}/second.jpg`, content: `![x](${origin}/photo.jpg)` }, cookie),
    )
    expect(res.status).toBe(200)
    const { post } = (await res.json()) as any
    expect(post.featuredImage).toMatch(LOCAL)
    expect(post.content).toMatch(/^!\[x\]\(\/images\/[0-9a-f]{64}\.jpg\)$/)
  })

  test('embedded data images are stored and replaced, so the body keeps no base64; the cover is the first image', async () => {
    const png = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#db2777' } })
        .png()
        .toBuffer()
    ).toString('base64')
    const { status, body } = await create({
      slug: 'import-data-image',
      featuredImage: null,
      content: `Text\n\n![Embedded](data:image/png;base64,${png})`,
    })
    expect(status).toBe(201)
    expect(body.post.content).not.toContain('base64')
    expect(body.post.content).toMatch(/^Text\n\n!\[Embedded\]\(\/images\/[0-9a-f]{64}\.png\)$/)
    const list = (await (await t.app.request('/api/blog')).json()) as any[]
    expect(list.find((p) => p.slug === 'import-data-image')?.content).toBe(body.post.content)
  })
})

describe('an image that cannot be brought in fails the save with 422 and stores nothing', () => {
  test.each([
    ['a featured image that answers 404', 'featuredImage', () => `${origin}/missing.png`, /HTTP 404/],
    ['a featured image that is text', 'featuredImage', () => `${origin}/notes.txt`, /not a picture \(text\/plain\)/],
    ['a featured image that is SVG', 'featuredImage', () => `${origin}/logo.svg`, /not a picture \(image\/svg\+xml\)/],
    [
      'a content image whose bytes are not a picture',
      'content',
      () => `${origin}/lying.png`,
      /only image files are allowed/,
    ],
    [
      'a content image on a host that does not answer',
      'content',
      () => 'http://127.0.0.1:9/gone.png',
      /Could not connect/,
    ],
    ['an embedded SVG data image', 'content', () => SVG_DATA, /only image files are allowed/],
  ])('%s', async (_name, field, address, reason) => {
    const before = await postCount()
    const src = address()
    const values = field === 'content' ? { content: `Text ![x](${src}) more.` } : { featuredImage: src }
    const { status, body } = await create({ slug: `import-fail-${before}`, ...values })
    expect(status).toBe(422)
    expect(Object.keys(body.fields)).toEqual([field])
    expect(body.fields[field]).toMatch(reason)
    expect(body.fields[field]).toContain(src.startsWith('data:') ? 'an embedded image/svg+xml' : src)
    expect(body.error).toBe(body.fields[field])
    expect(await postCount()).toBe(before)
  })

  test('a picture host that trickles its bytes fails the save with 422 saying it did not arrive', async () => {
    const host = await startArticleServer()
    try {
      const src = `${host.origin}/trickle`
      const saving = importPostImages(
        t.database.db,
        { featuredImage: src },
        { allowPrivateHosts: ['127.0.0.1'], timeoutMs: 200 },
      )
      const message = `The image ${src} could not be imported: it did not arrive within 0.2 seconds.`
      await expect(saving).rejects.toBeInstanceOf(UnprocessableError)
      await expect(saving).rejects.toMatchObject({ message, fields: { featuredImage: message } })
      expect(host.hits).toContain('/trickle')
    } finally {
      await host.close()
    }
  })

  test('an update with an image that fails leaves the post as it was', async () => {
    const { body } = await create({ slug: 'import-update-fails', featuredImage: null })
    const res = await t.app.request(
      `/api/blog/${body.post.id}`,
      json('PUT', { title: 'Changed title', featuredImage: `${origin}/missing.png` }, cookie),
    )
    expect(res.status).toBe(422)
    const after = (await (
      await t.app.request(`/api/blog/id/${body.post.id}`, json('GET', undefined, cookie))
    ).json()) as any
    expect([after.title, after.featuredImage]).toEqual([body.post.title, null])
  })

  test('an address inside our network is refused like the rewriter refuses it', async () => {
    const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
    expect(base.ai.testAllowPrivateHosts).toEqual([])
    const strict = await createTestApp()
    try {
      const res = await strict.app.request(
        '/api/blog',
        json('POST', validPost({ slug: 'ssrf', featuredImage: `${origin}/photo.jpg` }), await strict.adminCookie()),
      )
      expect(res.status).toBe(422)
      expect(((await res.json()) as any).fields.featuredImage).toMatch(/could not be imported/)
    } finally {
      await strict.close()
    }
  })
})

describe('a save that does not come through the API', () => {
  test('a job or the command line saving a post keeps its images on this site too (issue 27)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer()
    const embedded = `data:image/png;base64,${png.toString('base64')}`
    const { post } = await createPost(
      t.database.db,
      validPost({ slug: 'saved-by-a-job', content: `An embedded picture:\n\n![a square](${embedded})` }) as never,
    )
    expect(post.content).not.toContain('data:image')
    expect(post.content).toMatch(/!\[a square\]\(\/images\/[0-9a-f]{64}\.png\)/)
    const updated = await updatePost(
      t.database.db,
      post.id,
      { featuredImage: `${origin}/photo.jpg` },
      { imageFetch: { allowPrivateHosts: ['127.0.0.1'] } },
    )
    expect(updated?.featuredImage).toMatch(LOCAL)
  })
})
