import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AI_NOT_CONFIGURED, INVALID_ALT_IMAGE_URL } from '#common/contract/ai.ts'
import { ALT_MAX } from '#common/limits.ts'
import { storeImage } from '#server/services/images.ts'
import { type ArticleServer, startArticleServer } from '#tests/fixtures/article-server.ts'
import { imagePartOf } from '#tests/fixtures/fake-openai.ts'
import { type AiTestApp, createAiTestApp } from '#tests/integration/ai-helpers.ts'

const ALT = '/api/blog/ai/alt-text'

let t: AiTestApp
let ownImage: string
beforeAll(async () => {
  t = await createAiTestApp({ studio: { fetch: { allowPrivateHosts: ['127.0.0.1'], timeoutMs: 2_000 } } })
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer()
  ownImage = (await storeImage(t.database.db, png, 'red.png')).url
})
afterAll(() => t.close())

async function recorded<T>(fn: () => Promise<T>) {
  const before = t.fake.requests.length
  const result = await fn()
  return { result, requests: t.fake.requests.slice(before) }
}

describe('POST /api/blog/ai/alt-text', () => {
  test('an image of this site is read from the database and sent as bytes; the answer loses "Image of"', async () => {
    const { result, requests } = await recorded(() => t.post(ALT, { imageUrl: ownImage }))
    expect(result.status).toBe(200)
    // The fake describes the picture it received: ours, 40×30 and red, re-encoded as JPEG.
    expect(result.body.alt).toMatch(/^A 40 by 30 pixel image\/jpeg picture, mostly #f[0-9a-f]{5}$/)
    expect(requests).toHaveLength(1)
    const sent = imagePartOf(requests[0]?.body)
    expect(sent).toMatch(/^data:image\/jpeg;base64,/)
    expect(JSON.stringify(requests[0]?.body)).not.toContain('/images/')
  })

  test('a ?w= variant address names the same stored picture', async () => {
    const result = await t.post(ALT, { imageUrl: `${ownImage}?w=320` })
    expect(result.status).toBe(200)
    expect(result.body.alt).toContain('40 by 30')
  })

  test('an http(s) picture is fetched here (SSRF-safe) and sent as bytes, shrunk to 1024 px', async () => {
    const url = `${t.fake.origin}/files/generated.png`
    const { result, requests } = await recorded(() => t.post(ALT, { imageUrl: url }))
    expect(result.status).toBe(200)
    expect(result.body.alt).toMatch(/^A 1024 by 1024 pixel image\/jpeg picture/)
    expect(JSON.stringify(requests[0]?.body)).not.toContain(url)
  })

  test.each([
    [{}, 'missing'],
    [{ imageUrl: '' }, 'empty'],
    [{ imageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, 'a data: URL'],
    [{ imageUrl: 'ftp://example.com/a.png' }, 'another scheme'],
    [{ imageUrl: '/images/not-a-hash.png' }, 'a malformed /images/ path'],
    [{ imageUrl: 42 }, 'not text'],
  ] as [unknown, string][])('%j (%s) → 400 naming imageUrl, no provider call', async (body) => {
    const { result, requests } = await recorded(() => t.post(ALT, body))
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ success: false, fields: { imageUrl: INVALID_ALT_IMAGE_URL } })
    expect(requests).toHaveLength(0)
  })

  test('an unknown /images/ hash → 404, no provider call', async () => {
    const { result, requests } = await recorded(() => t.post(ALT, { imageUrl: `/images/${'a'.repeat(64)}.png` }))
    expect(result.status).toBe(404)
    expect(result.body).toEqual({ success: false, error: 'Image not found', fields: {} })
    expect(requests).toHaveLength(0)
  })

  test('an address that is not a picture → 422 saying so', async () => {
    const result = await t.post(ALT, { imageUrl: `${t.fake.origin}/v1/nothing-here` })
    expect(result.status).toBe(422)
    expect(result.body.success).toBe(false)
  })

  test('anonymous → 401, no provider call', async () => {
    const { result, requests } = await recorded(() => t.post(ALT, { imageUrl: ownImage }, null))
    expect(result.status).toBe(401)
    expect(result.body).toEqual({ success: false, error: 'Sign in as an admin to do this.', fields: {} })
    expect(requests).toHaveLength(0)
  })

  test('a provider failure gets the error shape of the other AI calls', async () => {
    t.fake.fail({ kind: 'status', status: 500 }, { kind: 'status', status: 503 })
    const result = await t.post(ALT, { imageUrl: ownImage })
    expect(result.status).toBe(502)
    expect(result.body).toEqual({
      success: false,
      error: 'The AI provider had an internal error (HTTP 503). Please try again.',
      fields: {},
    })
  })

  const notPlain = 'The alt text suggestion failed: the AI did not answer with a plain description. Please try again.'
  test.each([
    ['a JSON object', JSON.stringify({ alt: 'A red square', confidence: 0.9 }), notPlain],
    ['markup', '<p>A <strong>red</strong> square</p>', notPlain],
    [
      'an overlong answer',
      `A red square ${'and more '.repeat(40)}`,
      `The alt text suggestion failed: the AI's description was longer than ${ALT_MAX} characters. Please try again.`,
    ],
  ])(
    '%s is refused with a 502 saying the suggestion failed; the answer is not passed on',
    async (_, content, error) => {
      t.fake.fail({ kind: 'content', content })
      const result = await t.post(ALT, { imageUrl: ownImage })
      expect(result.status).toBe(502)
      expect(result.body).toEqual({ success: false, error, fields: {} })
    },
  )

  test('an empty answer is refused with a 502, not kept as an alt text', async () => {
    t.fake.fail({ kind: 'content', content: '  "Image of "  ' })
    const result = await t.post(ALT, { imageUrl: ownImage })
    expect(result.status).toBe(502)
    expect(result.body.success).toBe(false)
  })
})

describe('a picture host that trickles its bytes', () => {
  let slow: AiTestApp
  let host: ArticleServer
  beforeAll(async () => {
    host = await startArticleServer()
    slow = await createAiTestApp({ studio: { fetch: { allowPrivateHosts: ['127.0.0.1'], timeoutMs: 200 } } })
  })
  afterAll(async () => {
    await host.close()
    await slow.close()
  })

  test("is the caller's 422 saying the picture did not arrive, not a 5xx; nothing reaches the provider", async () => {
    const result = await slow.post(ALT, { imageUrl: `${host.origin}/trickle` })
    expect(result.status).toBe(422)
    expect(result.body).toEqual({
      success: false,
      error: 'The picture did not arrive within 0.2 seconds.',
      fields: {},
    })
    expect(host.hits).toContain('/trickle')
    expect(slow.fake.requests).toHaveLength(0)
  })

  test("a host that refuses the connection is the caller's 422 too", async () => {
    const result = await slow.post(ALT, { imageUrl: 'http://127.0.0.1:9/gone.png' })
    expect(result.status).toBe(422)
    expect(result.body).toMatchObject({ success: false, error: expect.stringContaining('Could not connect') })
  })
})

describe('alt text without AI_API_KEY', () => {
  test('answers 503 with the setup hint and calls nothing', async () => {
    const off = await createAiTestApp({ ai: { apiKey: null } })
    try {
      const result = await off.post(ALT, { imageUrl: ownImage })
      expect(result.status).toBe(503)
      expect(result.body).toEqual({ success: false, error: AI_NOT_CONFIGURED, fields: {} })
      expect(off.fake.requests).toHaveLength(0)
    } finally {
      await off.close()
    }
  })
})
