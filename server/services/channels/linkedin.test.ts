import { describe, expect, test } from 'vitest'
import { escapeLittleText, LINKEDIN_VERSION, linkedinAdapter } from '#server/services/channels/linkedin.ts'
import { failure, part, serveFake } from '#tests/fixtures/channel-test.ts'
import { FAKE_LINKEDIN, startFakeLinkedIn } from '#tests/fixtures/fake-linkedin.ts'

const fake = serveFake(startFakeLinkedIn)

const adapter = (overrides: { accessToken?: string; baseUrl?: string } = {}) =>
  linkedinAdapter({
    baseUrl: fake().url,
    accessToken: FAKE_LINKEDIN.accessToken,
    organizationId: FAKE_LINKEDIN.organizationId,
    ...overrides,
  })

describe('escapeLittleText', () => {
  test("a #Hashtag becomes LinkedIn's hashtag template, so it links as one typed there does", () => {
    expect(escapeLittleText('#Video first, then #MarketTrends2026 and C# (not a tag)')).toBe(
      '{hashtag|\\#|Video} first, then {hashtag|\\#|MarketTrends2026} and C\\# \\(not a tag\\)',
    )
  })

  test('puts a backslash before each reserved character of the little format, and nothing else', () => {
    expect(escapeLittleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p')).toBe(
      'a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p',
    )
    expect(escapeLittleText('Plain text, with: punctuation! 100% "quotes" & émoji 🎉')).toBe(
      'Plain text, with: punctuation! 100% "quotes" & émoji 🎉',
    )
  })
})

describe('linkedinAdapter', () => {
  test('posts as the organization and answers the URN from x-restli-id with its feed address', async () => {
    const posted = await adapter().postPart(part('Our new article is out. https://blog.test/s/abc'))
    expect(fake().received).toHaveLength(1)
    const [sent] = fake().received
    expect(sent).toMatchObject({
      author: `urn:li:organization:${FAKE_LINKEDIN.organizationId}`,
      text: 'Our new article is out. https://blog.test/s/abc',
    })
    expect(sent?.article).toBeUndefined()
    expect(posted).toEqual({ id: sent?.id, url: `https://www.linkedin.com/feed/update/${sent?.id}` })
    expect(posted.id).toMatch(/^urn:li:share:\d+$/)
  })

  test('a card becomes an article whose thumbnail is the image uploaded first', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    await adapter().postPart(
      part('Read it', {
        card: {
          url: 'https://blog.test/s/abc',
          title: 'A title (with brackets)',
          description: 'What it says',
          image: { bytes, mimeType: 'image/png' },
        },
      }),
    )
    const article = fake().received[0]?.article
    expect(article).toMatchObject({
      source: 'https://blog.test/s/abc',
      title: 'A title (with brackets)',
      description: 'What it says',
    })
    expect(article?.thumbnail).toMatch(/^urn:li:image:/)
    const uploaded = fake().images.get(article?.thumbnail as string)
    expect(uploaded?.contentType).toBe('image/png')
    expect(new Uint8Array(uploaded?.bytes ?? [])).toEqual(bytes)
  })

  test('a card without image or description is an article with neither', async () => {
    await adapter().postPart(
      part('Read it', { card: { url: 'https://blog.test/s/x', title: 'T', description: null, image: null } }),
    )
    expect(fake().received[0]?.article).toEqual({ source: 'https://blog.test/s/x', title: 'T' })
  })

  test('reserved characters reach LinkedIn escaped, so the reader sees the writer’s text', async () => {
    const text = 'C# & F# (2026) <3 — mail me @home, *not* ~maybe~ [soon] {x|y} a_b \\o/'
    await adapter().postPart(part(text))
    expect(fake().received[0]?.text).toBe(text)
  })

  test('the fake refuses an unescaped reserved character (what LinkedIn cuts or refuses)', async () => {
    const res = await fetch(`${fake().url}/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${FAKE_LINKEDIN.accessToken}`,
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ author: `urn:li:organization:${FAKE_LINKEDIN.organizationId}`, commentary: 'a (b)' }),
    })
    expect(res.status).toBe(422)
    expect(fake().received).toHaveLength(0)
  })

  test('the fake refuses a call without LinkedIn-Version (426) or the REST.li protocol header (400)', async () => {
    const url = `${fake().url}/organizations/${FAKE_LINKEDIN.organizationId}`
    const bearer = { authorization: `Bearer ${FAKE_LINKEDIN.accessToken}` }
    expect((await fetch(url, { headers: { ...bearer, 'x-restli-protocol-version': '2.0.0' } })).status).toBe(426)
    expect((await fetch(url, { headers: { ...bearer, 'linkedin-version': LINKEDIN_VERSION } })).status).toBe(400)
  })

  test('mayExist answers the post an earlier try made, and does not post again', async () => {
    const text = 'Posted once (really) #1'
    const first = await adapter().postPart(part(text))
    await adapter().postPart(part('Something else'))
    const again = await adapter().postPart(part(text, { mayExist: true }))
    expect(again).toEqual(first)
    expect(fake().received).toHaveLength(2)
  })

  test('mayExist posts when no earlier try reached LinkedIn', async () => {
    const posted = await adapter().postPart(part('Never posted before', { mayExist: true }))
    expect(fake().received.map((p) => p.id)).toEqual([posted.id])
  })

  test('a wrong token is refused for good, with LinkedIn’s message and without the token', async () => {
    const error = await failure(adapter({ accessToken: 'AQsecret-wrong-token' }).postPart(part('Hello')))
    expect(error).toMatchObject({ status: 401, retry: false, message: 'LinkedIn answered 401: Invalid access token' })
    expect(error.message).not.toContain('AQsecret')
  })

  test('a commentary over 3,000 characters is refused for good with LinkedIn’s message', async () => {
    const error = await failure(adapter().postPart(part('x'.repeat(3_001))))
    expect(error.status).toBe(422)
    expect(error.retry).toBe(false)
    expect(error.message).toMatch(/^LinkedIn answered 422: .*length exceeds 3000/)
  })

  test('a page the token may not post for is refused for good (403)', async () => {
    const other = linkedinAdapter({ baseUrl: fake().url, accessToken: FAKE_LINKEDIN.accessToken, organizationId: '1' })
    const error = await failure(other.postPart(part('Hello')))
    expect(error).toMatchObject({ status: 403, retry: false })
  })

  test('429 and 503 may pass later', async () => {
    fake().setMode('rate-limited')
    expect(await failure(adapter().postPart(part('Hello')))).toMatchObject({ status: 429, retry: true })
    fake().setMode('down')
    expect(await failure(adapter().verify())).toMatchObject({
      status: 503,
      retry: true,
      message: 'LinkedIn answered 503: Service Unavailable',
    })
  })

  test('a closed port is unreachable and may pass later', async () => {
    const gone = await startFakeLinkedIn()
    await gone.close()
    const error = await failure(adapter({ baseUrl: gone.url }).postPart(part('Hello')))
    expect(error).toMatchObject({ status: null, retry: true, message: 'Could not reach LinkedIn (connection failed).' })
  })

  test('verify answers the page’s name', async () => {
    expect(await adapter().verify()).toEqual({ account: FAKE_LINKEDIN.name })
    expect(fake().received).toHaveLength(0)
  })
})
