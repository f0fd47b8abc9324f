// The Mastodon adapter against a fake Mastodon on 127.0.0.1, over real HTTP through masto.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PostPartInput } from '#server/services/channels/adapter.ts'
import { mastodonAdapter } from '#server/services/channels/mastodon.ts'
import { failure, part as textPart } from '#tests/fixtures/channel-test.ts'
import {
  FAKE_MASTODON_TOKEN,
  type FakeMastodon,
  fakeMastodonEnv,
  startFakeMastodon,
} from '#tests/fixtures/fake-mastodon.ts'

let fake: FakeMastodon

beforeEach(async () => {
  fake = await startFakeMastodon()
})
afterEach(async () => {
  await fake.close()
})

const adapterFor = (f: Pick<FakeMastodon, 'url'>, token = FAKE_MASTODON_TOKEN) => {
  const env = fakeMastodonEnv(f)
  return mastodonAdapter({ url: env.MASTODON_URL as string, accessToken: token })
}

const part = (over: Partial<PostPartInput> = {}) => textPart('Hello from the blog https://blog.example/s/abc', over)

describe('mastodonAdapter.postPart', () => {
  it('posts the text publicly with the key as Idempotency-Key and answers the status', async () => {
    const posted = await adapterFor(fake).postPart(part())
    expect(fake.received).toHaveLength(1)
    const [got] = fake.received
    expect(got).toMatchObject({
      status: 'Hello from the blog https://blog.example/s/abc',
      visibility: 'public',
      inReplyToId: null,
      idempotencyKey: 'vq-1-0',
    })
    expect(posted).toEqual({ id: got?.id, url: `${fake.url}/@writer/${got?.id}` })
  })

  it('posts a thread: part 2 replies to part 1', async () => {
    const adapter = adapterFor(fake)
    const first = await adapter.postPart(part({ text: 'One 1/2', key: 'vq-2-0' }))
    const second = await adapter.postPart(
      part({ text: 'Two 2/2', key: 'vq-2-1', index: 1, replyTo: { root: first, parent: first } }),
    )
    expect(fake.received.map((s) => [s.status, s.inReplyToId])).toEqual([
      ['One 1/2', null],
      ['Two 2/2', first.id],
    ])
    expect(second.id).not.toBe(first.id)
  })

  it('the same key twice makes one status and answers the same id', async () => {
    const adapter = adapterFor(fake)
    const a = await adapter.postPart(part({ key: 'vq-3-0' }))
    const b = await adapter.postPart(part({ key: 'vq-3-0', mayExist: true }))
    expect(b).toEqual(a)
    expect(fake.received).toHaveLength(1)
    expect(fake.replays()).toBe(1)
  })

  it('counts a link as 23: 500 fits with a long link, 501 is refused for good', async () => {
    const link = `https://blog.example/${'long-path/'.repeat(10)}s/abc`
    expect(link.length).toBeGreaterThan(100)
    const fits = `${'a'.repeat(500 - 23 - 1)} ${link}`
    await adapterFor(fake).postPart(part({ text: fits, key: 'vq-4-0' }))
    expect(fake.received.map((s) => s.status)).toEqual([fits])

    const error = await failure(adapterFor(fake).postPart(part({ text: `a${fits}`, key: 'vq-4-1' })))
    expect(error.retry).toBe(false)
    expect(error.status).toBe(422)
    expect(error.message).toBe('Mastodon answered 422: Validation failed: Text character limit of 500 exceeded')
    expect(fake.received).toHaveLength(1)
  })

  it('a reply to a status the instance does not know is refused for good', async () => {
    const ghost = { id: '1', url: null }
    const error = await failure(adapterFor(fake).postPart(part({ replyTo: { root: ghost, parent: ghost } })))
    expect(error).toMatchObject({ status: 404, retry: false, message: 'Mastodon answered 404: Record not found' })
  })

  it('a bad token is refused for good', async () => {
    const error = await failure(adapterFor(fake, 'wrong-token').postPart(part()))
    expect(error).toMatchObject({
      status: 401,
      retry: false,
      message: 'Mastodon answered 401: The access token is invalid',
    })
    expect(fake.received).toHaveLength(0)
  })

  it('429 may pass later', async () => {
    fake.setMode('rate-limited')
    const error = await failure(adapterFor(fake).postPart(part()))
    expect(error).toMatchObject({ status: 429, retry: true, message: 'Mastodon answered 429: Too many requests' })
  })

  it('an instance that is down (a 503 page, not JSON) may pass later', async () => {
    fake.setMode('down')
    const error = await failure(adapterFor(fake).postPart(part()))
    expect(error).toMatchObject({
      status: null,
      retry: true,
      message: "Mastodon gave an answer that is not its API's (the server may be down).",
    })
  })

  it('a closed port may pass later: Could not reach Mastodon', async () => {
    const closed = await startFakeMastodon()
    await closed.close()
    const error = await failure(adapterFor(closed).postPart(part()))
    expect(error).toMatchObject({ status: null, retry: true })
    expect(error.message).toBe('Could not reach Mastodon (connection failed).')
  })

  it('gives up after the timeout and respects the caller signal', async () => {
    const silent = http.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
      const slow = mastodonAdapter({ url, accessToken: FAKE_MASTODON_TOKEN }, { timeoutMs: 200 })
      const timedOut = await failure(slow.postPart(part()))
      expect(timedOut).toMatchObject({ retry: true, message: 'Could not reach Mastodon (no answer in time).' })

      const controller = new AbortController()
      const pending = mastodonAdapter({ url, accessToken: FAKE_MASTODON_TOKEN }).postPart(
        part({ signal: controller.signal }),
      )
      controller.abort()
      expect(await failure(pending)).toMatchObject({
        retry: true,
        message: 'Could not reach Mastodon (no answer in time).',
      })
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})

describe('mastodonAdapter.verify', () => {
  it('answers the account as @acct', async () => {
    expect(await adapterFor(fake).verify()).toEqual({ account: '@writer' })
    expect(fake.received).toHaveLength(0)
  })

  it('a bad token is refused for good', async () => {
    const error = await failure(adapterFor(fake, 'wrong-token').verify())
    expect(error).toMatchObject({ status: 401, retry: false })
  })
})

describe('the fake Mastodon', () => {
  it('takes a form body as the real one does', async () => {
    const res = await fetch(`${fake.url}/api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FAKE_MASTODON_TOKEN}`, 'idempotency-key': 'form-1' },
      body: new URLSearchParams({ status: 'From a form', visibility: 'unlisted' }),
    })
    expect(res.status).toBe(200)
    expect(fake.received).toMatchObject([
      { status: 'From a form', visibility: 'unlisted', encoding: 'form', idempotencyKey: 'form-1' },
    ])
  })
})
