import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  FETCH_MAX_BYTES,
  type Resolver,
  type SafeFetchError,
  type SafeFetchOptions,
  safeFetchHtml,
} from '#server/services/ai/safe-fetch.ts'
import {
  ARTICLE_SENTENCE,
  type ArticleServer,
  PRIVATE_URLS,
  startArticleServer,
} from '#tests/fixtures/article-server.ts'

let fixture: ArticleServer
beforeAll(async () => {
  fixture = await startArticleServer()
})
afterAll(() => fixture.close())

/** Only the fixture's own address is let through, and only where a test says so. */
const allowFixture: SafeFetchOptions = { allowPrivateHosts: ['127.0.0.1'] }

async function refusal(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchError> {
  try {
    await safeFetchHtml(url, options)
  } catch (error) {
    return error as SafeFetchError
  }
  throw new Error(`${url} was fetched`)
}

describe('addresses that are refused before any connection', () => {
  test.each([
    ...PRIVATE_URLS,
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://0.0.0.0/', 'this network'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[fd00::1]/', 'IPv6 private'],
    ['http://[fe80::1]/', 'IPv6 private, link-local'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
  ])('%s is refused (%s)', async (url, why) => {
    const error = await refusal(url)
    expect(error.code).toBe('private-address')
    expect(error.message).toContain(why)
    expect(error.message).toContain('Only public web pages can be fetched.')
  })

  test('a host name that resolves to loopback (localhost) is refused', async () => {
    const error = await refusal('http://localhost/')
    expect(error.code).toBe('private-address')
    expect(error.message).toMatch(/^That address is not allowed: localhost is not a public address/)
  })

  test('a name is refused when any one of its addresses is private', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]
    const error = await refusal('https://mixed.example.test/article', { resolve })
    expect(error.code).toBe('private-address')
    expect(error.message).toContain('mixed.example.test')
  })

  test.each([
    ['ftp://example.com/file', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://user:secret@example.com/', 'credentials'],
    ['not a url', 'invalid-url'],
  ])('%s is refused (%s)', async (url, code) => {
    expect((await refusal(url)).code).toBe(code)
  })

  test('a name that does not resolve gets a dns error', async () => {
    const resolve: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
    }
    const error = await refusal('https://nowhere.example.test/', { resolve })
    expect([error.code, error.message]).toEqual([
      'dns',
      'The site nowhere.example.test could not be found. Please check the URL.',
    ])
  })

  test('the fixture server itself is refused without the test-only allowance', async () => {
    const before = fixture.hits.length
    const error = await refusal(fixture.url)
    expect(error.code).toBe('private-address')
    expect(fixture.hits.length).toBe(before)
  })
})

describe('what is fetched from an allowed address', () => {
  test('an HTML article is fetched and decoded', async () => {
    const page = await safeFetchHtml(fixture.url, allowFixture)
    expect(page.url).toBe(fixture.url)
    expect(page.contentType).toBe('text/html; charset=utf-8')
    expect(page.html).toContain(ARTICLE_SENTENCE)
  })

  test('a gzip-encoded page is decompressed', async () => {
    const page = await safeFetchHtml(`${fixture.origin}/article.gz`, allowFixture)
    expect(page.html).toContain(ARTICLE_SENTENCE)
  })

  test('the connection goes to the address vetted once per hop, not to a second DNS answer', async () => {
    const calls: string[] = []
    // A rebinding resolver: the first answer is the allowed fixture, any later one a private host.
    const resolve: Resolver = async (host) => {
      calls.push(host)
      return [{ address: calls.length === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }]
    }
    const port = new URL(fixture.origin).port
    const page = await safeFetchHtml(`http://rebind.example.test:${port}/article`, { ...allowFixture, resolve })
    expect(page.html).toContain(ARTICLE_SENTENCE)
    expect(calls).toEqual(['rebind.example.test'])
  })

  test('up to 5 redirects are followed, each one checked', async () => {
    const page = await safeFetchHtml(`${fixture.origin}/hops/5`, allowFixture)
    expect(page.chain).toHaveLength(6)
    expect(page.url).toBe(fixture.url)
  })

  test('a 6th redirect is refused', async () => {
    const error = await refusal(`${fixture.origin}/hops/6`, allowFixture)
    expect([error.code, error.message]).toEqual(['too-many-redirects', 'The page redirected more than 5 times.'])
  })

  test.each([
    'http://10.0.0.1/admin',
    'http://169.254.169.254/latest/meta-data/iam',
    'http://192.168.1.1/',
    'http://[::1]:8080/',
  ])('a redirect to the private address %s is refused', async (target) => {
    const error = await refusal(`${fixture.origin}/redirect?to=${encodeURIComponent(target)}`, allowFixture)
    expect(error.code).toBe('private-address')
    expect(error.url).toBe(new URL(target).href)
  })

  test('a redirect to a non-http scheme is refused', async () => {
    const error = await refusal(
      `${fixture.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`,
      allowFixture,
    )
    expect(error.code).toBe('scheme')
  })

  test.each([
    ['/pdf', 'application/pdf'],
    ['/json', 'application/json'],
  ])('a non-HTML answer (%s) is refused', async (path, type) => {
    const error = await refusal(`${fixture.origin}${path}`, allowFixture)
    expect(error.code).toBe('not-html')
    expect(error.message).toBe(`That address is not a web page (${type}); only HTML articles can be rewritten.`)
  })

  test.each([
    ['/huge', 'declared by Content-Length'],
    ['/huge-chunked', 'streamed without a length'],
    ['/gzip-bomb', 'a small gzip body inflating to 8 MB'],
  ])('an oversized answer (%s, %s) is refused at 2 MB', async (path) => {
    const error = await refusal(`${fixture.origin}${path}`, allowFixture)
    expect([error.code, error.message]).toEqual(['too-large', 'The page is larger than 2 MB.'])
    expect(FETCH_MAX_BYTES).toBe(2 * 1024 * 1024)
  })

  test('a page that does not answer in time is abandoned', async () => {
    const error = await refusal(`${fixture.origin}/hang`, { ...allowFixture, timeoutMs: 200 })
    expect([error.code, error.message]).toEqual(['timeout', 'The page did not answer within 0.2 seconds.'])
  })

  test('an error status is reported', async () => {
    const error = await refusal(`${fixture.origin}/not-found`, allowFixture)
    expect([error.code, error.message]).toEqual(['http-status', 'The page answered with HTTP 404.'])
  })

  test('the caller can cancel a fetch', async () => {
    const controller = new AbortController()
    const pending = refusal(`${fixture.origin}/hang`, { ...allowFixture, signal: controller.signal })
    controller.abort()
    expect((await pending).code).toBe('aborted')
  })
})
