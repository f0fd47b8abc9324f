import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SubscriberImportResult, SubscriberList } from '#common/contract/subscribers.ts'
import { parseCsv } from '#common/csv.ts'
import { siteSettings, subscribers } from '#server/db/schema.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

// Issue 30, the admin slice (docs/decisions/062-subscriber-admin.md): the subscribers list with
// search and filters, the formula-safe CSV export, the import with the importer's consent, and
// erasing one address.

let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.adminCookie()
}, 60_000)
afterAll(() => t?.close())

const get = async <T = Record<string, unknown>>(path: string, as = cookie) => {
  const res = await t.app.request(path, json('GET', undefined, as))
  return { status: res.status, res, body: (await res.json()) as T }
}
const importCsv = async (body: unknown, as = cookie) => {
  const res = await t.app.request('/api/admin/subscribers/import', json('POST', body, as))
  return { status: res.status, body: (await res.json()) as SubscriberImportResult & Record<string, unknown> }
}
const rowOf = async (email: string) =>
  (await t.database.db.select().from(subscribers).where(eq(subscribers.email, email)))[0]

let seq = 0
/** A subscriber as the public form keeps one, `tag` making the addresses of one test its own. */
async function seed(
  tag: string,
  values: {
    name: string
    state?: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced'
    utmSource?: string
    referrer?: string
  },
) {
  seq += 1
  const email = `${values.name}.${tag}@example.com`
  const [row] = await t.database.db
    .insert(subscribers)
    .values({
      email,
      state: values.state ?? 'confirmed',
      consentedAt: new Date(Date.UTC(2026, 10, 1, 0, seq)),
      consentForm: 'post',
      consentVersion: '2026-11-28',
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, seq)),
      attribution:
        values.utmSource || values.referrer
          ? {
              referrer: values.referrer ?? null,
              utmSource: values.utmSource ?? null,
              utmMedium: null,
              utmCampaign: null,
              xPostId: null,
              landingPath: null,
              postId: null,
            }
          : null,
    })
    .returning()
  return row as typeof subscribers.$inferSelect
}

describe('GET /api/admin/subscribers', () => {
  test('searches by part of the address, filters by state and source, and counts each state', async () => {
    await seed('list', { name: 'ada', utmSource: 'LinkedIn' })
    await seed('list', { name: 'bob', state: 'pending', utmSource: 'x' })
    await seed('list', { name: 'cyd', state: 'unsubscribed', referrer: 't.co' })
    await seed('list', { name: 'dee', state: 'bounced' })
    await seed('list', { name: 'eve', utmSource: 'linkedin' })

    const all = await get<SubscriberList>('/api/admin/subscribers?q=.LIST@')
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(5)
    // Newest first.
    expect(all.body.subscribers.map((s) => s.email)).toEqual([
      'eve.list@example.com',
      'dee.list@example.com',
      'cyd.list@example.com',
      'bob.list@example.com',
      'ada.list@example.com',
    ])
    expect(all.body.counts).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1, bounced: 1 })
    expect(all.body.subscribers.map((s) => s.source)).toEqual(['linkedin', 'direct', 't.co', 'x', 'linkedin'])

    const confirmedFromLinkedIn = await get<SubscriberList>(
      '/api/admin/subscribers?q=.list@&state=confirmed&source=LinkedIn',
    )
    expect(confirmedFromLinkedIn.body.subscribers.map((s) => s.email)).toEqual([
      'eve.list@example.com',
      'ada.list@example.com',
    ])
    // The counts follow the search and the source, not the state asked for: the screen's tabs.
    expect(confirmedFromLinkedIn.body.counts).toEqual({ pending: 0, confirmed: 2, unsubscribed: 0, bounced: 0 })
    expect(all.body.sources).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'linkedin' })]))

    const page2 = await get<SubscriberList>('/api/admin/subscribers?q=.list@&pageSize=2&page=2')
    expect([page2.body.total, page2.body.page, page2.body.subscribers.map((s) => s.email)]).toEqual([
      5,
      2,
      ['cyd.list@example.com', 'bob.list@example.com'],
    ])
  })

  test('a search for % or _ matches those characters only, not every address', async () => {
    await seed('wild', { name: 'under_score' })
    await seed('wild', { name: 'plain' })
    const found = await get<SubscriberList>('/api/admin/subscribers?q=r_s')
    expect(found.body.subscribers.map((s) => s.email)).toEqual(['under_score.wild@example.com'])
    expect((await get<SubscriberList>('/api/admin/subscribers?q=%25')).body.total).toBe(0)
  })

  test('a bad query answers 400 naming the field; signed out answers 401', async () => {
    const bad = await get('/api/admin/subscribers?state=gone&page=0')
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toMatchObject({
      state: expect.stringContaining('pending'),
      page: 'Must be at least 1',
    })
    expect((await get('/api/admin/subscribers?pageSize=1000')).status).toBe(400)
    expect((await get(`/api/admin/subscribers?q=${'a'.repeat(300)}`)).status).toBe(400)
    expect((await get('/api/admin/subscribers', '')).status).toBe(401)
  })

  test('a contributor is refused with 403 naming what the role lacks', async () => {
    const user = await createUser(t.database.db, 'contrib.subs', 'a long enough passphrase', 'contributor')
    const contributor = `vq_session=${await createSession(t.database.db, user?.id as number)}`
    const res = await get('/api/admin/subscribers', contributor)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Your role (Contributor) cannot see analytics, the contact inbox or the subscribers.')
  })
})

describe('GET /api/admin/subscribers.csv', () => {
  test('exports what the filters keep, formula-safe, as a download', async () => {
    await seed('csv', { name: 'fay', utmSource: '=HYPERLINK("http://evil.example","x")' })
    await seed('csv', { name: 'gus', state: 'pending', utmSource: '+cmd' })
    await seed('csv', { name: 'hal', state: 'unsubscribed' })
    const res = await t.app.request('/api/admin/subscribers.csv?q=.csv@&state=', json('GET', undefined, cookie))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const text = await res.text()
    const rows = (parseCsv(text) ?? []).map((r) => r.cells)
    expect(rows[0]).toEqual(['email', 'state', 'source', 'consent_form', 'subscribed_at', 'confirmed_at'])
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['hal.csv@example.com', 'unsubscribed', 'direct'],
      ['gus.csv@example.com', 'pending', "'+cmd"],
      // The source is lower-cased as the analytics API names it, and never starts a formula.
      ['fay.csv@example.com', 'confirmed', `'=hyperlink("http://evil.example","x")`],
    ])
    const pendingOnly = await t.app.request(
      '/api/admin/subscribers.csv?q=.csv@&state=pending',
      json('GET', undefined, cookie),
    )
    expect((parseCsv(await pendingOnly.text()) ?? []).map((r) => r.cells[0])).toEqual(['email', 'gus.csv@example.com'])
    expect((await t.app.request('/api/admin/subscribers.csv?state=nope', json('GET', undefined, cookie))).status).toBe(
      400,
    )
  })
})

describe('POST /api/admin/subscribers/import', () => {
  test('adds each valid address as pending with no link and no email, and reports bad lines by number', async () => {
    const csv = [
      'Name,Email,Company',
      'Ivy,ivy.imp@example.com,Acme',
      'Jon,"JON.IMP@Example.com",',
      '',
      'Kim,not-an-address,',
      'Lee,,',
      'Ivy again,ivy.imp@example.com,',
    ].join('\r\n')
    const res = await importCsv({ csv, consented: true })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      added: 2,
      skipped: 1,
      invalid: [
        { line: 5, reason: 'Not a valid email address' },
        { line: 6, reason: 'No email address' },
      ],
    })
    const ivy = await rowOf('ivy.imp@example.com')
    expect(ivy).toMatchObject({
      state: 'pending',
      consentForm: 'import',
      consentVersion: 'import-2026-11-28',
      confirmedAt: null,
      // No confirmation link exists and nothing is queued: an imported address gets no mail.
      confirmTokenHash: null,
      mailState: null,
    })
    expect((await rowOf('jon.imp@example.com'))?.state).toBe('pending')
    const listed = await get<SubscriberList>('/api/admin/subscribers?q=.imp@&source=import')
    expect(listed.body.total).toBe(2)
  })

  test('marked as confirmed, the addresses are confirmed at once', async () => {
    const res = await importCsv({
      csv: 'email\nmay.conf@example.com\nned.conf@example.com\n',
      consented: true,
      confirmed: true,
    })
    expect(res.body).toEqual({ added: 2, skipped: 0, invalid: [] })
    const may = await rowOf('may.conf@example.com')
    expect(may?.state).toBe('confirmed')
    expect(may?.confirmedAt).toBeInstanceOf(Date)
  })

  test('importing again adds nothing and leaves every existing address as it was', async () => {
    const left = await seed('again', { name: 'ola', state: 'unsubscribed' })
    const csv = `email;name\n${left.email};Ola\npia.again@example.com;Pia\n`
    expect((await importCsv({ csv, consented: true })).body).toEqual({ added: 1, skipped: 1, invalid: [] })
    const before = await t.database.db.select().from(subscribers).where(eq(subscribers.email, 'pia.again@example.com'))
    // Even marked confirmed: someone who left, or is pending, is not confirmed by an import.
    expect((await importCsv({ csv, consented: true, confirmed: true })).body).toEqual({
      added: 0,
      skipped: 2,
      invalid: [],
    })
    expect(await rowOf(left.email)).toEqual(left)
    expect(await rowOf('pia.again@example.com')).toEqual(before[0])
  })

  test('without the consent confirmation nothing is imported', async () => {
    for (const body of [
      { csv: 'email\nqui.noconsent@example.com' },
      { csv: 'email\nqui.noconsent@example.com', consented: false },
      { csv: 'email\nqui.noconsent@example.com', consented: 'yes' },
    ]) {
      const res = await importCsv(body)
      expect(res.status).toBe(400)
      expect(res.body.fields).toEqual({ consented: 'Confirm that these people consented' })
    }
    expect(await rowOf('qui.noconsent@example.com')).toBeUndefined()
  })

  test('a file without an email column, or not CSV, writes nothing and answers 400', async () => {
    for (const csv of [
      'name,company\nRay,Acme\n',
      'ray.nocol@example.com\nsue.nocol@example.com\n',
      'email\n"ray.nocol@example.com\n',
      '\n\n',
    ]) {
      const res = await importCsv({ csv, consented: true })
      expect([csv, res.status, typeof res.body.error]).toEqual([csv, 400, 'string'])
      expect(res.body.fields).toHaveProperty('csv')
    }
    expect(await rowOf('ray.nocol@example.com')).toBeUndefined()
    expect((await importCsv({ csv: '', consented: true })).status).toBe(400)
    expect((await importCsv({ consented: true })).status).toBe(400)
  })

  test('a file over 10,000 lines or 2 MB is refused with 413 and writes nothing', async () => {
    const many = ['email', ...Array.from({ length: 10_001 }, (_, i) => `big${i}.lines@example.com`)].join('\n')
    const tooMany = await importCsv({ csv: many, consented: true })
    expect(tooMany.status).toBe(413)
    expect(tooMany.body.error).toContain('at most 10,000')
    expect(await rowOf('big0.lines@example.com')).toBeUndefined()

    const wide = `email,note\nwide.big@example.com,${'x'.repeat(2 * 1024 * 1024)}\n`
    const tooLarge = await importCsv({ csv: wide, consented: true })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.error).toContain('2 MB')
    expect(await rowOf('wide.big@example.com')).toBeUndefined()

    const huge = await t.app.request(
      '/api/admin/subscribers/import',
      json('POST', { csv: `email\n${'y'.repeat(4 * 1024 * 1024)}`, consented: true }, cookie),
    )
    expect(huge.status).toBe(413)
  })

  test('10,000 lines are imported at once', async () => {
    const csv = ['email', ...Array.from({ length: 10_000 }, (_, i) => `n${i}.bulk@example.com`)].join('\n')
    expect((await importCsv({ csv, consented: true })).body).toEqual({ added: 10_000, skipped: 0, invalid: [] })
    expect((await get<SubscriberList>('/api/admin/subscribers?q=.bulk@&pageSize=1')).body.total).toBe(10_000)
  }, 60_000)
})

describe('DELETE /api/admin/subscribers/{id}', () => {
  test('erases the address and keeps only the count of erased addresses', async () => {
    const row = await seed('erase', { name: 'tom', utmSource: 'linkedin' })
    const before = (await get<SubscriberList>('/api/admin/subscribers')).body.erased
    const res = await t.app.request(`/api/admin/subscribers/${row.id}`, json('DELETE', undefined, cookie))
    expect([res.status, await res.json()]).toEqual([200, { erased: true }])
    expect(await rowOf(row.email)).toBeUndefined()
    const after = await get<SubscriberList>('/api/admin/subscribers')
    expect(after.body.erased).toBe(before + 1)
    expect(after.body.subscribers.some((s) => s.email === row.email)).toBe(false)
    // What is kept names nobody.
    const kept = await t.database.db.select().from(siteSettings)
    expect(JSON.stringify(kept)).not.toContain('tom.erase')

    const again = await t.app.request(`/api/admin/subscribers/${row.id}`, json('DELETE', undefined, cookie))
    expect(again.status).toBe(404)
    expect((await get<SubscriberList>('/api/admin/subscribers')).body.erased).toBe(before + 1)
  })

  test('a bad id answers 400, and a signed-out call erases nothing', async () => {
    expect((await t.app.request('/api/admin/subscribers/abc', json('DELETE', undefined, cookie))).status).toBe(400)
    expect((await t.app.request('/api/admin/subscribers/0', json('DELETE', undefined, cookie))).status).toBe(400)
    const row = await seed('erase', { name: 'uma' })
    expect((await t.app.request(`/api/admin/subscribers/${row.id}`, json('DELETE'))).status).toBe(401)
    expect(await rowOf(row.email)).toBeDefined()
  })
})
