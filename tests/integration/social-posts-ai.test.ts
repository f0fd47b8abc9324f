import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkText } from '#common/channels.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'
import { type AiTestApp, createAiTestApp, promptOf, publishArticle } from '#tests/integration/ai-helpers.ts'

// Issue 29: the AI provider writes a different post per network, with that network's brief, and
// what it answers is kept only when it fits the network with the link; otherwise it is asked again,
// and the template writes it when the provider keeps failing.

let a: AiTestApp
let postId: number
beforeAll(async () => {
  a = await createAiTestApp({ ai: { rateLimit: 1000 } })
  postId = await publishArticle(a, 'social-ai-rewarded-video')
})
afterAll(() => a?.close())

const asked = (network: string) =>
  a.fake.requests.filter((r) => r.body?.response_format?.json_schema?.name === `${network}_post`)

describe('POST /api/blog/{id}/social-posts with the AI provider configured', () => {
  test('LinkedIn gets its own brief (hook, short paragraphs, a question, 3–5 hashtags) and its answer', async () => {
    const before = asked('linkedin').length
    const res = await a.post(`/api/blog/${postId}/social-posts`, { channel: 'linkedin' })
    expect(res.status).toBe(201)
    const post = res.body as SocialPost
    expect(post.text).toBe(
      'Most ad views are skipped. Rewarded video in practice shows why.\n\nViewers who choose a quest watch to the end.\n\nWhat would you reward first?\n\n#RewardedVideo #Marketing #AdTech',
    )
    expect(post.hookFits).toBe(true)
    const requests = asked('linkedin').slice(before)
    expect(requests).toHaveLength(1)
    const prompt = promptOf(requests[0] as { body: unknown })
    expect(prompt).toContain('Write one LinkedIn post')
    expect(prompt).toContain('Article title: Rewarded video in practice')
    expect(prompt).toMatch(/hook of at most 200 characters/)
    expect(prompt).toMatch(/3 to 5 relevant hashtags/)
  })

  test('Mastodon and Bluesky get briefs of their own', async () => {
    for (const network of ['mastodon', 'bluesky'] as const) {
      const res = await a.post(`/api/blog/${postId}/social-posts`, { channel: network })
      expect(res.status).toBe(201)
      expect((res.body as SocialPost).text).toBe(`New on the blog (${network}): Rewarded video in practice`)
      const prompt = promptOf(asked(network).at(-1) as { body: unknown })
      expect(prompt).toContain(network === 'mastodon' ? 'A Mastodon post' : 'A Bluesky post')
      expect(prompt).toContain(network === 'mastodon' ? 'At most 476 characters' : 'At most')
    }
  })

  test('an answer too long for Bluesky is asked again; a provider that keeps failing leaves it to the template', async () => {
    const long = JSON.stringify({ text: 'word '.repeat(100) })
    a.fake.fail({ kind: 'content', content: long })
    const before = asked('bluesky').length
    const res = await a.post(`/api/blog/${postId}/social-posts`, { channel: 'bluesky' })
    expect(res.status).toBe(201)
    const post = res.body as SocialPost
    expect(asked('bluesky').length - before).toBe(2)
    expect(post.text).toBe('New on the blog (bluesky): Rewarded video in practice')
    expect(checkText('bluesky', post.text, post.shortUrl).fits).toBe(true)

    a.fake.fail(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    )
    const fallback = await a.post(`/api/blog/${postId}/social-posts`, { channel: 'threads' })
    expect(fallback.status).toBe(201)
    // The template of Threads: the title and the teaser, no hashtags.
    expect((fallback.body as SocialPost).text).toBe(
      'Rewarded video in practice\n\nWhat a video quest does for completion rates.',
    )
    while (a.fake.pending() > 0) await a.post(`/api/blog/${postId}/social-posts`, { channel: 'threads' })
  })
})
