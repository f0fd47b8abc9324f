// Issue 29: social posts on every network. The model, the texts per network, the edit rules, and
// that the X endpoints answer as before. Posting through each network's adapter against its fake
// is in social-posting.test.ts.
import { describe, expect, test } from 'vitest'
import { CHANNEL_RULES, type Channel, checkText } from '#common/channels.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'
import type { SocialWriter } from '#server/services/social-text.ts'
import { json, signedInTestApp, validPost } from '#tests/helpers/app.ts'

const PUBLIC_URL = 'https://vidquest.io'
const t = signedInTestApp({ publicUrl: PUBLIC_URL }, undefined, { jobs: 'add' })

let slugCounter = 0
async function createPost(overrides: Record<string, unknown> = {}) {
  slugCounter += 1
  const res = await t.app.request(
    '/api/blog',
    json('POST', validPost({ slug: `social-${slugCounter}`, published: true, ...overrides }), t.cookie),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string } }).post
}

async function generate(postId: number, body: unknown) {
  const res = await t.app.request(`/api/blog/${postId}/social-posts`, json('POST', body, t.cookie))
  return {
    status: res.status,
    body: (await res.json()) as SocialPost & { error?: string; fields?: Record<string, string> },
  }
}

async function patch(id: number, body: unknown) {
  const res = await t.app.request(`/api/social-posts/${id}`, json('PATCH', body, t.cookie))
  return { status: res.status, body: (await res.json()) as any }
}

const LONG_EXCERPT =
  'Rewarded video turns a skipped ad into a chosen one. Viewers pick the quest, watch to the end and claim a reward. ' +
  'Brands see completion rates above 90 percent. The reward lands them on the brand site with intent. ' +
  'Here is what three campaigns learned about timing, reward size and the call to action that followed.'

describe('POST /api/blog/{id}/social-posts (generate)', () => {
  test.each(['linkedin', 'bluesky', 'mastodon', 'threads'] as const)(
    'a %s post is written in its manner and fits with its own short link',
    async (channel) => {
      const post = await createPost({
        title: 'Rewarded video in practice',
        excerpt: LONG_EXCERPT,
        tags: ['video', 'rewards', 'market-trends', 'loyalty', 'brand-safety', 'attention'],
      })
      const { status, body } = await generate(post.id, { channel })
      expect(status).toBe(201)
      expect(body).toMatchObject({ channel, blogPostId: post.id, status: 'draft', remoteId: null, postedParts: 0 })
      expect(body.shortUrl).toMatch(new RegExp(`^${PUBLIC_URL}/s/[0-9A-Za-z]{7}$`))
      expect(body.parts).toEqual([`${body.text} ${body.shortUrl}`])
      expect(checkText(channel, body.text, body.shortUrl).fits).toBe(true)
      expect(body.fits).toBe(true)
      expect(body.limit).toBe(CHANNEL_RULES[channel].limit)
      expect(body.text.startsWith('Rewarded video in practice')).toBe(true)
      const hashtags = body.text.match(/#\w+/g) ?? []
      if (channel === 'linkedin') {
        // A hook, short paragraphs, a question, then at most five hashtags.
        expect(body.hookFits).toBe(true)
        expect(body.text).toContain('?')
        expect(body.text.split('\n\n').length).toBeGreaterThanOrEqual(4)
        expect(hashtags.length).toBeGreaterThanOrEqual(3)
        expect(hashtags.length).toBeLessThanOrEqual(5)
      } else if (channel === 'mastodon') {
        expect(hashtags).toEqual(['#video', '#rewards', '#MarketTrends'])
      } else {
        expect(hashtags).toEqual([])
      }
    },
  )

  test('a custom text is the post, shortened at a word end to fit Bluesky', async () => {
    const post = await createPost()
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')
    const { status, body } = await generate(post.id, { channel: 'bluesky', customContent: words })
    expect(status).toBe(201)
    expect(body.originalContent).toBe(words)
    expect(body.text.endsWith('…')).toBe(true)
    expect(body.text).toMatch(/word\d+…$/)
    expect(checkText('bluesky', body.text, body.shortUrl).fits).toBe(true)
  })

  test('a writer that fails falls back to the template; one that answers too long is fitted', async () => {
    const post = await createPost({ title: 'Writers may fail' })
    const failing: SocialWriter = {
      name: 'ai',
      write: async () => {
        throw new Error('provider down')
      },
    }
    t.services.socialWriter = failing
    try {
      const { status, body } = await generate(post.id, { channel: 'threads' })
      expect(status).toBe(201)
      expect(body.text.startsWith('Writers may fail')).toBe(true)
      t.services.socialWriter = { name: 'ai', write: async () => 'long '.repeat(400) }
      const fitted = await generate(post.id, { channel: 'threads' })
      expect(fitted.status).toBe(201)
      expect(checkText('threads', fitted.body.text, fitted.body.shortUrl).fits).toBe(true)
    } finally {
      t.services.socialWriter = undefined
    }
  })

  test('an unknown network, a missing post and a signed-out caller are refused', async () => {
    const post = await createPost()
    expect((await generate(post.id, { channel: 'myspace' })).status).toBe(400)
    expect((await generate(post.id, {})).status).toBe(400)
    expect((await generate(999_999, { channel: 'linkedin' })).status).toBe(404)
    const res = await t.app.request(`/api/blog/${post.id}/social-posts`, json('POST', { channel: 'linkedin' }))
    expect(res.status).toBe(401)
  })
})

describe('GET /api/blog/{id}/social-posts and the X endpoints', () => {
  test('lists every network or one; the X endpoints see X posts alone, in their old shape', async () => {
    const post = await createPost()
    const x = await t.app.request(`/api/blog/${post.id}/publish-x`, json('POST', {}, t.cookie))
    expect(x.status).toBe(201)
    const xPost = (await x.json()) as Record<string, unknown>
    const linkedin = (await generate(post.id, { channel: 'linkedin' })).body
    const mastodon = (await generate(post.id, { channel: 'mastodon' })).body

    const all = await t.app.request(`/api/blog/${post.id}/social-posts`, { headers: { cookie: t.cookie } })
    const list = ((await all.json()) as { socialPosts: SocialPost[] }).socialPosts
    expect(list.map((p) => p.channel).sort()).toEqual(['linkedin', 'mastodon', 'x'])
    const xAsSocial = list.find((p) => p.channel === 'x') as SocialPost
    expect(xAsSocial.id).toBe(xPost.id)
    expect(xAsSocial.text).toBe(xPost.rewrittenContent)

    const one = await t.app.request(`/api/blog/${post.id}/social-posts?channel=linkedin`, {
      headers: { cookie: t.cookie },
    })
    expect(((await one.json()) as { socialPosts: SocialPost[] }).socialPosts.map((p) => p.id)).toEqual([linkedin.id])
    const bad = await t.app.request(`/api/blog/${post.id}/social-posts?channel=orkut`, {
      headers: { cookie: t.cookie },
    })
    expect(bad.status).toBe(400)

    // The X endpoints: the X post alone, with exactly the keys it had before issue 29.
    const xList = await t.app.request(`/api/blog/${post.id}/x-posts`, { headers: { cookie: t.cookie } })
    const xPosts = ((await xList.json()) as { xPosts: Record<string, unknown>[] }).xPosts
    expect(xPosts.map((p) => p.id)).toEqual([xPost.id])
    expect(Object.keys(xPosts[0] as object).sort()).toEqual(Object.keys(xPost).sort())
    expect(Object.keys(xPost)).not.toContain('channel')
    const status = await t.app.request(
      `/api/x-posts/${mastodon.id}/status`,
      json('PATCH', { status: 'published' }, t.cookie),
    )
    expect(status.status).toBe(404)
  })

  test("each social post's short link sends the reader with its network as the source", async () => {
    const post = await createPost()
    for (const channel of ['linkedin', 'bluesky'] as Channel[]) {
      const { body } = await generate(post.id, { channel })
      const res = await t.app.request(`/s/${body.shortCode}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      })
      expect(res.status).toBe(302)
      const location = new URL(res.headers.get('location') as string)
      expect(location.pathname).toBe(`/blog/${post.slug}`)
      expect(location.searchParams.get('utm_source')).toBe(channel)
      expect(location.searchParams.get('utm_campaign')).toBe(`${channel}-post-${body.id}`)
    }
  })
})

describe('PATCH /api/social-posts/{id}', () => {
  test('a text too long for one Bluesky post is refused unless it goes as a thread', async () => {
    const post = await createPost()
    const { body: created } = await generate(post.id, { channel: 'bluesky' })
    const long = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i + 1} says one more thing about quests.`,
    ).join(' ')
    const refused = await patch(created.id, { text: long })
    expect(refused.status).toBe(400)
    expect(refused.body.fields.text).toMatch(/of 300 characters as Bluesky counts them.*thread/)
    const unchanged = await t.app.request(`/api/blog/${post.id}/social-posts`, { headers: { cookie: t.cookie } })
    expect(((await unchanged.json()) as { socialPosts: SocialPost[] }).socialPosts[0]?.text).toBe(created.text)

    const thread = await patch(created.id, { text: long, asThread: true, linkAt: 'first' })
    expect(thread.status).toBe(200)
    const parts: string[] = thread.body.socialPost.parts
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(checkText('bluesky', part).fits).toBe(true)
    expect(parts[0]).toContain(created.shortUrl)
    expect(parts[0]).toMatch(/ 1\/\d+/)
    expect(parts.slice(1).some((p) => p.includes(created.shortUrl))).toBe(false)
    expect(thread.body.socialPost).toMatchObject({ asThread: true, linkAt: 'first', fits: true })
  })

  test("LinkedIn: no threads, and the hook must fit before 'see more'", async () => {
    const post = await createPost()
    const { body: created } = await generate(post.id, { channel: 'linkedin' })
    const noThread = await patch(created.id, { asThread: true })
    expect(noThread.status).toBe(400)
    expect(noThread.body.fields.asThread).toMatch(/LinkedIn has no threads/)
    const longHook = await patch(created.id, { text: `${'A hook that goes on '.repeat(12)}\n\nThen the body.` })
    expect(longHook.status).toBe(400)
    expect(longHook.body.fields.text).toMatch(/210 characters LinkedIn shows before 'see more'/)
    const fine = await patch(created.id, { text: 'A short hook.\n\nA body of the post.\n\nWhat do you think?' })
    expect(fine.status).toBe(200)
    expect(fine.body.socialPost.text).toBe('A short hook.\n\nA body of the post.\n\nWhat do you think?')
  })

  test('bad bodies are 400 and change nothing; an unknown id is 404', async () => {
    const post = await createPost()
    const { body: created } = await generate(post.id, { channel: 'threads' })
    for (const bad of [
      {},
      { text: '' },
      { text: 42 },
      { asThread: 'yes' },
      { linkAt: 'middle' },
      { text: 'x'.repeat(10_001) },
    ]) {
      expect((await patch(created.id, bad)).status).toBe(400)
    }
    expect((await patch(999_999, { text: 'Hello' })).status).toBe(404)
  })
})

describe('publish and schedule without a connection', () => {
  test('say which settings connect the network (503), and change nothing', async () => {
    const post = await createPost()
    const { body: created } = await generate(post.id, { channel: 'mastodon' })
    const now = await t.app.request(`/api/social-posts/${created.id}/publish`, json('POST', undefined, t.cookie))
    expect(now.status).toBe(503)
    expect(((await now.json()) as { error: string }).error).toBe(
      'Posting to Mastodon is not connected: connect it on the Channels screen, or set MASTODON_URL and MASTODON_ACCESS_TOKEN on the server.',
    )
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const later = await t.app.request(`/api/social-posts/${created.id}/schedule`, json('POST', { at }, t.cookie))
    expect(later.status).toBe(503)
    const caps = await t.app.request('/api/social-posts/capabilities', { headers: { cookie: t.cookie } })
    const body = (await caps.json()) as { channels: { channel: string; connected: boolean }[] }
    expect(body.channels.map((c) => c.channel)).toEqual(['x', 'linkedin', 'bluesky', 'mastodon', 'threads'])
    expect(body.channels.every((c) => c.connected === false)).toBe(true)
  })
})
