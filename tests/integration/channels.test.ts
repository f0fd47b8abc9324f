// Issue 29: networks connected from the Channels screen: the secrets stored sealed and never
// answered, the environment winning, 'Test connection' and posting over real HTTP to a fake
// LinkedIn on 127.0.0.1, and bad bodies refused without a change.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChannelConnection, ChannelList } from '#common/contract/channels.ts'
import type { SocialCapabilities, SocialPost } from '#common/contract/social-posts.ts'
import { loadConfig } from '#server/config.ts'
import { activityLog, channelConnections } from '#server/db/schema.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { FAKE_LINKEDIN, type FakeLinkedIn, startFakeLinkedIn } from '#tests/fixtures/fake-linkedin.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

const base = loadConfig({ NODE_ENV: 'test' })
let t: TestApp
let cookie: string
let linkedin: FakeLinkedIn
/** A second server whose environment sets LinkedIn. */
let envApp: TestApp
let envCookie: string

beforeAll(async () => {
  linkedin = await startFakeLinkedIn()
  t = await createTestApp({ publicUrl: 'https://vidquest.io' }, undefined, { jobs: 'add' })
  cookie = await t.adminCookie()
  envApp = await createTestApp({
    social: {
      ...base.social,
      linkedin: { baseUrl: linkedin.url, accessToken: 'env-token-1234', organizationId: '777' },
    },
  })
  envCookie = await envApp.adminCookie()
})
afterAll(async () => {
  await t?.close()
  await envApp?.close()
  await linkedin?.close()
})

const call = async (method: string, path: string, body?: unknown, app: TestApp = t, who = cookie) => {
  const res = await app.app.request(path, json(method, body, who))
  const text = await res.text()
  return { status: res.status, text, body: JSON.parse(text) as any }
}
const listOf = async (app: TestApp = t, who = cookie) => {
  const { status, body, text } = await call('GET', '/api/admin/channels', undefined, app, who)
  expect(status).toBe(200)
  return { channels: (body as ChannelList).channels, text }
}
const one = async (channel: string, app: TestApp = t, who = cookie) =>
  (await listOf(app, who)).channels.find((c) => c.channel === channel) as ChannelConnection
const rows = () => t.database.db.select().from(channelConnections).orderBy(channelConnections.channel)
const snapshot = async () =>
  JSON.stringify(
    (
      (await t.database.db.execute(sql.raw('select * from channel_connections order by 1'))) as unknown as {
        rows: unknown[]
      }
    ).rows,
  )

const linkedInFields = (overrides: Record<string, string> = {}) => ({
  organizationId: FAKE_LINKEDIN.organizationId,
  accessToken: FAKE_LINKEDIN.accessToken,
  baseUrl: linkedin.url,
  ...overrides,
})

describe('stored connections', () => {
  test('nothing connected at first; X is listed read-only from the environment', async () => {
    const { channels } = await listOf()
    expect(channels.map((c) => c.channel)).toEqual(['x', 'linkedin', 'bluesky', 'mastodon', 'threads'])
    expect(channels.find((c) => c.channel === 'linkedin')).toMatchObject({
      connected: false,
      source: null,
      account: null,
      fields: {
        values: { organizationId: '', baseUrl: 'https://api.linkedin.com/rest' },
        secretsSet: { accessToken: false },
      },
    })
  })

  test('Save stores the secret sealed; GET says it is set but never answers it', async () => {
    const saved = await call('PUT', '/api/admin/channels/linkedin', { fields: linkedInFields() })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.text).not.toContain(FAKE_LINKEDIN.accessToken)
    const [row] = await rows()
    expect(row?.channel).toBe('linkedin')
    expect(row?.secrets).toMatch(/^v1\./)
    expect(JSON.stringify(row)).not.toContain(FAKE_LINKEDIN.accessToken)
    expect(row?.settings).toEqual({ organizationId: FAKE_LINKEDIN.organizationId, baseUrl: linkedin.url })

    const { text } = await listOf()
    expect(text).not.toContain(FAKE_LINKEDIN.accessToken)
    expect(await one('linkedin')).toMatchObject({
      connected: true,
      source: 'screen',
      fields: { values: { organizationId: FAKE_LINKEDIN.organizationId }, secretsSet: { accessToken: true } },
    })
    const kinds = await t.database.db.select({ kind: activityLog.kind, detail: activityLog.detail }).from(activityLog)
    expect(kinds).toContainEqual({ kind: 'channel.connect', detail: 'LinkedIn' })
  })

  test('Test connection answers the organization’s name and keeps it', async () => {
    const res = await call('POST', '/api/admin/channels/linkedin/test')
    expect(res.status, res.text).toBe(200)
    expect(res.body.account).toBe(FAKE_LINKEDIN.name)
    const listed = await one('linkedin')
    expect(listed.account).toBe(FAKE_LINKEDIN.name)
    expect(listed.verifiedAt).toBe(res.body.verifiedAt)
  })

  test('a stored connection posts: a LinkedIn post reaches the fake', async () => {
    const created = await call('POST', '/api/blog', validPost({ slug: 'channels-post', isPublished: true }))
    expect(created.status).toBe(201)
    const caps = (await call('GET', '/api/social-posts/capabilities')).body as SocialCapabilities
    expect(caps.channels.find((c) => c.channel === 'linkedin')?.connected).toBe(true)
    const social = await call('POST', `/api/blog/${created.body.post.id}/social-posts`, {
      channel: 'linkedin',
      customContent: 'Read how quests work',
    })
    expect(social.status).toBe(201)
    const before = linkedin.received.length
    const posted = await call('POST', `/api/social-posts/${(social.body as SocialPost).id}/publish`)
    expect(posted.status, posted.text).toBe(200)
    expect(linkedin.received).toHaveLength(before + 1)
    expect(linkedin.received.at(-1)?.text).toContain('Read how quests work')
  })

  test('Save again with the secret left empty keeps it; a wrong token answers 502 with LinkedIn’s message', async () => {
    const kept = await call('PUT', '/api/admin/channels/linkedin', { fields: linkedInFields({ accessToken: '' }) })
    expect(kept.status, kept.text).toBe(200)
    expect((await call('POST', '/api/admin/channels/linkedin/test')).status).toBe(200)

    const wrong = await call('PUT', '/api/admin/channels/linkedin', {
      fields: linkedInFields({ accessToken: 'AQwrong-token' }),
    })
    expect(wrong.status).toBe(200)
    // A new token may be another account: the last test no longer says.
    expect((await one('linkedin')).account).toBeNull()
    const res = await call('POST', '/api/admin/channels/linkedin/test')
    expect(res.status).toBe(502)
    expect(res.body.error).toMatch(/^LinkedIn answered 401: .*Invalid access token/)
    expect((await one('linkedin')).account).toBeNull()
  })

  test('bad bodies answer 400 with field errors and change nothing', async () => {
    const before = await snapshot()
    const bad = [
      { fields: linkedInFields({ organizationId: 'urn:li:organization:1' }) },
      { fields: linkedInFields({ baseUrl: 'ftp://example.com' }) },
      { fields: linkedInFields({ accessToken: 'x'.repeat(2001) }) },
      { fields: { ...linkedInFields(), extra: 'no' } },
      { nothing: true },
      'not json',
    ]
    for (const body of bad) {
      const res = await call('PUT', '/api/admin/channels/linkedin', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.success).toBe(false)
    }
    const field = await call('PUT', '/api/admin/channels/linkedin', {
      fields: linkedInFields({ organizationId: 'abc' }),
    })
    expect(field.body.fields).toHaveProperty(['fields.organizationId'])
    // A first save needs its secret.
    const missing = await call('PUT', '/api/admin/channels/threads', { fields: { userId: '42' } })
    expect(missing.status).toBe(400)
    expect(missing.body.fields).toEqual({ 'fields.accessToken': 'Paste the access token.' })
    expect((await call('PUT', '/api/admin/channels/x', { fields: {} })).status).toBe(400)
    for (const slots of [
      ['9:00'],
      ['24:00'],
      Array.from({ length: 13 }, (_, i) => `${String(i).padStart(2, '0')}:00`),
    ]) {
      expect((await call('PUT', '/api/admin/channels/linkedin/slots', { slots })).status).toBe(400)
    }
    expect(await snapshot()).toBe(before)
  })

  test('posting times are each network’s own, answered by the capabilities beside X’s', async () => {
    const res = await call('PUT', '/api/admin/channels/linkedin/slots', { slots: ['17:30', '09:00', '09:00'] })
    expect(res.status, res.text).toBe(200)
    expect(res.body.slots).toEqual(['09:00', '17:30'])
    expect((await one('linkedin')).slots).toEqual(['09:00', '17:30'])
    const caps = (await call('GET', '/api/social-posts/capabilities')).body as SocialCapabilities
    expect(caps.channels.find((c) => c.channel === 'linkedin')?.slots).toEqual(['09:00', '17:30'])
    expect(caps.channels.find((c) => c.channel === 'mastodon')?.slots).toEqual(base.x.slots)
    expect(caps.slots).toEqual(base.x.slots)
  })

  test('Disconnect forgets the settings (not the posting times); Test connection then answers 409', async () => {
    const res = await call('DELETE', '/api/admin/channels/linkedin')
    expect(res.status).toBe(200)
    const [row] = await rows()
    expect(row).toMatchObject({ secrets: null, settings: {}, slots: ['09:00', '17:30'] })
    expect(await one('linkedin')).toMatchObject({ connected: false, source: null })
    expect((await call('POST', '/api/admin/channels/linkedin/test')).status).toBe(409)
    const kinds = await t.database.db
      .select({ kind: activityLog.kind })
      .from(activityLog)
      .where(eq(activityLog.kind, 'channel.disconnect'))
    expect(kinds).toHaveLength(1)
  })
})

describe('the environment wins', () => {
  test('a network the environment sets reads as such, its secret never shown, and refuses a save or delete', async () => {
    const { text } = await listOf(envApp, envCookie)
    expect(text).not.toContain('env-token-1234')
    expect(await one('linkedin', envApp, envCookie)).toMatchObject({
      connected: true,
      source: 'environment',
      fields: { values: { organizationId: '777', baseUrl: linkedin.url }, secretsSet: { accessToken: true } },
    })
    const save = await call('PUT', '/api/admin/channels/linkedin', { fields: linkedInFields() }, envApp, envCookie)
    expect(save.status).toBe(409)
    expect(save.body.error).toBe("LinkedIn is set by the server's environment; change it there.")
    expect((await call('DELETE', '/api/admin/channels/linkedin', undefined, envApp, envCookie)).status).toBe(409)
    expect(await envApp.database.db.select().from(channelConnections)).toEqual([])
  })

  test('a stored connection does not override the environment', async () => {
    // Stored before the environment set it (another instance, or an older start).
    const { saveConnection } = await import('#server/services/channels/connections.ts')
    await saveConnection(envApp.database.db, envApp.services.secretKey, 'linkedin', linkedInFields(), null)
    const { effectiveSocial } = await import('#server/services/channels/connections.ts')
    const social = await effectiveSocial(envApp.database.db, envApp.services.config, envApp.services.secretKey)
    expect(social.linkedin).toEqual({ baseUrl: linkedin.url, accessToken: 'env-token-1234', organizationId: '777' })
    expect((await one('linkedin', envApp, envCookie)).source).toBe('environment')
  })
})

describe('tokens that expire (issue 29)', () => {
  test('the expiry is kept and listed; a post due after it is refused when it is scheduled; an expired token refuses Post now', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const saved = await call('PUT', '/api/admin/channels/linkedin', {
      fields: linkedInFields({ tokenExpiresOn: soon }),
    })
    expect(saved.status, saved.text).toBe(200)
    expect((await one('linkedin')).tokenExpiresAt).toBe(`${soon}T00:00:00.000Z`)
    expect((await one('linkedin')).fields.values.tokenExpiresOn).toBe(soon)
    // Every writer learns it (the admin shell warns them), not only those who manage channels.
    const author = await createUser(t.database.db, 'expiry-author@example.com', 'a long enough passphrase', 'author')
    if (!author) throw new Error('user exists')
    const authorCookie = `vq_session=${await createSession(t.database.db, author.id)}`
    expect((await call('GET', '/api/admin/channels', undefined, t, authorCookie)).status).toBe(403)
    const caps = (await call('GET', '/api/social-posts/capabilities', undefined, t, authorCookie))
      .body as SocialCapabilities
    expect(caps.channels.map((c) => [c.channel, c.tokenExpiresAt])).toEqual([
      ['x', null],
      ['linkedin', `${soon}T00:00:00.000Z`],
      ['bluesky', null],
      ['mastodon', null],
      ['threads', null],
    ])

    const created = await call('POST', '/api/blog', validPost({ slug: 'expiring-token', isPublished: true }))
    const social = (await call('POST', `/api/blog/${created.body.post.id}/social-posts`, { channel: 'linkedin' }))
      .body as SocialPost
    const late = await call('POST', `/api/social-posts/${social.id}/schedule`, {
      at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    })
    expect(late.status).toBe(409)
    expect(late.body.error).toBe(
      `LinkedIn's access token expires on ${soon}, before this post goes out: renew it on the Channels screen first, or pick an earlier time.`,
    )
    expect((await call('GET', `/api/blog/${created.body.post.id}/social-posts`)).body.socialPosts[0].status).toBe(
      'draft',
    )
    const early = await call('POST', `/api/social-posts/${social.id}/schedule`, {
      at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect(early.status, early.text).toBe(200)
    expect((await call('DELETE', `/api/social-posts/${social.id}/schedule`)).status).toBe(200)

    const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect(
      (await call('PUT', '/api/admin/channels/linkedin', { fields: linkedInFields({ tokenExpiresOn: past }) })).status,
    ).toBe(200)
    const before = linkedin.received.length
    const now = await call('POST', `/api/social-posts/${social.id}/publish`)
    expect(now.status).toBe(409)
    expect(now.body.error).toBe(
      `LinkedIn's access token expired on ${past}: renew it on the Channels screen (or in the server's settings), then try again.`,
    )
    expect(linkedin.received).toHaveLength(before)
    // A date that is not one is refused.
    const bad = await call('PUT', '/api/admin/channels/linkedin', {
      fields: linkedInFields({ tokenExpiresOn: '31/01/2027' }),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fields['fields.tokenExpiresOn']).toBe('The date is YYYY-MM-DD, e.g. 2027-01-31.')
    // Cleared: no expiry known.
    expect(
      (await call('PUT', '/api/admin/channels/linkedin', { fields: linkedInFields({ tokenExpiresOn: '' }) })).status,
    ).toBe(200)
    expect((await one('linkedin')).tokenExpiresAt).toBeNull()
  })
})
