import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tweetText, type XPost } from '#common/contract/x-posts.ts'
import { xWeightedLength } from '#common/x-post-text.ts'
import { type AiTestApp, createAiTestApp, promptOf, publishArticle } from '#tests/integration/ai-helpers.ts'

// X posts written by the AI provider (issue 5 §1) when AI_API_KEY is set, against the fake
// OpenAI-compatible server: what it is asked, what is kept, and the template when it fails.

let a: AiTestApp
let postId: number
beforeAll(async () => {
  a = await createAiTestApp({ ai: { rateLimit: 1000 } })
  postId = await publishArticle(a, 'x-ai-rewarded-video')
})
afterAll(() => a?.close())

const publishX = (body?: unknown) => a.post(`/api/blog/${postId}/publish-x`, body)
const xPostRequests = () => a.fake.requests.filter((r) => r.body?.response_format?.json_schema?.name === 'x_post')
const weight = (x: XPost) => xWeightedLength(tweetText(x))

describe('POST /api/blog/{id}/publish-x with the AI provider configured', () => {
  test('the provider writes the text from the title, excerpt and tags; the link fits in 280', async () => {
    const before = xPostRequests().length
    const res = await publishX({})
    expect(res.status).toBe(201)
    const xPost = res.body as XPost
    expect(xPost.rewrittenContent).toBe('New on the blog: Rewarded video in practice #RewardedVideo')
    expect(xPost.originalContent).toBe('Rewarded video in practice\n\nWhat a video quest does for completion rates.')
    expect(xPost.status).toBe('draft')
    expect(weight(xPost)).toBeLessThanOrEqual(280)
    const asked = xPostRequests().slice(before)
    expect(asked).toHaveLength(1)
    const prompt = promptOf(asked[0] as { body: unknown })
    expect(prompt).toContain('Article title: Rewarded video in practice')
    expect(prompt).toContain('Article summary: What a video quest does for completion rates.')
    expect(prompt).toContain('Article tags: rewarded video, gen z')
    expect(prompt).toContain('At most 256 characters')
  })

  test('with custom content the provider writes from the notes, and the notes are the original', async () => {
    const before = xPostRequests().length
    const res = await publishX({ customContent: 'Completion rates doubled for our launch partner' })
    expect(res.status).toBe(201)
    expect((res.body as XPost).rewrittenContent).toBe(
      'AI take on your notes: Completion rates doubled for our launch partner #RewardedVideo',
    )
    expect((res.body as XPost).originalContent).toBe('Completion rates doubled for our launch partner')
    expect(promptOf(xPostRequests()[before] as { body: unknown })).toContain(
      '"""\nCompletion rates doubled for our launch partner\n"""',
    )
  })

  test('a text over the limit is sent back once with the reason; a fitting second answer is kept', async () => {
    const before = xPostRequests().length
    a.fake.fail({ kind: 'content', content: JSON.stringify({ text: `${'Too long '.repeat(40)}#video` }) })
    const res = await publishX({})
    expect(res.status).toBe(201)
    expect((res.body as XPost).rewrittenContent).toBe('New on the blog: Rewarded video in practice #RewardedVideo')
    const asked = xPostRequests().slice(before)
    expect(asked).toHaveLength(2)
    expect(promptOf(asked[1] as { body: unknown })).toMatch(/the limit is 256/)
  })

  test('a text with a link of its own is refused like a long one', async () => {
    const before = xPostRequests().length
    a.fake.fail({ kind: 'content', content: JSON.stringify({ text: 'Read it at https://example.com now' }) })
    const res = await publishX({})
    expect((res.body as XPost).rewrittenContent).not.toContain('example.com')
    expect(xPostRequests().slice(before)).toHaveLength(2)
  })

  test('when the provider fails or answers badly twice, the X post is still made from the template', async () => {
    a.fake.fail({ kind: 'status', status: 401 })
    const down = await publishX({})
    expect(down.status).toBe(201)
    expect((down.body as XPost).rewrittenContent).toBe(
      'Rewarded video in practice\n\nWhat a video quest does for completion rates.\n\n#RewardedVideo #GenZ',
    )
    a.fake.fail({ kind: 'malformed-json' }, { kind: 'schema-mismatch' })
    const invalid = await publishX({ customContent: 'Our own words, kept as written' })
    expect(invalid.status).toBe(201)
    expect((invalid.body as XPost).rewrittenContent).toBe('Our own words, kept as written')
    expect(a.logs.some((line) => line.includes('X post writer failed; using the template'))).toBe(true)
  })
})

describe('the AI rate limit', () => {
  test('past AI_RATE_LIMIT the X post comes from the template without asking the provider', async () => {
    const limited = await createAiTestApp({ ai: { rateLimit: 1 } })
    try {
      const made = await limited.post('/api/blog', {
        title: 'Limited',
        slug: 'x-ai-limited',
        excerpt: 'A teaser.',
        content: 'Body.',
        category: 'company',
        tags: [],
        isPublished: false,
      })
      const id = (made.body as { post: { id: number } }).post.id
      const first = await limited.post(`/api/blog/${id}/publish-x`, {})
      expect((first.body as XPost).rewrittenContent).toBe('New on the blog: Limited #RewardedVideo')
      const asked = limited.fake.requests.length
      const second = await limited.post(`/api/blog/${id}/publish-x`, {})
      expect(second.status).toBe(201)
      expect((second.body as XPost).rewrittenContent).toBe('Limited\n\nA teaser.')
      expect(limited.fake.requests.length).toBe(asked)
    } finally {
      await limited.close()
    }
  })
})
