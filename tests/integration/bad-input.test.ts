import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '#server/app.ts'
import { MiB } from '#server/http/middleware.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

let t: TestApp
let cookie: string
let postId: number
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.adminCookie()
  const res = await t.app.request('/api/blog', json('POST', validPost({ slug: 'fuzz-target' }), cookie))
  postId = ((await res.json()) as any).post.id
})
afterAll(() => t.close())

const contactBody = {
  name: 'Bad Input',
  email: 'bad@example.com',
  message: 'Hello',
}

/** A raw body with a declared Content-Length, as a real client over HTTP/1.1 sends it. */
function raw(method: string, body: string, contentType: string, extra: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: {
      'content-type': contentType,
      'content-length': String(Buffer.byteLength(body)),
      ...extra,
    },
    body,
  }
}

async function expectErrorBody(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  const body = (await res.json()) as any
  expect(body.error).toEqual(expect.any(String))
  expect(body.fields).toEqual(expect.any(Object))
  return body
}

/** Odd input the API survives: it answers below 500, and a refusal carries its sentence. */
async function expectBelow500(res: Response, label: string) {
  expect(res.status, label).toBeLessThan(500)
  if (res.status >= 400) expect(((await res.json()) as any).error, label).toEqual(expect.any(String))
  else await res.body?.cancel()
}

async function contactTotal() {
  const res = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, cookie))
  return ((await res.json()) as any).total as number
}

describe('bodies the API refuses', () => {
  test('malformed JSON answers 400 with error and fields', async () => {
    for (const body of ['{bad', '{"name": "x",}', '[1, 2', 'undefined', "{'a': 1}"]) {
      const res = await t.app.request('/api/contact', json('POST', body))
      expect(res.status).toBe(400)
      await expectErrorBody(res)
    }
  })

  test('a text/plain body on a JSON endpoint answers 415', async () => {
    const res = await t.app.request('/api/contact', raw('POST', JSON.stringify(contactBody), 'text/plain'))
    expect(res.status).toBe(415)
    expect((await expectErrorBody(res)).error).toContain('application/json')
    const form = await t.app.request(
      '/api/admin/login',
      raw('POST', 'username=a&password=b', 'application/x-www-form-urlencoded'),
    )
    expect(form.status).toBe(415)
  })

  test('a JSON body with a charset or a +json type is accepted', async () => {
    const res = await t.app.request(
      '/api/admin/login',
      raw('POST', JSON.stringify({ username: 'nobody', password: 'x' }), 'application/json; charset=utf-8'),
    )
    expect(res.status).toBe(401)
    const vendor = await t.app.request(
      '/api/admin/login',
      raw('POST', JSON.stringify({ username: 'nobody', password: 'x' }), 'application/vnd.api+json'),
    )
    expect(vendor.status).toBe(401)
  })

  test('a body over 1 MiB on the contact endpoint answers 413', async () => {
    const before = await contactTotal()
    const big = JSON.stringify({ ...contactBody, message: 'x'.repeat(MiB) })
    const streamed = await t.app.request('/api/contact', json('POST', big))
    expect(streamed.status).toBe(413)
    await expectErrorBody(streamed)
    const declared = await t.app.request('/api/contact', raw('POST', big, 'application/json'))
    expect(declared.status).toBe(413)
    expect(await contactTotal()).toBe(before)
  })

  test('a body over 1 MiB on publish or login answers 413', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(MiB) })
    expect((await t.app.request(`/api/blog/${postId}/publish`, json('POST', big, cookie))).status).toBe(413)
    expect((await t.app.request('/api/admin/login', json('POST', big))).status).toBe(413)
  })

  test('a 9 MiB upload body answers 413', async () => {
    const body = JSON.stringify({ imageData: 'x'.repeat(9 * MiB), fileName: 'huge.png' })
    const res = await t.app.request('/api/blog/upload-image', json('POST', body, cookie))
    expect(res.status).toBe(413)
    await expectErrorBody(res)
  })

  test('a 5,242,879-byte file (the largest allowed) as a data URL (about 7 MB) passes the body limit and is judged by content', async () => {
    const imageData = `data:image/png;base64,${Buffer.alloc(5_242_879).toString('base64')}`
    expect(imageData.length).toBeGreaterThan(6_900_000)
    const res = await t.app.request(
      '/api/blog/upload-image',
      json('POST', { imageData, fileName: 'zeros.png' }, cookie),
    )
    expect(res.status).not.toBe(413)
    expect(res.status).toBe(400)
    expect((await expectErrorBody(res)).error).toContain('Only image files are allowed')
  })

  test('post bodies may reach 16 MiB: 10 MiB of content is stored, over 16 MiB answers 413', async () => {
    const content = `# Long\n\n${'word '.repeat((10 * MiB) / 5)}`
    const ok = await t.app.request('/api/blog', json('POST', validPost({ slug: 'very-long-post', content }), cookie))
    expect(ok.status).toBe(201)

    const tooBig = JSON.stringify(validPost({ slug: 'too-long-post', content: 'x'.repeat(16 * MiB) }))
    const res = await t.app.request('/api/blog', json('POST', tooBig, cookie))
    expect(res.status).toBe(413)
    await expectErrorBody(res)
    const put = await t.app.request(`/api/blog/${postId}`, json('PUT', tooBig, cookie))
    expect(put.status).toBe(413)
    expect((await t.app.request('/api/blog/too-long-post', json('GET', undefined, cookie))).status).toBe(404)
  })
})

describe('routing and cross-site writes', () => {
  test('an unknown /api path answers 404 JSON with error and fields', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/admin/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/contact'],
    ] as const) {
      const res = await t.app.request(path, json(method))
      expect(res.status).toBe(404)
      expect(await expectErrorBody(res)).toMatchObject({ fields: {} })
    }
  })

  test('a write with a foreign Origin answers 403 and changes nothing', async () => {
    const before = await contactTotal()
    const res = await t.app.request(
      '/api/contact',
      json('POST', contactBody, undefined, { origin: 'https://evil.example' }),
    )
    expect(res.status).toBe(403)
    await expectErrorBody(res)
    const withCookie = await t.app.request(
      `/api/blog/${postId}`,
      json('DELETE', undefined, cookie, { origin: 'https://evil.example' }),
    )
    expect(withCookie.status).toBe(403)
    expect((await t.app.request(`/api/blog/id/${postId}`)).status).toBe(200)
    expect(await contactTotal()).toBe(before)
  })

  test('Origin "null", an unparsable Origin and Sec-Fetch-Site: cross-site answer 403', async () => {
    const refused: Record<string, string>[] = [
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of refused) {
      const res = await t.app.request('/api/admin/logout', json('POST', undefined, undefined, headers))
      expect(res.status).toBe(403)
    }
  })

  test('a same-origin write, and a write without Origin (curl), pass', async () => {
    const same = await t.app.request(
      '/api/admin/logout',
      json('POST', undefined, undefined, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }),
    )
    expect(same.status).toBe(200)
    const curl = await t.app.request('/api/admin/logout', json('POST'))
    expect(curl.status).toBe(200)
  })

  test('the Origin must match scheme, host and port: https:// or another port on an http:// site is refused', async () => {
    for (const origin of [
      'https://localhost',
      'http://localhost:8080',
      'https://localhost:80',
      'http://evil.localhost',
    ]) {
      const res = await t.app.request(
        '/api/admin/logout',
        json('POST', undefined, undefined, { origin, host: 'localhost' }),
      )
      expect([origin, res.status]).toEqual([origin, 403])
    }
    const same = await t.app.request(
      '/api/admin/logout',
      json('POST', undefined, undefined, { origin: 'http://localhost:80', host: 'localhost' }),
    )
    expect(same.status).toBe(200)
  })

  test('behind a trusted proxy the scheme and host come from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const proxied = await createTestApp({ trustProxy: true, publicUrl: 'https://www.vidquest.example' })
    try {
      const send = (origin: string, headers: Record<string, string>) =>
        proxied.app.request('/api/admin/logout', json('POST', undefined, undefined, { origin, ...headers }))
      const viaProxy = {
        host: '127.0.0.1:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'blog.vidquest.example',
      }
      expect((await send('https://blog.vidquest.example', viaProxy)).status).toBe(200)
      expect((await send('https://www.vidquest.example', viaProxy)).status).toBe(200)
      expect((await send('http://blog.vidquest.example', viaProxy)).status).toBe(403)
      expect((await send('http://www.vidquest.example', viaProxy)).status).toBe(403)
    } finally {
      await proxied.close()
    }
  })

  test('a cross-site GET is not refused (reads are safe)', async () => {
    const res = await t.app.request('/api/blog', { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(200)
  })
})

describe('no input gives a 500', () => {
  const oddBodies = [
    '[]',
    'null',
    '0',
    '-1',
    '1e400',
    '"a string"',
    'true',
    '{}',
    `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`,
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}',
    '{"title":["x"],"slug":{},"content":1,"tags":"a,b","images":"x","isPublished":"yes"}',
    '{"title":"t","slug":"s","content":"c","tags":[1,null,{}],"images":[1]}',
    '{"title":99999999999999999999999,"slug":-1,"content":1e308}',
    '{"name":null,"email":[],"company":{},"message":12}',
    '{"username":["a"],"password":{"$gt":""}}',
    '{"username":"\\u0000","password":"\\u0000"}',
    '{"name":"\\u0000","email":"a@b.co","message":"\\u0000"}',
    '{"title":"\\u0000","slug":"nul-title","content":"\\u0000","author":"\\u0000","tags":["\\u0000"]}',
    '{"imageData":"data:image/png;base64,\\u0000","fileName":"\\u0000"}',
    '{"imageData":"data:image/png;base64,!!!!","fileName":"x.png"}',
    '{"imageData":"data:;base64,iVBORw0KGgo=","fileName":"x.png"}',
    '{"imageData":"javascript:alert(1)","fileName":"x.png"}',
    '{"imageData":1,"fileName":2}',
    '{"featuredImage":"javascript:alert(1)","images":["data:text/html,x"]}',
    '{"isPublished":null,"aiGenerated":"true"}',
  ]
  const bodyEndpoints = [
    ['POST', '/api/admin/login'],
    ['POST', '/api/contact'],
    ['POST', '/api/blog'],
    ['POST', '/api/blog/upload-image'],
    ['PUT', '/api/blog/{id}'],
  ] as const

  test('odd JSON bodies on every body-taking endpoint answer below 500 with an error body', async () => {
    for (const [method, template] of bodyEndpoints) {
      const path = template.replace('{id}', String(postId))
      for (const body of oddBodies) {
        const res = await t.app.request(path, json(method, body, cookie, { 'x-request-id': 'fuzz' }))
        const label = `${method} ${path} ${body.slice(0, 60)}`
        await expectBelow500(res, label)
      }
    }
  })

  const oddIds = ['0', '-1', '99999999999', '2147483648', '1e3', '%00', '1.5', 'abc', '%', '%E0%A4%A', 'x'.repeat(3000)]
  const idEndpoints = [
    ['GET', '/api/blog/id/{id}'],
    ['GET', '/api/blog/{id}'],
    ['POST', '/api/blog/{id}/view'],
    ['PUT', '/api/blog/{id}'],
    ['DELETE', '/api/blog/{id}'],
    ['POST', '/api/blog/{id}/publish'],
    ['POST', '/api/blog/{id}/unpublish'],
  ] as const

  test('odd ids and slugs in paths answer below 500 with an error body', async () => {
    for (const [method, template] of idEndpoints) {
      for (const id of oddIds) {
        const path = template.replace('{id}', id)
        const body = method === 'PUT' ? { title: 'Changed by fuzz' } : undefined
        const res = await t.app.request(path, json(method, body, cookie))
        const label = `${method} ${path.slice(0, 80)}`
        expect(res.status, label).toBeGreaterThanOrEqual(400)
        await expectBelow500(res, label)
      }
    }
  })

  test('odd query strings answer below 500 with an error body when refused', async () => {
    const paths = [
      '/api/blog?published=',
      '/api/blog?published=1',
      '/api/blog?published=true&published=false',
      '/api/blog?published=%00',
      '/api/admin/contact-submissions?page=1e3',
      '/api/admin/contact-submissions?page=99999999999999999999',
      '/api/admin/contact-submissions?page=9007199254740991',
      '/api/admin/contact-submissions?pageSize=%00',
      '/api/admin/contact-submissions?page=&pageSize=',
      '/api/admin/contact-submissions?page[]=1',
      '/api/admin/subscribers?q=%00',
      '/api/admin/subscribers?source=%00',
      '/api/admin/subscribers?q=%ff',
      '/api/admin/subscribers?state[]=pending',
      '/api/admin/subscribers.csv?q=a%00b',
    ]
    for (const path of paths) {
      const res = await t.app.request(path, json('GET', undefined, cookie))
      await expectBelow500(res, path)
    }
  })

  test('odd image paths answer below 500', async () => {
    for (const path of [
      '/images/%00',
      '/images/x.png',
      `/images/${'a'.repeat(64)}.png?w=abc`,
      '/images/..%2f..%2fetc',
    ]) {
      const res = await t.app.request(path)
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
    }
  })

  test('a NUL character in text answers 400 naming the problem', async () => {
    const res = await t.app.request('/api/contact', json('POST', { ...contactBody, name: 'a\u0000b' }))
    expect(res.status).toBe(400)
    expect((await expectErrorBody(res)).error).toMatch(/NUL/)
  })
})

describe('a refused request changes nothing', () => {
  test('invalid, unauthenticated, cross-site and oversized PUTs leave the post as it was', async () => {
    const created = await t.app.request(
      '/api/blog',
      json('POST', validPost({ slug: 'stays-put', isPublished: false }), cookie),
    )
    const { post } = (await created.json()) as any
    const before = await (await t.app.request(`/api/blog/id/${post.id}`, json('GET', undefined, cookie))).json()
    const path = `/api/blog/${post.id}`
    const attempts: [RequestInit, number][] = [
      [json('PUT', { title: '' }, cookie), 400],
      [json('PUT', { title: 'Changed', tags: 'not-a-list' }, cookie), 400],
      [json('PUT', { title: 'Changed', slug: 'Not A Slug' }, cookie), 400],
      [json('PUT', { title: 'Changed', images: ['1', '2', '3', '4', '5', '6'] }, cookie), 400],
      [json('PUT', {}, cookie), 400],
      [json('PUT', '{"title": "Changed"', cookie), 400],
      [raw('PUT', '{"title":"Changed"}', 'text/plain', { cookie }), 415],
      [json('PUT', { title: 'Changed' }), 401],
      [json('PUT', { title: 'Changed' }, cookie, { origin: 'https://evil.example' }), 403],
      [json('PUT', JSON.stringify({ title: 'Changed', content: 'x'.repeat(16 * MiB) }), cookie), 413],
      [json('PUT', { title: 'Changed', content: '\u0000' }, cookie), 400],
    ]
    for (const [init, status] of attempts) {
      const res = await t.app.request(path, init)
      expect(res.status, String(init.body).slice(0, 80)).toBe(status)
      await res.body?.cancel()
    }
    const after = (await (await t.app.request(`/api/blog/id/${post.id}`, json('GET', undefined, cookie))).json()) as any
    expect(after).toEqual(before)
  })

  test('a refused publish and delete leave the post as it was', async () => {
    const created = await t.app.request(
      '/api/blog',
      json('POST', validPost({ slug: 'not-published', isPublished: false }), cookie),
    )
    const { post } = (await created.json()) as any
    const before = await (await t.app.request(`/api/blog/id/${post.id}`, json('GET', undefined, cookie))).json()
    expect((await t.app.request(`/api/blog/${post.id}/publish`, json('POST'))).status).toBe(401)
    expect((await t.app.request(`/api/blog/${post.id}`, json('DELETE'))).status).toBe(401)
    const after = (await (await t.app.request(`/api/blog/id/${post.id}`, json('GET', undefined, cookie))).json()) as any
    expect(after).toEqual(before)
  })
})

describe('partial updates', () => {
  test('an empty PUT body answers 400, and a PUT of one field leaves every other field as it was', async () => {
    const created = await t.app.request(
      '/api/blog',
      json(
        'POST',
        validPost({ slug: 'keeps-fields', isPublished: true, aiGenerated: true, images: ['/a.png'] }),
        cookie,
      ),
    )
    const { post } = (await created.json()) as any
    const empty = await t.app.request(`/api/blog/${post.id}`, json('PUT', {}, cookie))
    expect(empty.status).toBe(400)
    expect((await empty.json()) as any).toMatchObject({ fields: { _: 'Send at least one field to change' } })

    const res = await t.app.request(`/api/blog/${post.id}`, json('PUT', { title: 'Only the title' }, cookie))
    expect(res.status).toBe(200)
    const { updatedAt: _before, ...rest } = post
    const { updatedAt: _after, ...updated } = ((await res.json()) as any).post
    expect(updated).toEqual({ ...rest, title: 'Only the title', version: post.version + 1 })
  })
})

describe('headers on every response', () => {
  function expectSecurityHeaders(res: Response) {
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const framing = res.headers.get('x-frame-options') ?? ''
    expect(framing.match(/^(DENY|SAMEORIGIN)$/i) !== null || csp.includes('frame-ancestors')).toBe(true)
    // Never a full URL to other sites; and not no-referrer, which makes form posts 'Origin: null'.
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  }

  test('an API response carries the security headers and is not cached', async () => {
    const res = await t.app.request('/api/blog')
    expect(res.status).toBe(200)
    expectSecurityHeaders(res)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('an API error response carries the security headers', async () => {
    const res = await t.app.request('/api/nope')
    expect(res.status).toBe(404)
    expectSecurityHeaders(res)
  })

  test('a page response carries the security headers', async () => {
    const app = createApp({
      services: t.services,
      pages: async () =>
        new Response('<!doctype html><title>Page</title>', { headers: { 'content-type': 'text/html' } }),
    })
    const res = await app.request('/blog')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>Page</title>')
    expectSecurityHeaders(res)
  })

  test('the admin redirect for a visitor without a session carries the security headers', async () => {
    const res = await t.app.request('/admin/blog')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fblog')
    expectSecurityHeaders(res)
  })

  test('X-Request-Id is returned, kept when a sane one is sent and replaced when not', async () => {
    const fresh = await t.app.request('/api/blog')
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const other = await t.app.request('/api/blog')
    expect(other.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'))

    const kept = await t.app.request('/api/blog', { headers: { 'x-request-id': 'lb-7f3a.2:abc_9' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2:abc_9')

    for (const bad of ['has spaces in it', '<script>', 'x'.repeat(101)]) {
      const res = await t.app.request('/api/blog', { headers: { 'x-request-id': bad } })
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})

describe('dates the API refuses', () => {
  async function expectDateRefused(res: Response, field: string) {
    expect(res.status).toBe(400)
    const body = await expectErrorBody(res)
    expect(body.success).toBe(false)
    expect(body.fields[field]).toEqual(expect.any(String))
  }

  test('an analytics overview outside 2000–2099 answers 400, not a database error', async () => {
    for (const query of ['to=9999-12-31', 'from=9999-12-01&to=9999-12-31', 'from=0000-01-01&to=0000-01-31']) {
      const res = await t.app.request(`/api/analytics/overview?${query}`, json('GET', undefined, cookie))
      await expectDateRefused(res, query.startsWith('from=0') ? 'from' : 'to')
    }
    const ok = await t.app.request(
      '/api/analytics/overview?from=2099-12-01&to=2099-12-31',
      json('GET', undefined, cookie),
    )
    expect(ok.status).toBe(200)
  })

  test('a calendar range outside 2000–2099 answers 400, not a database error', async () => {
    for (const [from, to, field] of [
      ['9999-12-01', '9999-12-31T23:00:00-05:00', 'to'],
      ['0000-01-01', '0000-02-01', 'from'],
      ['2000-01-01T00:00:00+01:00', '2000-01-31', 'from'],
    ] as const) {
      const query = new URLSearchParams({ from, to })
      const res = await t.app.request(`/api/calendar?${query}`, json('GET', undefined, cookie))
      await expectDateRefused(res, field)
    }
    const ok = await t.app.request(
      '/api/calendar?from=2099-12-01&to=2099-12-31T23:59:59Z',
      json('GET', undefined, cookie),
    )
    expect(ok.status).toBe(200)
  })

  test('a schedule far in the future or in year 0 answers 400 with the field', async () => {
    for (const publishAt of ['9999-12-31T23:00:00-05:00', '0000-01-01T00:00:00Z']) {
      const res = await t.app.request(`/api/blog/${postId}/schedule`, json('POST', { publishAt }, cookie))
      await expectDateRefused(res, 'publishAt')
    }
    const unpublishAt = '9999-12-31T23:00:00-05:00'
    const publishAt = new Date(Date.now() + 86_400_000).toISOString()
    const res = await t.app.request(`/api/blog/${postId}/schedule`, json('POST', { publishAt, unpublishAt }, cookie))
    await expectDateRefused(res, 'unpublishAt')
  })
})

describe('GET /healthz', () => {
  test('answers 200 with status ok while the database answers', async () => {
    const res = await t.app.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('answers 503 once the database is gone', async () => {
    const down = await createTestApp()
    await down.database.close()
    const res = await down.app.request('/healthz')
    expect(res.status).toBe(503)
    expect(((await res.json()) as any).status).not.toBe('ok')
  })
})
