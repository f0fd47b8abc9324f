import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pageContext } from '#app/lib/context.ts'
import { action as confirmAction, loader as confirmLoader } from '#app/routes/subscribe/confirm.server.ts'
import { action as manageAction, loader as manageLoader } from '#app/routes/subscribe/manage.server.ts'
import { action as subscribeAction } from '#app/routes/subscribe/subscribe.server.ts'
import { subscribers } from '#server/db/schema.ts'
import { manageToken, SUBSCRIBE_ANSWER_MS } from '#server/services/subscribers.ts'
import { createTestApp, type TestApp } from '#tests/helpers/app.ts'

// Issue 30 (docs/decisions/063-subscribe-pages.md): every subscribe form posted without
// JavaScript lands on /subscribe's action; the confirmation link's page confirms only on a click;
// a reader's own page leaves and comes back. The same rules as the API (060), called as React
// Router calls a route module.

let t: TestApp
let key: Buffer
let ipCount = 0
const freshIp = () => `203.0.113.${++ipCount}`

beforeAll(async () => {
  key = randomBytes(32)
  t = await createTestApp({ mail: null, trustProxy: true }, undefined, { secretKey: key })
})
afterAll(() => t?.close())

const call = async (
  fn: (args: never) => unknown,
  url: string,
  fields?: Record<string, string>,
  ip = freshIp(),
): Promise<{ status: number; data: any; headers: Headers }> => {
  const context = new RouterContextProvider()
  context.set(pageContext, { services: t.services, userId: null, clientIp: ip })
  const request = fields
    ? new Request(`http://localhost${url}`, { method: 'POST', body: new URLSearchParams(fields) })
    : new Request(`http://localhost${url}`)
  const result = (await fn({ request, params: {}, context } as never)) as any
  // `data()` answers carry their status in `init`; a plain object is a 200.
  if (result && typeof result === 'object' && 'type' in result && result.type === 'DataWithResponseInit') {
    return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) }
  }
  return { status: 200, data: result, headers: new Headers() }
}

const rowOf = async (email: string) =>
  (await t.database.db.select().from(subscribers).where(eq(subscribers.email, email)))[0]

describe('/subscribe posted without JavaScript', () => {
  test('keeps the reader pending with the form it came from, and answers the one message', async () => {
    const start = performance.now()
    const { status, data } = await call(subscribeAction, '/subscribe', {
      email: 'Plain.Reader@Example.com',
      consent: 'true',
      form: 'post',
      website: '',
    })
    expect(performance.now() - start).toBeGreaterThanOrEqual(SUBSCRIBE_ANSWER_MS - 5)
    expect([status, data]).toEqual([200, { status: 'sent' }])
    const row = await rowOf('plain.reader@example.com')
    expect(row).toMatchObject({ state: 'pending', consentForm: 'post' })
  })

  test('a missing consent or a bad address is refused with the field named and the typed values; nothing kept', async () => {
    const noConsent = await call(subscribeAction, '/subscribe', { email: 'no.consent@example.com', form: 'blog' })
    expect(noConsent.status).toBe(400)
    expect(noConsent.data).toMatchObject({
      status: 'refused',
      fields: { consent: 'Please confirm you want the emails' },
      values: { email: 'no.consent@example.com', form: 'blog' },
    })
    const bad = await call(subscribeAction, '/subscribe', { email: 'not-an-address', consent: 'true', form: 'nowhere' })
    expect(bad.status).toBe(400)
    expect(bad.data).toMatchObject({ fields: { email: 'Enter a valid email address' }, values: { form: 'subscribe' } })
    const empty = await call(subscribeAction, '/subscribe', {})
    expect(empty.status).toBe(400)
    expect(empty.data.fields.email).toBe('Email is required')
    expect(await rowOf('no.consent@example.com')).toBeUndefined()
  })

  test('a filled honeypot gets the same answer and keeps nothing', async () => {
    const { status, data } = await call(subscribeAction, '/subscribe', {
      email: 'bot@example.com',
      consent: 'true',
      website: 'http://spam.example',
    })
    expect([status, data]).toEqual([200, { status: 'sent' }])
    expect(await rowOf('bot@example.com')).toBeUndefined()
  })

  test('past the per-address limit: 429 with Retry-After and the wait in words', async () => {
    const ip = freshIp()
    const limit = t.services.config.contactMessagesPerIp
    for (let i = 0; i < limit; i++) {
      const ok = await call(subscribeAction, '/subscribe', { email: `limit${i}@example.com`, consent: 'true' }, ip)
      expect(ok.status).toBe(200)
    }
    const over = await call(subscribeAction, '/subscribe', { email: 'limit.over@example.com', consent: 'true' }, ip)
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(over.data.error).toMatch(/several times/)
    expect(await rowOf('limit.over@example.com')).toBeUndefined()
  })
})

describe('/subscribe/confirm', () => {
  /** A pending reader with a confirmation token we know (the email is another test's). */
  async function pendingWithToken(email: string) {
    const token = randomBytes(32).toString('base64url')
    const { createHash } = await import('node:crypto')
    await t.database.db.insert(subscribers).values({
      email,
      consentedAt: new Date(),
      consentForm: 'subscribe',
      consentVersion: 'test',
      createdAt: new Date(),
      confirmTokenHash: createHash('sha256').update(token).digest('hex'),
      confirmExpiresAt: new Date(Date.now() + 3600_000),
    })
    return token
  }

  test('opening the link changes nothing; the click confirms once', async () => {
    const email = 'confirm.page@example.com'
    const token = await pendingWithToken(email)
    const opened = await call(confirmLoader, `/subscribe/confirm?token=${token}`)
    expect(opened.data).toEqual({ token })
    expect((await rowOf(email))?.state).toBe('pending')

    const clicked = await call(confirmAction, '/subscribe/confirm', { token })
    expect([clicked.status, clicked.data]).toEqual([200, { status: 'confirmed' }])
    expect((await rowOf(email))?.state).toBe('confirmed')

    const again = await call(confirmAction, '/subscribe/confirm', { token })
    expect(again.status).toBe(400)
    expect(again.data.error).toMatch(/not valid or was already used/)
  })

  test('a forged, cut or missing token is refused and changes nothing', async () => {
    const email = 'confirm.forged@example.com'
    await pendingWithToken(email)
    for (const fields of [{ token: randomBytes(32).toString('base64url') }, { token: '' }, {}] as Record<
      string,
      string
    >[]) {
      const { status, data } = await call(confirmAction, '/subscribe/confirm', fields)
      expect(status).toBe(400)
      expect(data.status).toBe('refused')
    }
    expect((await call(confirmLoader, '/subscribe/confirm')).data).toEqual({ token: null })
    expect((await rowOf(email))?.state).toBe('pending')
  })
})

describe("/subscribe/manage (a reader's own link)", () => {
  test('shows the masked address; unsubscribes and comes back with the button', async () => {
    const email = 'manage.page@example.com'
    const [row] = await t.database.db
      .insert(subscribers)
      .values({
        email,
        state: 'confirmed',
        confirmedAt: new Date(),
        consentedAt: new Date(),
        consentForm: 'landing',
        consentVersion: 'test',
        createdAt: new Date(),
      })
      .returning()
    if (!row) throw new Error('no row')
    const token = manageToken(key, row)
    const page = await call(manageLoader, `/subscribe/manage?token=${token}`)
    expect(page.data).toEqual({ token, me: { email: 'm***@example.com', state: 'confirmed' } })

    const left = await call(manageAction, '/subscribe/manage', { token, intent: 'unsubscribe' })
    expect([left.status, left.data]).toEqual([200, { changed: 'unsubscribed' }])
    expect((await rowOf(email))?.state).toBe('unsubscribed')

    const back = await call(manageAction, '/subscribe/manage', { token, intent: 'resubscribe' })
    expect([back.status, back.data]).toEqual([200, { changed: 'confirmed' }])
    expect((await rowOf(email))?.state).toBe('confirmed')
  })

  test('a forged token shows nothing and changes nothing; an unknown intent is refused', async () => {
    const forged = `1.${randomBytes(32).toString('base64url')}`
    expect((await call(manageLoader, `/subscribe/manage?token=${forged}`)).data).toEqual({ token: null, me: null })
    expect((await call(manageLoader, '/subscribe/manage')).data).toEqual({ token: null, me: null })
    const refused = await call(manageAction, '/subscribe/manage', { token: forged, intent: 'unsubscribe' })
    expect(refused.status).toBe(404)
    const [row] = await t.database.db
      .insert(subscribers)
      .values({
        email: 'manage.intent@example.com',
        state: 'confirmed',
        consentedAt: new Date(),
        consentForm: 'blog',
        consentVersion: 'test',
        createdAt: new Date(),
      })
      .returning()
    if (!row) throw new Error('no row')
    const odd = await call(manageAction, '/subscribe/manage', { token: manageToken(key, row), intent: 'delete' })
    expect(odd.status).toBe(400)
    expect((await rowOf('manage.intent@example.com'))?.state).toBe('confirmed')
  })
})
