import { describe, expect, test } from 'vitest'
import { threadsAdapter } from '#server/services/channels/threads.ts'
import { failure, part, serveFake } from '#tests/fixtures/channel-test.ts'
import { FAKE_THREADS, startFakeThreads } from '#tests/fixtures/fake-threads.ts'

const fake = serveFake(startFakeThreads)

const adapter = (overrides: { accessToken?: string; baseUrl?: string } = {}) =>
  threadsAdapter({
    baseUrl: fake().url,
    userId: FAKE_THREADS.userId,
    accessToken: FAKE_THREADS.accessToken,
    ...overrides,
  })

/** A raw Graph call to the fake, for what the adapter never sends. */
const graph = (path: string, params: Record<string, string>) =>
  fetch(`${fake().url}${path}`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, access_token: FAKE_THREADS.accessToken }),
  })

describe('threadsAdapter', () => {
  test('creates a text container, publishes it and answers the post with its permalink', async () => {
    const posted = await adapter().postPart(part('Our new article (with #tags & @names) https://blog.test/s/abc'))
    expect(fake().received).toHaveLength(1)
    const [sent] = fake().received
    expect(sent?.text).toBe('Our new article (with #tags & @names) https://blog.test/s/abc')
    expect(sent?.replyTo).toBeUndefined()
    expect(posted).toEqual({ id: sent?.id, url: sent?.permalink })
    expect(posted.url).toMatch(/^https:\/\/www\.threads\.net\/@fakepress\/post\//)
  })

  test('a two-part thread: the second part replies to the first (reply_to_id)', async () => {
    const a = adapter()
    const first = await a.postPart(part('Part one 1/2'))
    const second = await a.postPart(
      part('Part two 2/2', { key: 'vq-1-1', index: 1, replyTo: { root: first, parent: first } }),
    )
    expect(fake().received.map((p) => [p.id, p.text, p.replyTo])).toEqual([
      [first.id, 'Part one 1/2', undefined],
      [second.id, 'Part two 2/2', first.id],
    ])
  })

  test('mayExist answers the post an earlier try made, and does not post again', async () => {
    const first = await adapter().postPart(part('Posted once'))
    await adapter().postPart(part('Something else'))
    const again = await adapter().postPart(part('Posted once', { mayExist: true }))
    expect(again).toEqual(first)
    expect(fake().received).toHaveLength(2)
  })

  test('mayExist finds an earlier reply among the replies, and does not post it again', async () => {
    const root = await adapter().postPart(part('Root 1/2'))
    const input = part('Reply 2/2', { index: 1, replyTo: { root, parent: root } })
    const reply = await adapter().postPart(input)
    expect(await adapter().postPart({ ...input, mayExist: true })).toEqual(reply)
    expect(fake().received).toHaveLength(2)
  })

  test('mayExist posts when no earlier try reached Threads', async () => {
    const posted = await adapter().postPart(part('Never posted before', { mayExist: true }))
    expect(fake().received.map((p) => p.id)).toEqual([posted.id])
  })

  test('a wrong token is refused for good, with the Graph message and without the token', async () => {
    const error = await failure(adapter({ accessToken: 'THsecret-wrong' }).postPart(part('Hello')))
    expect(error).toMatchObject({
      status: 401,
      retry: false,
      message: 'Threads answered 401: Invalid OAuth access token - Cannot parse access token',
    })
    expect(error.message).not.toContain('THsecret')
  })

  test('a text over 500 characters is refused for good with the network’s message', async () => {
    const error = await failure(adapter().postPart(part('x'.repeat(501))))
    expect(error).toMatchObject({
      status: 400,
      retry: false,
      message: 'Threads answered 400: Param text must be at most 500 characters long.',
    })
    expect(fake().received).toHaveLength(0)
  })

  test('a reply to a post Threads does not know is refused for good', async () => {
    const ghost = { id: '999', url: null }
    const error = await failure(
      adapter().postPart(part('Reply', { index: 1, replyTo: { root: ghost, parent: ghost } })),
    )
    expect(error).toMatchObject({ status: 400, retry: false })
  })

  test('the fake refuses to publish an unknown container, or the same container twice', async () => {
    const path = `/${FAKE_THREADS.userId}`
    expect((await graph(`${path}/threads_publish`, { creation_id: '42' })).status).toBe(400)
    const created = (await (await graph(`${path}/threads`, { media_type: 'TEXT', text: 'Once' })).json()) as {
      id: string
    }
    expect((await graph(`${path}/threads_publish`, { creation_id: created.id })).status).toBe(200)
    const twice = await graph(`${path}/threads_publish`, { creation_id: created.id })
    expect(twice.status).toBe(400)
    expect(fake().received.map((p) => p.text)).toEqual(['Once'])
  })

  test('429 and 503 may pass later', async () => {
    fake().setMode('rate-limited')
    expect(await failure(adapter().postPart(part('Hello')))).toMatchObject({ status: 429, retry: true })
    fake().setMode('down')
    expect(await failure(adapter().verify())).toMatchObject({ status: 503, retry: true })
  })

  test('a closed port is unreachable and may pass later', async () => {
    const gone = await startFakeThreads()
    await gone.close()
    const error = await failure(adapter({ baseUrl: gone.url }).postPart(part('Hello')))
    expect(error).toMatchObject({ status: null, retry: true, message: 'Could not reach Threads (connection failed).' })
  })

  test('verify answers the account’s @username', async () => {
    expect(await adapter().verify()).toEqual({ account: `@${FAKE_THREADS.username}` })
    expect(fake().received).toHaveLength(0)
  })
})
