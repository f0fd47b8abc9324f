import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tweetText, XPost } from '#common/contract/x-posts.ts'
import { xWeightedLength } from '#common/x-post-text.ts'
import { loadConfig } from '#server/config.ts'
import type { XPostWriter } from '#server/services/ai/x-post.ts'
import { FAKE_X_CREDENTIALS, type FakeX, startFakeX } from '#tests/fixtures/fake-x.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

const baseConfig = loadConfig({ NODE_ENV: 'test' })

// A real TLD: twitter-text counts a link as 23 only when it recognises it as one.
const PUBLIC_URL = 'https://vidquest.io'

let t: TestApp
let cookie: string
let fakeX: FakeX
beforeAll(async () => {
  fakeX = await startFakeX()
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    x: { ...baseConfig.x, baseUrl: fakeX.url, credentials: FAKE_X_CREDENTIALS },
  })
  cookie = await t.adminCookie()
})
afterAll(async () => {
  await t.close()
  await fakeX.close()
})

let slugCounter = 0
async function createPost(overrides: Record<string, unknown> = {}) {
  slugCounter += 1
  const res = await t.app.request(
    '/api/blog',
    json('POST', validPost({ slug: `x-post-${slugCounter}`, ...overrides }), cookie),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string } }).post
}

async function publishX(postId: number, body?: unknown, withCookie: string | null = cookie) {
  const res = await t.app.request(`/api/blog/${postId}/publish-x`, json('POST', body, withCookie ?? undefined))
  return { status: res.status, body: (await res.json()) as any }
}

async function setStatus(id: number | string, body: unknown, withCookie: string | null = cookie) {
  const res = await t.app.request(`/api/x-posts/${id}/status`, json('PATCH', body, withCookie ?? undefined))
  return { status: res.status, body: (await res.json()) as any }
}

async function postToX(id: number, app = t.app) {
  const res = await app.request(`/api/x-posts/${id}/post-to-x`, json('POST', undefined, cookie))
  return { status: res.status, body: (await res.json()) as any }
}

/** What X counts for the whole post: the text, a space, the link (23 when it is a URL). */
const xWeight = (p: XPost) => xWeightedLength(tweetText(p))

describe('POST /api/blog/{id}/publish-x', () => {
  test('creates a draft from the post: template text, the title and excerpt as original, a short link', async () => {
    const post = await createPost({
      title: 'Rewarded video in practice',
      excerpt: 'What a video quest does for completion rates. More inside.',
      tags: ['video', 'rewards', 'market-trends', 'loyalty'],
    })
    const { status, body } = await publishX(post.id)
    expect(status).toBe(201)
    expect(body).toMatchObject({
      blogPostId: post.id,
      status: 'draft',
      clickCount: 0,
      uniqueClickCount: 0,
      botClickCount: 0,
      originalContent: 'Rewarded video in practice\n\nWhat a video quest does for completion rates. More inside.',
      rewrittenContent:
        'Rewarded video in practice\n\nWhat a video quest does for completion rates.\n\n#video #rewards #MarketTrends',
      tweetId: null,
      tweetUrl: null,
      errorMessage: null,
    })
    expect(body.shortCode).toMatch(/^[0-9A-Za-z]{7}$/)
    expect(body.shortUrl).toBe(`${PUBLIC_URL}/s/${body.shortCode}`)
    expect(Date.parse(body.publishedAt)).not.toBeNaN()
    expect(xWeight(body)).toBeLessThanOrEqual(280)
    // The fields of the contract and nothing else (no internal claim column such as postingAt).
    expect(Object.keys(body).sort()).toEqual(Object.keys(XPost.shape).sort())
  })

  test('with custom content, the X post is written from it', async () => {
    const post = await createPost()
    const { status, body } = await publishX(post.id, { customContent: '  Our new guide is out: read it now!  ' })
    expect(status).toBe(201)
    expect(body.originalContent).toBe('Our new guide is out: read it now!')
    expect(body.rewrittenContent).toBe('Our new guide is out: read it now!')
  })

  test('an empty body or blank custom content uses the template', async () => {
    const post = await createPost({ title: 'Blank custom', excerpt: null, tags: [] })
    expect((await publishX(post.id)).body.rewrittenContent).toBe('Blank custom')
    expect((await publishX(post.id, {})).body.rewrittenContent).toBe('Blank custom')
    expect((await publishX(post.id, { customContent: '   ' })).body.rewrittenContent).toBe('Blank custom')
  })

  test('long titles, emoji and CJK still fit 280 weighted characters with the link', async () => {
    const longTitle = '🎮 報酬型動画広告 Rewarded video that viewers choose 🚀 '.repeat(6).slice(0, 255)
    const post = await createPost({
      title: longTitle,
      excerpt: '視聴者は自ら選んで動画を見ます。'.repeat(30),
      tags: ['動画'],
    })
    const template = (await publishX(post.id)).body as XPost
    expect(xWeight(template)).toBeLessThanOrEqual(280)
    expect(template.rewrittenContent.startsWith('🎮 報酬型動画広告')).toBe(true)
    const custom = (await publishX(post.id, { customContent: '😀🎉 新しい記事 '.repeat(100).trim() })).body as XPost
    expect(xWeight(custom)).toBeLessThanOrEqual(280)
    expect(xWeight(custom)).toBeGreaterThan(250)
    expect(custom.rewrittenContent.endsWith('…')).toBe(true)
  })

  test('an AI writer plugged in writes the text; its text is fitted too, and its failure falls back to the template', async () => {
    const post = await createPost({ title: 'AI hook', excerpt: 'Teaser here.', tags: ['video'] })
    const seen: unknown[] = []
    const verbose: XPostWriter = {
      name: 'fake-ai',
      write: async (input) => {
        seen.push(input)
        return `AI says: ${'very '.repeat(100)}good`
      },
    }
    t.services.xPostWriter = verbose
    try {
      const fromAi = (await publishX(post.id, { customContent: 'Make it punchy' })).body as XPost
      expect(fromAi.rewrittenContent.startsWith('AI says: very very')).toBe(true)
      expect(xWeight(fromAi)).toBeLessThanOrEqual(280)
      expect(fromAi.originalContent).toBe('Make it punchy')
      expect(seen[0]).toMatchObject({
        title: 'AI hook',
        excerpt: 'Teaser here.',
        tags: ['video'],
        customContent: 'Make it punchy',
        budget: 256,
      })

      t.services.xPostWriter = { name: 'down', write: async () => Promise.reject(new Error('provider down')) }
      const fallback = await publishX(post.id)
      expect(fallback.status).toBe(201)
      expect(fallback.body.rewrittenContent).toBe('AI hook\n\nTeaser here.\n\n#video')
    } finally {
      t.services.xPostWriter = undefined
    }
  })

  test('10 X posts of one blog post get 10 distinct short codes', async () => {
    const post = await createPost()
    const made = await Promise.all(Array.from({ length: 10 }, () => publishX(post.id)))
    expect(made.map((m) => m.status)).toEqual(Array(10).fill(201))
    expect(new Set(made.map((m) => m.body.shortCode)).size).toBe(10)
  })

  test('401 without a session, 404 for a missing post, 400 for a bad id or body', async () => {
    const post = await createPost()
    expect((await publishX(post.id, {}, null)).status).toBe(401)
    const missing = await publishX(999_999, {})
    expect(missing).toMatchObject({ status: 404, body: { error: 'Post not found', fields: {} } })
    const badId = await t.app.request('/api/blog/abc/publish-x', json('POST', {}, cookie))
    expect(badId.status).toBe(400)
    expect(((await badId.json()) as any).fields.id).toBe('Must be a positive integer')
    const tooLong = await publishX(post.id, { customContent: 'x'.repeat(2_001) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.fields.customContent).toMatch(/2000/)
    expect((await publishX(post.id, { customContent: 42 })).body.fields.customContent).toBe('Must be text')
    const list = await t.app.request(`/api/blog/${post.id}/x-posts`, json('GET', undefined, cookie))
    expect(((await list.json()) as any).xPosts).toEqual([])
  })
})

describe('GET /api/blog/{id}/x-posts', () => {
  test('lists the X posts of one post, newest first, with their click counts', async () => {
    const post = await createPost()
    const other = await createPost()
    const first = (await publishX(post.id, { customContent: 'first' })).body as XPost
    const second = (await publishX(post.id, { customContent: 'second' })).body as XPost
    await publishX(other.id, { customContent: 'elsewhere' })
    await t.app.request(`/s/${first.shortCode}`, { headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' } })
    await t.services.clicks.flush()

    const res = await t.app.request(`/api/blog/${post.id}/x-posts`, json('GET', undefined, cookie))
    expect(res.status).toBe(200)
    const { xPosts } = (await res.json()) as { xPosts: XPost[] }
    expect(xPosts.map((p) => p.rewrittenContent)).toEqual(['second', 'first'])
    expect(xPosts.map((p) => p.id)).toEqual([second.id, first.id])
    expect(xPosts[1]).toMatchObject({ clickCount: 1, uniqueClickCount: 1, botClickCount: 0 })
  })

  test('404 for a missing post, 401 without a session', async () => {
    expect((await t.app.request('/api/blog/999999/x-posts', json('GET', undefined, cookie))).status).toBe(404)
    expect((await t.app.request('/api/blog/1/x-posts')).status).toBe(401)
  })
})

describe('PATCH /api/x-posts/{id}/status', () => {
  test('Mark Published, Mark Draft, and failed', async () => {
    const post = await createPost()
    const x = (await publishX(post.id)).body as XPost
    const published = await setStatus(x.id, { status: 'published' })
    expect(published).toMatchObject({ status: 200, body: { success: true, xPost: { id: x.id, status: 'published' } } })
    expect((await setStatus(x.id, { status: 'draft' })).body.xPost.status).toBe('draft')
    expect((await setStatus(x.id, { status: 'failed' })).body.xPost.status).toBe('failed')
    const list = await t.app.request(`/api/blog/${post.id}/x-posts`, json('GET', undefined, cookie))
    expect(((await list.json()) as any).xPosts[0].status).toBe('failed')
  })

  test('any other status is 400 and changes nothing', async () => {
    const post = await createPost()
    const x = (await publishX(post.id)).body as XPost
    for (const body of [{ status: 'archived' }, { status: '' }, {}, { status: 1 }]) {
      const res = await setStatus(x.id, body)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ success: false, fields: { status: 'Must be draft, published or failed' } })
    }
    const list = await t.app.request(`/api/blog/${post.id}/x-posts`, json('GET', undefined, cookie))
    expect(((await list.json()) as any).xPosts[0].status).toBe('draft')
  })

  test('404 for a missing X post, 401 without a session, 400 for a bad id', async () => {
    expect(await setStatus(999_999, { status: 'draft' })).toMatchObject({
      status: 404,
      body: { error: 'X post not found', fields: {}, success: false },
    })
    expect((await setStatus(1, { status: 'draft' }, null)).status).toBe(401)
    expect((await setStatus('0', { status: 'draft' })).status).toBe(400)
  })
})

describe('POST /api/x-posts/{id}/post-to-x', () => {
  test('posts to X: stores the tweet id and URL and sets published', async () => {
    fakeX.setMode('success')
    const post = await createPost()
    const x = (await publishX(post.id)).body as XPost
    const { status, body } = await postToX(x.id)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      success: true,
      message: 'Posted to X.',
      xPost: { status: 'published', errorMessage: null },
    })
    expect(body.xPost.tweetId).toMatch(/^\d+$/)
    expect(body.xPost.tweetUrl).toBe(`https://x.com/i/status/${body.xPost.tweetId}`)
    // X got the text and the short link, signed as the configured account.
    expect(fakeX.received.at(-1)?.text).toBe(`${x.rewrittenContent} ${x.shortUrl}`)
    expect(fakeX.received.at(-1)?.oauth.oauth_consumer_key).toBe(FAKE_X_CREDENTIALS.apiKey)
    expect(fakeX.rejected).toEqual([])
    // Not twice.
    const again = await postToX(x.id)
    expect(again).toMatchObject({ status: 409, body: { error: 'This X post is already on X.' } })
  })

  test('an X API error sets failed and keeps the message; a retry that succeeds clears it', async () => {
    const post = await createPost()
    const x = (await publishX(post.id)).body as XPost
    fakeX.setMode('duplicate')
    const refused = await postToX(x.id)
    expect(refused.status).toBe(502)
    const message = 'X API answered 403: You are not allowed to create a Tweet with duplicate content.'
    expect(refused.body).toMatchObject({
      error: message,
      fields: {},
      success: false,
      xPost: { status: 'failed', errorMessage: message },
    })
    const list = await t.app.request(`/api/blog/${post.id}/x-posts`, json('GET', undefined, cookie))
    expect(((await list.json()) as any).xPosts[0]).toMatchObject({
      status: 'failed',
      errorMessage: message,
      tweetId: null,
    })

    fakeX.setMode('rate-limited')
    expect((await postToX(x.id)).body.xPost.errorMessage).toBe('X API answered 429: Too Many Requests')

    fakeX.setMode('success')
    const retried = await postToX(x.id)
    expect(retried.body.xPost).toMatchObject({ status: 'published', errorMessage: null })
  })

  test('X unreachable: failed with a clear message', async () => {
    const down = await startFakeX()
    const downUrl = down.url
    await down.close()
    const app = await createTestApp(
      { publicUrl: PUBLIC_URL, x: { ...baseConfig.x, baseUrl: downUrl, credentials: FAKE_X_CREDENTIALS } },
      t.database,
    )
    const post = await createPost()
    const x = (await publishX(post.id)).body as XPost
    const res = await postToX(x.id, app.app)
    expect(res.status).toBe(502)
    expect(res.body.xPost).toMatchObject({
      status: 'failed',
      errorMessage: 'Could not reach the X API (connection failed).',
    })
  })

  test('503 with a clear message when X credentials are not configured; 404 and 401', async () => {
    const app = await createTestApp(
      { x: { ...baseConfig.x, baseUrl: 'http://127.0.0.1:9', credentials: null } },
      t.database,
    )
    const post = await createPost()
    const x = (await publishX(post.id)).body as XPost
    const res = await postToX(x.id, app.app)
    expect(res.status).toBe(503)
    expect(res.body.error).toMatch(/^Posting to X is not configured: set X_API_KEY/)
    expect((await postToX(999_999)).status).toBe(404)
    expect((await t.app.request(`/api/x-posts/${x.id}/post-to-x`, { method: 'POST' })).status).toBe(401)
  })
})

describe('GET /api/x-posts/capabilities', () => {
  test('says whether Post to X can work: true with all X credentials, false without; 401 without a session', async () => {
    const configured = await t.app.request('/api/x-posts/capabilities', { headers: { cookie } })
    // slots: the quick posting times of 'Schedule' (X_POSTING_SLOTS), sorted.
    const slots = ['09:00', '13:00', '17:30']
    expect([configured.status, await configured.json()]).toEqual([200, { postToX: true, slots }])

    // Same database, so the admin session of `t` is valid here too.
    const bare = await createTestApp(
      { x: { ...baseConfig.x, baseUrl: 'http://127.0.0.1:9', credentials: null } },
      t.database,
    )
    const unconfigured = await bare.app.request('/api/x-posts/capabilities', { headers: { cookie } })
    expect([unconfigured.status, await unconfigured.json()]).toEqual([200, { postToX: false, slots }])

    const anonymous = await t.app.request('/api/x-posts/capabilities')
    expect(anonymous.status).toBe(401)
    expect(JSON.stringify(await anonymous.json())).not.toContain(FAKE_X_CREDENTIALS.apiSecret)
  })
})
