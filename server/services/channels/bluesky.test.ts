// The Bluesky adapter against a fake PDS on 127.0.0.1 (tests/fixtures/fake-bluesky.ts), over real HTTP.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { PostPartInput } from '#server/services/channels/adapter.ts'
import { type BlueskySettings, blueskyAdapter, partRecordKey } from '#server/services/channels/bluesky.ts'
import { failure } from '#tests/fixtures/channel-test.ts'
import {
  FAKE_BLUESKY_ACCOUNT,
  type FakeBluesky,
  fakeBlueskyEnv,
  startFakeBluesky,
} from '#tests/fixtures/fake-bluesky.ts'

let fake: FakeBluesky
let settings: BlueskySettings
let serial = 0

beforeAll(async () => {
  fake = await startFakeBluesky()
  const env = fakeBlueskyEnv(fake)
  settings = {
    serviceUrl: env.BLUESKY_SERVICE_URL as string,
    handle: env.BLUESKY_HANDLE as string,
    appPassword: env.BLUESKY_APP_PASSWORD as string,
  }
})
afterAll(() => fake.close())
afterEach(() => fake.setMode('ok'))

/** A part with its own key and time, so tests do not share record keys. */
function part(overrides: Partial<PostPartInput> = {}): PostPartInput {
  serial += 1
  return {
    text: `Post ${serial}`,
    key: `vq-test-${serial}-0`,
    createdAt: new Date(Date.UTC(2026, 10, 28, 9, 0, serial)),
    index: 0,
    mayExist: false,
    ...overrides,
  }
}

describe('record keys', () => {
  test('a TID from the creation time and index, with a clock id from the key; the same part, the same key', () => {
    const createdAt = new Date('2026-11-28T09:00:00.123Z')
    const a = partRecordKey({ createdAt, index: 0, key: 'vq-1-0' })
    expect(a).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/)
    expect(partRecordKey({ createdAt: new Date(createdAt), index: 0, key: 'vq-1-0' })).toBe(a)
    expect(partRecordKey({ createdAt, index: 1, key: 'vq-1-0' })).not.toBe(a)
    expect(partRecordKey({ createdAt, index: 0, key: 'vq-2-0' })).not.toBe(a)
    // Decoded: the top 53 bits are microseconds since 1970.
    const S32 = '234567abcdefghijklmnopqrstuvwxyz'
    const n = [...a].reduce((acc, c) => acc * 32n + BigInt(S32.indexOf(c)), 0n)
    expect(n >> 10n).toBe(BigInt(createdAt.getTime()) * 1000n)
  })
})

describe('postPart', () => {
  test('a link after emoji and accented text gets a facet over its exact UTF-8 bytes', async () => {
    const link = 'https://videoquest.test/s/abc123'
    const text = `Déjà vu 👩🏽‍💻🎬 — naïve café: ${link} #video`
    const posted = await blueskyAdapter(settings).postPart(part({ text }))

    const got = fake.received.find((r) => r.uri === posted.id)
    expect(got).toBeDefined()
    const record = got?.record as {
      text: string
      facets: { index: { byteStart: number; byteEnd: number }; features: { $type: string; uri?: string }[] }[]
    }
    expect(record.text).toBe(text)
    const linkFacet = record.facets.find((f) => f.features[0]?.$type === 'app.bsky.richtext.facet#link')
    const bytes = Buffer.from(text, 'utf8')
    const start = bytes.indexOf(Buffer.from(link))
    expect(start).toBeGreaterThan(text.indexOf(link)) // multi-byte characters come before it
    expect(linkFacet?.index).toEqual({ byteStart: start, byteEnd: start + Buffer.byteLength(link) })
    expect(bytes.subarray(linkFacet?.index.byteStart, linkFacet?.index.byteEnd).toString()).toBe(link)
    expect(linkFacet?.features[0]?.uri).toBe(link)

    expect(posted.id).toBe(`at://${FAKE_BLUESKY_ACCOUNT.did}/app.bsky.feed.post/${got?.rkey}`)
    expect(posted.cid).toBe(got?.cid)
    expect(posted.url).toBe(`https://bsky.app/profile/${FAKE_BLUESKY_ACCOUNT.handle}/post/${got?.rkey}`)
  })

  test('a mention is left without a facet (it would need its handle resolved to a DID)', async () => {
    const posted = await blueskyAdapter(settings).postPart(part({ text: 'Thanks @someone.bsky.social!' }))
    const got = fake.received.find((r) => r.uri === posted.id)
    expect(got?.record.facets).toBeUndefined()
  })

  test('a card with a cover uploads the image and embeds it as the thumb', async () => {
    const image = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]), mimeType: 'image/png' }
    const card = { url: 'https://videoquest.test/s/card1', title: 'The title', description: 'About it', image }
    const posted = await blueskyAdapter(settings).postPart(part({ text: `Read: ${card.url}`, card }))

    const blob = fake.blobs.at(-1)
    expect(blob?.mimeType).toBe('image/png')
    expect(new Uint8Array(blob?.bytes ?? [])).toEqual(image.bytes)
    const embed = fake.received.find((r) => r.uri === posted.id)?.record.embed
    expect(embed).toEqual({
      $type: 'app.bsky.embed.external',
      external: {
        uri: card.url,
        title: 'The title',
        description: 'About it',
        thumb: { $type: 'blob', ref: { $link: blob?.cid }, mimeType: 'image/png', size: 8 },
      },
    })
  })

  test('a card without a cover uploads nothing and has no thumb', async () => {
    const before = fake.blobs.length
    const card = { url: 'https://videoquest.test/s/card2', title: 'T', description: null, image: null }
    const posted = await blueskyAdapter(settings).postPart(part({ card }))
    expect(fake.blobs.length).toBe(before)
    expect(fake.received.find((r) => r.uri === posted.id)?.record.embed).toEqual({
      $type: 'app.bsky.embed.external',
      external: { uri: card.url, title: 'T', description: '' },
    })
  })

  test('the second part of a thread replies to the first as root and parent', async () => {
    const adapter = blueskyAdapter(settings)
    const first = part({ text: 'One 1/2' })
    const root = await adapter.postPart(first)
    const second = await adapter.postPart({
      ...first,
      text: 'Two 2/2',
      key: first.key.replace(/-0$/, '-1'),
      index: 1,
      replyTo: { root, parent: root },
    })
    const reply = fake.received.find((r) => r.uri === second.id)?.record.reply
    expect(reply).toEqual({ root: { uri: root.id, cid: root.cid }, parent: { uri: root.id, cid: root.cid } })
    expect(second.id).not.toBe(root.id)
  })

  test('the same part posted twice is one record with the same uri (mayExist, and after a lost answer)', async () => {
    const input = part({ text: 'Only once' })
    const first = await blueskyAdapter(settings).postPart(input)
    // A new process: its own adapter and login.
    const again = await blueskyAdapter(settings).postPart({ ...input, mayExist: true })
    expect(again).toEqual(first)
    // Not knowing an earlier try reached Bluesky: the PDS refuses the taken key, the record is answered.
    const third = await blueskyAdapter(settings).postPart({ ...input, mayExist: false })
    expect(third).toEqual(first)
    expect(fake.received.filter((r) => r.record.text === 'Only once')).toHaveLength(1)
    expect(fake.refused.some((r) => r.startsWith('com.atproto.repo.createRecord: 500'))).toBe(true)
  })

  test('one login per adapter; an expired access token is refreshed', async () => {
    const adapter = blueskyAdapter(settings)
    const logins = fake.calls['com.atproto.server.createSession'] ?? 0
    await adapter.postPart(part())
    await adapter.postPart(part())
    expect(fake.calls['com.atproto.server.createSession']).toBe(logins + 1)
    fake.expireAccessTokens()
    const posted = await adapter.postPart(part({ text: 'After refresh' }))
    expect(fake.received.find((r) => r.uri === posted.id)?.record.text).toBe('After refresh')
    expect(fake.calls['com.atproto.server.refreshSession']).toBeGreaterThanOrEqual(1)
  })

  test('a wrong app password is refused for good', async () => {
    const error = await failure(blueskyAdapter({ ...settings, appPassword: 'wrong' }).postPart(part()))
    expect(error.status).toBe(401)
    expect(error.retry).toBe(false)
    expect(error.message).toBe('Bluesky answered 401: Invalid identifier or password')
  })

  test('rate limited (429) may pass later', async () => {
    const adapter = blueskyAdapter(settings)
    await adapter.verify()
    fake.setMode('rate-limited')
    const error = await failure(adapter.postPart(part()))
    expect(error.status).toBe(429)
    expect(error.retry).toBe(true)
    expect(error.message).toBe('Bluesky answered 429: Rate Limit Exceeded')
  })

  test('a PDS answering 502 may pass later', async () => {
    fake.setMode('down')
    const error = await failure(blueskyAdapter(settings).postPart(part()))
    expect(error.status).toBe(502)
    expect(error.retry).toBe(true)
  })

  test('nothing listening: could not reach Bluesky, may pass later', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const error = await failure(
      blueskyAdapter({ ...settings, serviceUrl: `http://127.0.0.1:${port}` }).postPart(part()),
    )
    expect(error.status).toBeNull()
    expect(error.retry).toBe(true)
    expect(error.message).toBe('Could not reach Bluesky (connection failed).')
  })

  test('an aborted signal stops the call as unreached', async () => {
    const error = await failure(blueskyAdapter(settings).postPart(part({ signal: AbortSignal.abort() })))
    expect(error.retry).toBe(true)
    expect(error.message).toBe('Could not reach Bluesky (no answer in time).')
  })

  test('text over 300 graphemes is refused by Bluesky and not tried again', async () => {
    const error = await failure(blueskyAdapter(settings).postPart(part({ text: '👍🏽'.repeat(301) })))
    expect(error.status).toBe(400)
    expect(error.retry).toBe(false)
    expect(error.message).toBe(
      'Bluesky answered 400: Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes',
    )
  })
})

describe('verify', () => {
  test('answers the account handle', async () => {
    expect(await blueskyAdapter(settings).verify()).toEqual({ account: `@${FAKE_BLUESKY_ACCOUNT.handle}` })
  })

  test('a wrong app password is not retryable', async () => {
    const error = await failure(blueskyAdapter({ ...settings, appPassword: 'nope' }).verify())
    expect(error.retry).toBe(false)
  })
})

describe('the fake refuses what the adapter must not send', () => {
  const xrpc = async (method: string, body: unknown, token?: string) => {
    const res = await fetch(`${fake.url}/xrpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const create = async (record: Record<string, unknown>, rkey?: string) => {
    const login = await xrpc('com.atproto.server.createSession', {
      identifier: FAKE_BLUESKY_ACCOUNT.handle,
      password: FAKE_BLUESKY_ACCOUNT.appPassword,
    })
    const post = { $type: 'app.bsky.feed.post', createdAt: new Date().toISOString(), ...record }
    return xrpc(
      'com.atproto.repo.createRecord',
      { repo: FAKE_BLUESKY_ACCOUNT.did, collection: 'app.bsky.feed.post', rkey, record: post },
      login.body.accessJwt as string,
    )
  }

  test('a link facet counted in UTF-16 units instead of UTF-8 bytes', async () => {
    const text = 'Café 👍 https://videoquest.test/s/x'
    const start = text.indexOf('https')
    const facets = [
      {
        index: { byteStart: start, byteEnd: text.length },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://videoquest.test/s/x' }],
      },
    ]
    const res = await create({ text, facets })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('InvalidRequest')
  })

  test('a malformed record key, and no token', async () => {
    expect((await create({ text: 'x' }, 'not-a-tid')).status).toBe(400)
    const anonymous = await xrpc('com.atproto.repo.createRecord', { repo: FAKE_BLUESKY_ACCOUNT.did })
    expect(anonymous).toEqual({
      status: 401,
      body: { error: 'AuthenticationRequired', message: 'Authentication Required' },
    })
  })
})
