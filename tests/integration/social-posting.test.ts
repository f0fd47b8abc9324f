// Issue 29: a social post goes to its network through the network's adapter, over real HTTP to a
// fake of that network on 127.0.0.1: now, on schedule, with the article as a card, once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SocialPost } from '#common/contract/social-posts.ts'
import { loadConfig } from '#server/config.ts'
import { storeImage } from '#server/services/images.ts'
import { loadSharp } from '#server/services/sharp.ts'
import { FAKE_BLUESKY_ACCOUNT, type FakeBluesky, startFakeBluesky } from '#tests/fixtures/fake-bluesky.ts'
import { FAKE_LINKEDIN, type FakeLinkedIn, startFakeLinkedIn } from '#tests/fixtures/fake-linkedin.ts'
import { FAKE_MASTODON_TOKEN, type FakeMastodon, startFakeMastodon } from '#tests/fixtures/fake-mastodon.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'
import { within } from '#tests/helpers/wait.ts'

const base = loadConfig({ NODE_ENV: 'test' })
let t: TestApp
let cookie: string
let linkedin: FakeLinkedIn
let bluesky: FakeBluesky
let mastodon: FakeMastodon

beforeAll(async () => {
  mastodon = await startFakeMastodon()
  linkedin = await startFakeLinkedIn()
  bluesky = await startFakeBluesky()
  t = await createTestApp(
    {
      publicUrl: 'https://vidquest.io',
      social: {
        ...base.social,
        linkedin: {
          baseUrl: linkedin.url,
          accessToken: FAKE_LINKEDIN.accessToken,
          organizationId: FAKE_LINKEDIN.organizationId,
        },
        bluesky: {
          serviceUrl: bluesky.url,
          handle: FAKE_BLUESKY_ACCOUNT.handle,
          appPassword: FAKE_BLUESKY_ACCOUNT.appPassword,
        },
        mastodon: { url: mastodon.url, accessToken: FAKE_MASTODON_TOKEN },
        retryDelaySeconds: 1,
      },
      jobPollSeconds: 0.5,
    },
    undefined,
    { jobs: 'work' },
  )
  cookie = await t.adminCookie()
})
afterAll(async () => {
  await t?.close()
  await linkedin?.close()
  await bluesky?.close()
  await mastodon?.close()
})

let seq = 0
async function createPost(overrides: Record<string, unknown> = {}) {
  seq += 1
  const res = await t.app.request(
    '/api/blog',
    json('POST', validPost({ slug: `posting-${seq}`, ...overrides }), cookie),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string } }).post
}

async function generate(postId: number, channel: string, customContent?: string) {
  const res = await t.app.request(`/api/blog/${postId}/social-posts`, json('POST', { channel, customContent }, cookie))
  expect(res.status).toBe(201)
  return (await res.json()) as SocialPost
}

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, json(method, body, cookie))
  return { status: res.status, body: (await res.json()) as any }
}

describe('LinkedIn', () => {
  test('Post now: the text as written (reserved characters escaped), the article as a card with its cover', async () => {
    const sharp = await loadSharp()
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#6d28d9' } })
      .png()
      .toBuffer()
    const cover = await storeImage(t.database.db, new Uint8Array(png), 'cover.png')
    const post = await createPost({
      title: 'Quests (and rewards) that work',
      excerpt: 'What #1 brands learned.',
      featuredImage: cover.url,
      isPublished: true,
    })
    const created = await generate(post.id, 'linkedin', 'Three lessons [with data] from @brands: read on_')
    const { status, body } = await call('POST', `/api/social-posts/${created.id}/publish`)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.message).toBe('Posted to LinkedIn.')
    expect(body.socialPost).toMatchObject({ status: 'published', postedParts: 1, errorMessage: null })
    expect(body.socialPost.remoteId).toMatch(/^urn:li:share:\d+$/)
    expect(body.socialPost.remoteUrl).toBe(`https://www.linkedin.com/feed/update/${body.socialPost.remoteId}`)

    expect(linkedin.received).toHaveLength(1)
    const sent = linkedin.received[0]
    expect(sent?.author).toBe(`urn:li:organization:${FAKE_LINKEDIN.organizationId}`)
    // What a reader sees is exactly the writer's text and the tracked link.
    expect(sent?.text).toBe(`${created.text} ${created.shortUrl}`)
    expect(sent?.article).toMatchObject({ source: created.shortUrl, title: 'Quests (and rewards) that work' })
    const thumbnail = sent?.article?.thumbnail as string
    const image = linkedin.images.get(thumbnail)
    expect(image?.contentType).toBe('image/jpeg')
    const meta = await sharp(image?.bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.width).toBe(1200)

    // Posted once: a second Post now is refused and sends nothing.
    const again = await call('POST', `/api/social-posts/${created.id}/publish`)
    expect(again.status).toBe(409)
    expect(linkedin.received).toHaveLength(1)
    // Nor can its text change any more.
    expect((await call('PATCH', `/api/social-posts/${created.id}`, { text: 'Changed' })).status).toBe(409)
  })

  test("Post now while LinkedIn is down fails with LinkedIn's words; on schedule it is tried again until it goes", async () => {
    const post = await createPost({ isPublished: true })
    const created = await generate(post.id, 'linkedin')
    linkedin.setMode('down')
    try {
      const now = await call('POST', `/api/social-posts/${created.id}/publish`)
      expect(now.status).toBe(502)
      expect(now.body.error).toMatch(/^LinkedIn answered 503/)
      expect(now.body.socialPost).toMatchObject({ status: 'failed', remoteId: null })
      // A failed post can still be changed before it is tried again.
      const edited = await call('PATCH', `/api/social-posts/${created.id}`, { text: 'Rewarded video, read on.' })
      expect(edited.status).toBe(200)

      // Scheduled while LinkedIn is down: tried, kept 'scheduled' with the error, posted once it is back.
      const at = new Date(Date.now() + 1_500).toISOString()
      const scheduled = await call('POST', `/api/social-posts/${created.id}/schedule`, { at })
      expect(scheduled.status).toBe(200)
      expect(scheduled.body.socialPost).toMatchObject({ status: 'scheduled', scheduledAt: at })
      const triedOnce = await within(10_000, async () => {
        const list = await call('GET', `/api/blog/${post.id}/social-posts?channel=linkedin`)
        const p = list.body.socialPosts[0] as SocialPost
        return p.status === 'scheduled' && (p.errorMessage ?? '').startsWith('LinkedIn answered 503')
      })
      expect(triedOnce).toBe(true)
    } finally {
      linkedin.setMode('ok')
    }
    const before = linkedin.received.length
    const posted = await within(15_000, async () => {
      const list = await call('GET', `/api/blog/${post.id}/social-posts?channel=linkedin`)
      return (list.body.socialPosts[0] as SocialPost).status === 'published'
    })
    expect(posted).toBe(true)
    expect(linkedin.received.length - before).toBe(1)
  }, 40_000)

  test('a schedule before the article goes live is refused, as for X', async () => {
    const post = await createPost({ isPublished: false })
    const articleAt = new Date(Date.now() + 3_600_000).toISOString()
    expect((await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: articleAt })).status).toBe(200)
    const created = await generate(post.id, 'linkedin')
    const early = await call('POST', `/api/social-posts/${created.id}/schedule`, {
      at: new Date(Date.now() + 600_000).toISOString(),
    })
    expect(early.status).toBe(409)
    expect(early.body.articleAt).toBe(articleAt)
    const after = await call('POST', `/api/social-posts/${created.id}/schedule`, { afterArticle: true })
    expect(after.status).toBe(200)
    expect(after.body.socialPost.scheduledAt).toBe(articleAt)
    const cancelled = await call('DELETE', `/api/social-posts/${created.id}/schedule`)
    expect(cancelled.body.socialPost).toMatchObject({ status: 'draft', scheduledAt: null })
  })
})

describe('Bluesky', () => {
  test('a thread: numbered parts as a reply chain, the link as a facet with its byte offsets and a card in the first', async () => {
    const post = await createPost({ title: 'Über quests 🎯', isPublished: true })
    const created = await generate(post.id, 'bluesky')
    const long = Array.from(
      { length: 10 },
      (_, i) => `Punkt ${i + 1}: Belohnungen wirken, wenn der Zuschauer sie wählt — ganz ohne Zwang. 🎁`,
    ).join(' ')
    const saved = await call('PATCH', `/api/social-posts/${created.id}`, {
      text: long,
      asThread: true,
      linkAt: 'first',
    })
    expect(saved.status).toBe(200)
    const parts: string[] = saved.body.socialPost.parts
    expect(parts.length).toBeGreaterThan(1)

    const { status, body } = await call('POST', `/api/social-posts/${created.id}/publish`)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.socialPost).toMatchObject({ status: 'published', postedParts: parts.length })
    const records = bluesky.received.slice(-parts.length)
    expect(records.map((r) => r.record.text)).toEqual(parts)
    expect(body.socialPost.remoteId).toBe(records[0]?.uri)
    // Each reply names the first part as its root and the one before as its parent.
    records.slice(1).forEach((r, i) => {
      const reply = r.record.reply as { root: { uri: string }; parent: { uri: string } }
      expect(reply.root.uri).toBe(records[0]?.uri)
      expect(reply.parent.uri).toBe(records[i]?.uri)
    })
    // The link: a facet over exactly its UTF-8 bytes, and the card, in the first part.
    const first = records[0]?.record as {
      text: string
      facets: { index: { byteStart: number; byteEnd: number } }[]
      embed: any
    }
    const bytes = Buffer.from(first.text, 'utf8')
    const facet = first.facets[0]?.index as { byteStart: number; byteEnd: number }
    expect(bytes.subarray(facet.byteStart, facet.byteEnd).toString('utf8')).toBe(created.shortUrl)
    expect(first.embed.$type).toBe('app.bsky.embed.external')
    expect(first.embed.external).toMatchObject({ uri: created.shortUrl, title: 'Über quests 🎯' })
  })
})

describe('one calendar', () => {
  test("another network's scheduled post is on the calendar with its network, and moves with its article", async () => {
    const post = await createPost({ isPublished: false, title: 'Calendar for every network' })
    const articleAt = '2027-07-01T09:00:00.000Z'
    expect((await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: articleAt })).status).toBe(200)
    const created = await generate(post.id, 'linkedin')
    const scheduled = await call('POST', `/api/social-posts/${created.id}/schedule`, { at: '2027-07-01T10:00:00.000Z' })
    expect(scheduled.status).toBe(200)
    const calendar = await call('GET', '/api/calendar?from=2027-07-01&to=2027-07-03')
    expect(
      calendar.body.items.find((i: { id: number; type: string }) => i.type === 'x-post' && i.id === created.id),
    ).toMatchObject({
      channel: 'linkedin',
      at: '2027-07-01T10:00:00.000Z',
      status: 'scheduled',
    })
    // The article moves a day later: its LinkedIn post goes with it.
    const moved = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: '2027-07-02T09:00:00.000Z' })
    expect(moved.status).toBe(200)
    const list = await call('GET', `/api/blog/${post.id}/social-posts?channel=linkedin`)
    expect(list.body.socialPosts[0].scheduledAt).toBe('2027-07-02T10:00:00.000Z')
    // And it can be moved on the calendar through its own endpoint.
    const again = await call('POST', `/api/social-posts/${created.id}/schedule`, { at: '2027-07-02T12:00:00.000Z' })
    expect(again.body.socialPost.scheduledAt).toBe('2027-07-02T12:00:00.000Z')
  })
})

describe('Mastodon', () => {
  test('a thread with the link in the last part goes as replies, each with its own idempotency key', async () => {
    const post = await createPost({ isPublished: true })
    const created = await generate(post.id, 'mastodon')
    const long = Array.from(
      { length: 14 },
      (_, i) => `Lesson ${i + 1}: a reward the viewer picks is a reward the viewer remembers.`,
    ).join('\n\n')
    const saved = await call('PATCH', `/api/social-posts/${created.id}`, { text: long, asThread: true, linkAt: 'last' })
    expect(saved.status).toBe(200)
    const parts: string[] = saved.body.socialPost.parts
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.at(-1)).toContain(created.shortUrl)
    expect(parts.slice(0, -1).some((p) => p.includes(created.shortUrl))).toBe(false)

    const { status, body } = await call('POST', `/api/social-posts/${created.id}/publish`)
    expect(status, JSON.stringify(body)).toBe(200)
    const statuses = mastodon.received.slice(-parts.length)
    expect(statuses.map((s) => s.status)).toEqual(parts)
    expect(statuses.map((s) => s.visibility)).toEqual(parts.map(() => 'public'))
    expect(statuses[0]?.inReplyToId).toBeNull()
    expect(statuses.slice(1).map((s) => s.inReplyToId)).toEqual(statuses.slice(0, -1).map((s) => s.id))
    expect(statuses.map((s) => s.idempotencyKey)).toEqual(parts.map((_, i) => `vq-${created.id}-${i}`))
    expect(body.socialPost.remoteId).toBe(statuses[0]?.id)
  })
})
