import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { pageContext } from '#app/lib/context.ts'
import { action as landingAction } from '#app/routes/home.server.ts'
import { rateLimits } from '#server/db/schema.ts'
import { SqlThrottle } from '#server/services/throttle.ts'
import { json, signedInTestApp } from '#tests/helpers/app.ts'

const t = signedInTestApp({ trustProxy: true })

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Quest',
  email: 'ada@example.com',
  company: 'Quest Ltd',
  message: 'We would like a rewarded video campaign.',
  ...overrides,
})

/** Each test sends from its own address, so the per-address limit of one test never hits another. */
async function send(body: unknown, ip: string) {
  const res = await t.app.request('/api/contact', json('POST', body, undefined, { 'x-forwarded-for': ip }))
  return { res, body: (await res.json()) as any }
}

async function list(query = '') {
  const res = await t.app.request(`/api/admin/contact-submissions${query}`, json('GET', undefined, t.cookie))
  return { res, body: (await res.json()) as any }
}

const total = async () => (await list()).body.total as number

/** Runs `act` and expects the inbox to hold as many messages after it as before: nothing was stored. */
async function storesNothing(act: () => Promise<void>) {
  const before = await total()
  await act()
  expect(await total()).toBe(before)
}

describe('POST /api/contact', () => {
  test('a valid message answers 201 and is listed for the admin with its fields', async () => {
    const before = await total()
    const { res, body } = await send(message({ name: 'Listed Person', message: 'Please call me.' }), '192.0.2.1')
    expect(res.status).toBe(201)
    expect(body).toEqual({ success: true })

    const { res: listed, body: page } = await list()
    expect(listed.status).toBe(200)
    expect(page.total).toBe(before + 1)
    expect(page.submissions[0]).toMatchObject({
      id: expect.any(Number),
      name: 'Listed Person',
      email: 'ada@example.com',
      company: 'Quest Ltd',
      message: 'Please call me.',
    })
    expect(Number.isNaN(Date.parse(page.submissions[0].createdAt))).toBe(false)
  })

  test('company is optional and stored as null when absent or blank', async () => {
    expect((await send(message({ company: undefined, name: 'No Company' }), '192.0.2.2')).res.status).toBe(201)
    expect((await send(message({ company: '  ', name: 'Blank Company' }), '192.0.2.2')).res.status).toBe(201)
    const { body } = await list('?pageSize=2')
    expect(body.submissions.map((s: any) => [s.name, s.company])).toEqual([
      ['Blank Company', null],
      ['No Company', null],
    ])
  })

  test('missing name, email and message answer 400 naming each field, and nothing is stored', () =>
    storesNothing(async () => {
      const { res, body } = await send({}, '192.0.2.3')
      expect(res.status).toBe(400)
      expect(body).toMatchObject({
        success: false,
        fields: { name: 'Name is required', email: 'Email is required', message: 'Message is required' },
      })
      expect(body.error).toEqual(expect.any(String))

      const blanks = await send(message({ name: ' ', email: '', message: '\n' }), '192.0.2.3')
      expect(blanks.res.status).toBe(400)
      expect(blanks.body.fields).toMatchObject({
        name: 'Name is required',
        email: 'Email is required',
        message: 'Message is required',
      })
    }))

  test('a malformed email answers 400 naming the email field', () =>
    storesNothing(async () => {
      for (const email of ['not-an-email', 'a@', '@b.co', 'a b@c.co']) {
        const { res, body } = await send(message({ email }), '192.0.2.4')
        expect(res.status).toBe(400)
        expect(Object.keys(body.fields)).toEqual(['email'])
      }
    }))

  test.each([
    ['name', 101],
    ['email', 255],
    ['company', 101],
    ['message', 5001],
  ])('a %s of %i characters answers 400 naming the field, and nothing is stored', (field, length) =>
    storesNothing(async () => {
      const value = field === 'email' ? `${'a'.repeat(length - '@example.com'.length)}@example.com` : 'x'.repeat(length)
      expect(value).toHaveLength(length)
      const { res, body } = await send(message({ [field]: value }), '192.0.2.10')
      expect(res.status).toBe(400)
      expect(Object.keys(body.fields)).toEqual([field])
      expect(body.fields[field]).toMatch(/at most \d+ characters/)
      expect(body.error).toContain(field)
    }),
  )

  test('values at the limits are accepted', async () => {
    const { res } = await send(
      message({
        name: 'n'.repeat(100),
        email: `${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.com`,
        company: 'c'.repeat(100),
        message: 'm'.repeat(5000),
      }),
      '192.0.2.20',
    )
    expect(res.status).toBe(201)
  })

  test('a filled honeypot answers 201 like a success but stores nothing', () =>
    storesNothing(async () => {
      const { res, body } = await send(message({ website: 'http://spam.example' }), '192.0.2.30')
      expect(res.status).toBe(201)
      expect(body).toEqual({ success: true })
    }))

  test('the 6th message within 15 minutes from one address answers 429 with Retry-After; another address is fine', async () => {
    const ip = '192.0.2.40'
    for (let i = 1; i <= 5; i++) {
      expect((await send(message({ name: `Sender ${i}` }), ip)).res.status).toBe(201)
    }
    const before = await total()
    const { res, body } = await send(message({ name: 'Sender 6' }), ip)
    expect(res.status).toBe(429)
    expect(body.success).toBe(false)
    expect(body.error).toMatch(/try again in 15 minutes/i)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect(await total()).toBe(before)

    expect((await send(message({ name: 'Neighbour' }), '192.0.2.41')).res.status).toBe(201)
  })

  test('the per-address counter in rate_limits is keyed by a hash: no row holds the IP, and it still counts', async () => {
    // The shared counters of a PostgreSQL deployment, on either test database.
    const memory = t.services.throttle
    t.services.throttle = new SqlThrottle(t.database.db)
    try {
      const ip = '198.51.100.77'
      const earlier = new Set((await t.database.db.select().from(rateLimits)).map((r) => r.key))
      for (let i = 1; i <= 5; i++) expect((await send(message({ name: `Hashed ${i}` }), ip)).res.status).toBe(201)
      expect((await send(message({ name: 'Hashed 6' }), ip)).res.status).toBe(429)
      const rows = await t.database.db.select().from(rateLimits)
      const added = rows.filter((r) => !earlier.has(r.key))
      expect(added).toEqual([
        expect.objectContaining({ key: expect.stringMatching(/^contact:[0-9a-f]{16}$/), hits: 6 }),
      ])
      expect(JSON.stringify(rows)).not.toContain(ip)
    } finally {
      t.services.throttle = memory
    }
  })
})

describe('GET /api/admin/contact-submissions', () => {
  test('lists newest first, pages with page and pageSize, and reports the total', async () => {
    const ip = '192.0.2.50'
    for (const name of ['First', 'Second', 'Third']) {
      expect((await send(message({ name }), ip)).res.status).toBe(201)
    }
    const first = await list('?pageSize=3')
    expect(first.body).toMatchObject({ page: 1, pageSize: 3 })
    expect(first.body.submissions.map((s: any) => s.name)).toEqual(['Third', 'Second', 'First'])

    const second = await list('?page=2&pageSize=1')
    expect(second.res.status).toBe(200)
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total: first.body.total })
    expect(second.body.submissions.map((s: any) => s.name)).toEqual(['Second'])

    const beyond = await list(`?page=${first.body.total + 1}&pageSize=1`)
    expect(beyond.body.submissions).toEqual([])
    expect(beyond.body.total).toBe(first.body.total)
  })

  test('defaults to page 1 of 25', async () => {
    const { res, body } = await list()
    expect(res.status).toBe(200)
    expect(body).toMatchObject({ page: 1, pageSize: 25 })
  })

  test.each(['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?pageSize=0', '?pageSize=101', '?pageSize=many'])(
    'a bad query %s answers 400 naming the parameter',
    async (query) => {
      const { res, body } = await list(query)
      expect(res.status).toBe(400)
      const name = query.slice(1).split('=')[0] as string
      expect(body.fields[name]).toEqual(expect.any(String))
    },
  )

  test('without a session answers 401', async () => {
    const res = await t.app.request('/api/admin/contact-submissions')
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ error: expect.any(String), fields: {} })
  })
})

describe('the landing page form posted without JavaScript (the / route action)', () => {
  const post = (fields: Record<string, string>, ip: string) => {
    const context = new RouterContextProvider()
    context.set(pageContext, { services: t.services, userId: null, clientIp: ip })
    const request = new Request('http://localhost/', { method: 'POST', body: new URLSearchParams(fields) })
    return landingAction({ request, params: {}, context } as never) as Promise<any>
  }
  const form = (overrides: Record<string, string> = {}) => ({
    name: 'Plain Poster',
    email: 'plain@example.com',
    company: '',
    message: 'Sent before the scripts loaded.',
    ...overrides,
  })

  test('a valid post stores the message (company blank → null) and answers the success state', async () => {
    const before = await total()
    const result = await post(form(), '198.51.100.1')
    expect([result.init?.status ?? 200, result.data]).toEqual([200, { status: 'sent' }])
    const { body } = await list('?pageSize=1')
    expect(body.total).toBe(before + 1)
    expect(body.submissions[0]).toMatchObject({ name: 'Plain Poster', email: 'plain@example.com', company: null })
  })

  test('a missing field is refused with 400, the spec sentence, the field message and the typed values; nothing stored', async () => {
    const before = await total()
    const result = await post(form({ name: '  ', website: 'bot' }), '198.51.100.2')
    expect(result.init.status).toBe(400)
    expect(result.data).toEqual({
      status: 'refused',
      error: 'Please fill in all required fields.',
      fields: { name: 'Name is required' },
      values: {
        name: '  ',
        email: 'plain@example.com',
        company: '',
        message: 'Sent before the scripts loaded.',
        website: '',
      },
    })
    expect(await total()).toBe(before)
  })

  test('an invalid e-mail names the field; nothing stored', () =>
    storesNothing(async () => {
      const result = await post(form({ email: 'not-an-address' }), '198.51.100.3')
      expect(result.init.status).toBe(400)
      expect(result.data.fields).toEqual({ email: 'Enter a valid email address' })
    }))

  test('the per-address limit is shared with the API: over it, 429 and the wait in words', async () => {
    for (let i = 0; i < 5; i++) expect((await send(message(), '198.51.100.4')).res.status).toBe(201)
    const before = await total()
    const result = await post(form(), '198.51.100.4')
    expect(result.init.status).toBe(429)
    expect(result.data.error).toMatch(
      /^You have sent several messages in a short time\. Please try again in \d+ minutes?\.$/,
    )
    expect(await total()).toBe(before)
  })

  test('a filled honeypot looks sent and keeps nothing', () =>
    storesNothing(async () => {
      const result = await post(form({ website: 'http://spam.example' }), '198.51.100.5')
      expect(result.data).toEqual({ status: 'sent' })
    }))
})
