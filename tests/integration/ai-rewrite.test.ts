import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { INVALID_ARTICLE_URL, RewriteResult } from '#common/contract/ai.ts'
import { toSlug } from '#common/text-rules.ts'
import { ConfigError, loadConfig } from '#server/config.ts'
import { blogPosts } from '#server/db/schema.ts'
import { createAiStudio } from '#server/services/ai/studio.ts'
import {
  ARTICLE_SENTENCE,
  ARTICLE_TITLE,
  type ArticleServer,
  articleHtml,
  PRIVATE_URLS,
  startArticleServer,
} from '#tests/fixtures/article-server.ts'
import { type AiTestApp, createAiTestApp, promptOf } from '#tests/integration/ai-helpers.ts'

let fixture: ArticleServer
/** The studio with the test-only allowance for the fixture's address (127.0.0.1) and nothing else. */
let t: AiTestApp
/** The studio exactly as production builds it: no test options. */
let strict: AiTestApp

beforeAll(async () => {
  fixture = await startArticleServer()
  t = await createAiTestApp({ studio: { fetch: { allowPrivateHosts: ['127.0.0.1'], timeoutMs: 2_000 } } })
  strict = await createAiTestApp()
})
afterAll(async () => {
  await fixture.close()
  await t.close()
  await strict.close()
})

const rewrite = (app: AiTestApp, url: string) => app.post('/api/blog/ai/rewrite-article', { url })

describe('POST /api/blog/ai/rewrite-article', () => {
  test('rewrites the fixture article into the docs/product.md §3 rewrite result, keeping its source', async () => {
    const before = t.fake.requests.length
    const result = await rewrite(t, fixture.url)
    expect(result.status).toBe(200)
    const body = RewriteResult.parse(result.body)
    expect(body).toMatchObject({
      success: true,
      author: 'VidQuest Team',
      sourceUrl: fixture.url,
      sourceTitle: ARTICLE_TITLE,
      slug: toSlug(body.title),
    })
    expect(body.excerpt.length).toBeLessThanOrEqual(160)
    expect(body.tags.length).toBeGreaterThanOrEqual(3)
    expect(body.content).toMatch(/^## /m)
    // The model was given the extracted article, not the page's navigation or scripts.
    const prompt = promptOf(t.fake.requests[before]!)
    expect(prompt).toContain(`Source title: ${ARTICLE_TITLE}`)
    expect(prompt).toContain(ARTICLE_SENTENCE)
    expect(prompt).toContain('do not copy any sentence')
    expect(prompt).not.toContain('window.tracking')
    expect(t.fake.requests[before]!.body.response_format.json_schema.name).toBe('rewritten_article')
  })

  test('follows redirects (each checked) and reports the final address as the source', async () => {
    const result = await rewrite(t, `${fixture.origin}/hops/2`)
    expect(result.status).toBe(200)
    expect(result.body.sourceUrl).toBe(fixture.url)
  })

  test('an answer that copies the source verbatim is asked for again, then refused', async () => {
    const copy = JSON.stringify({
      title: 'Copied',
      excerpt: 'Copied.',
      category: 'market-trends',
      tags: ['a', 'b', 'c'],
      content: `## Copied\n\n${`Paragraph 1. ${ARTICLE_SENTENCE} Brands that offered a real reward, such as a voucher or an in-game item, saw viewers stay to the end of the video and then visit the store. `.repeat(20)}`,
    })
    t.fake.fail({ kind: 'content', content: copy }, { kind: 'content', content: copy })
    const result = await rewrite(t, fixture.url)
    expect(result.status).toBe(502)
    expect(result.body.error).toContain('it copies the source verbatim')
  })

  test("an article host that refuses the connection is the caller's 422, not a 5xx", async () => {
    const requests = t.fake.requests.length
    const result = await rewrite(t, 'http://127.0.0.1:9/article')
    expect(result.status).toBe(422)
    expect(result.body).toEqual({
      success: false,
      error: 'Could not connect to 127.0.0.1. Please check the URL.',
      fields: {},
    })
    expect(t.fake.requests.length).toBe(requests)
  })

  test('the fixture is refused by the studio production builds (no test-only allowance)', async () => {
    const hits = fixture.hits.length
    const result = await rewrite(strict, fixture.url)
    expect(result.status).toBe(400)
    expect(result.body.success).toBe(false)
    expect(result.body.error).toMatch(/^That address is not allowed: 127\.0\.0\.1 is not a public address \(loopback\)/)
    expect(fixture.hits.length).toBe(hits)
    expect(strict.fake.requests).toHaveLength(0)
  })

  test('no environment variable grants the allowance but TEST_FETCH_ALLOW_HOSTS, refused outside NODE_ENV=test', () => {
    // docs/decisions/018-test-only-fetch-allow-list.md revises 009 for browser tests, nothing more.
    const config = loadConfig({
      NODE_ENV: 'test',
      AI_ALLOW_PRIVATE_HOSTS: 'true',
      ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    } as Record<string, string>)
    expect(config.ai.testAllowPrivateHosts).toEqual([])
    expect(createAiStudio(config).provider.config).toEqual(config.ai)
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(ConfigError)
    expect(() => loadConfig({ TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/TEST_FETCH_ALLOW_HOSTS/)
  })

  test('TEST_FETCH_ALLOW_HOSTS on a NODE_ENV=test server lets the studio fetch the fixture', async () => {
    const { ai } = loadConfig({ NODE_ENV: 'test', TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })
    const allowed = await createAiTestApp({ ai: { testAllowPrivateHosts: ai.testAllowPrivateHosts } })
    try {
      const result = await rewrite(allowed, fixture.url)
      expect(result.status).toBe(200)
      expect(result.body).toMatchObject({ success: true, sourceUrl: fixture.url, sourceTitle: ARTICLE_TITLE })
      // Only the exact address listed: the cloud metadata address stays refused.
      const metadata = await rewrite(allowed, 'http://169.254.169.254/latest/meta-data/')
      expect(metadata.status).toBe(400)
    } finally {
      await allowed.close()
    }
  })

  test.each([...PRIVATE_URLS, ['http://localhost/', 'loopback']])(
    'refuses %s (%s) with 400 and calls no model',
    async (url, why) => {
      const before = strict.fake.requests.length
      const result = await rewrite(strict, url)
      expect(result.status).toBe(400)
      expect(result.body.success).toBe(false)
      expect(result.body.error).toContain(why)
      expect(result.body.fields.url).toBe(result.body.error)
      expect(strict.fake.requests.length).toBe(before)
    },
  )

  test('refuses a redirect from an allowed page to a private address', async () => {
    const result = await rewrite(t, `${fixture.origin}/redirect?to=${encodeURIComponent('http://10.0.0.1/internal')}`)
    expect(result.status).toBe(400)
    expect(result.body.error).toContain('10.0.0.1 is not a public address (private network)')
  })

  test.each([
    ['/pdf', 422, 'That address is not a web page (application/pdf); only HTML articles can be rewritten.'],
    ['/huge', 422, 'The page is larger than 2 MB.'],
    ['/huge-chunked', 422, 'The page is larger than 2 MB.'],
    ['/not-found', 422, 'The page answered with HTTP 404.'],
    ['/empty', 422, 'No readable article was found at that address. Try the address of the article page itself.'],
    ['/hops/6', 422, 'The page redirected more than 5 times.'],
  ])('answers %s with %i and a clear error', async (path, status, error) => {
    const before = t.fake.requests.length
    const result = await rewrite(t, `${fixture.origin}${path}`)
    expect(result.status).toBe(status)
    expect(result.body).toMatchObject({ success: false, error })
    expect(t.fake.requests.length).toBe(before)
  })

  test.each(['', 'not a url', 'ftp://example.com/a', 'javascript:alert(1)'])(
    'answers 400 with the URL hint for %j',
    async (url) => {
      const result = await rewrite(t, url)
      expect(result.status).toBe(400)
      expect(result.body).toEqual({ success: false, error: INVALID_ARTICLE_URL, fields: { url: INVALID_ARTICLE_URL } })
    },
  )

  test('the fixture HTML really is an article page (sanity check of the fixture)', () => {
    expect(articleHtml()).toContain('<article>')
  })
})

describe('a post saved from a rewrite', () => {
  test('stores sourceUrl and sourceTitle, returns them, and keeps them through an update', async () => {
    const rewritten = RewriteResult.parse((await rewrite(t, fixture.url)).body)
    const { success: _success, ...fields } = rewritten
    const created = await t.app.request('/api/blog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ ...fields, isPublished: false, aiGenerated: true }),
    })
    expect(created.status).toBe(201)
    const { post } = (await created.json()) as any
    expect(post).toMatchObject({ sourceUrl: fixture.url, sourceTitle: ARTICLE_TITLE, aiGenerated: true })

    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id))
    expect([row?.sourceUrl, row?.sourceTitle]).toEqual([fixture.url, ARTICLE_TITLE])

    const updated = await t.app.request(`/api/blog/${post.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ title: 'A new title' }),
    })
    expect(((await updated.json()) as any).post).toMatchObject({ title: 'A new title', sourceUrl: fixture.url })
    const read = (await (
      await t.app.request(`/api/blog/id/${post.id}`, { headers: { cookie: t.cookie } })
    ).json()) as any
    expect([read.sourceUrl, read.sourceTitle]).toEqual([fixture.url, ARTICLE_TITLE])
  })

  test('a post without a source has null source fields', async () => {
    const res = await t.app.request('/api/blog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ title: 'Hand written', slug: 'hand-written', content: 'Body' }),
    })
    expect(((await res.json()) as any).post).toMatchObject({ sourceUrl: null, sourceTitle: null })
  })

  test('a source URL that is not http(s) is refused', async () => {
    const res = await t.app.request('/api/blog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({
        title: 'Bad source',
        slug: 'bad-source',
        content: 'Body',
        sourceUrl: 'javascript:alert(1)',
      }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).fields).toEqual({ sourceUrl: 'Must be an http(s) URL' })
  })
})
