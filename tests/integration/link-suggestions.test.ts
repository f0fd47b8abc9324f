import { describe, expect, test } from 'vitest'
import { LinkSuggestions } from '#common/contract/posts.ts'
import { json, signedInTestApp, validPost } from '#tests/helpers/app.ts'

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: the same full-text SQL.
const t = signedInTestApp()

async function create(overrides: Record<string, unknown>) {
  const res = await t.app.request('/api/blog', json('POST', validPost(overrides), t.cookie))
  expect(res.status).toBe(201)
  return ((await res.json()) as any).post as { id: number; slug: string }
}

const suggestionsOf = async (id: number | string, withCookie: string | undefined = t.cookie) => {
  const res = await t.app.request(`/api/blog/${id}/link-suggestions`, json('GET', undefined, withCookie))
  return { status: res.status, body: (await res.json()) as any }
}

describe('GET /api/blog/{id}/link-suggestions', () => {
  test('offers related published posts with a phrase of this post, never itself, drafts or unrelated posts', async () => {
    const quests = await create({
      slug: 'video-quests-explained',
      title: 'Video Quests Explained',
      excerpt: 'How video quests reward viewers who finish a campaign.',
      content: 'Video quests reward viewers. A quest turns a campaign into a game with a reward.',
      tags: ['video quests', 'rewards'],
    })
    const metrics = await create({
      slug: 'completion-rate-metrics',
      title: 'Completion Rate Metrics for Campaigns',
      excerpt: 'Which completion rate a rewarded campaign should reach.',
      content: 'The completion rate of a campaign tells whether viewers stayed. Rewarded viewers finish.',
      tags: ['metrics'],
    })
    await create({
      slug: 'draft-about-video-quests',
      title: 'Video Quests Draft',
      content: 'Video quests reward viewers in this draft campaign.',
      isPublished: false,
    })
    await create({
      slug: 'office-recipes',
      title: 'Office Lunch Recipes',
      content: 'Soup, bread and salad for the team kitchen.',
      tags: ['food'],
    })
    const post = await create({
      slug: 'planning-a-launch',
      title: 'Planning a Launch with Rewards',
      excerpt: 'Rewards, viewers and campaign metrics for a launch.',
      content: [
        '## Video quests for a launch',
        '',
        'Our campaign uses video quests so viewers stay, and a reward waits at the end.',
        '',
        'We watch the completion rate of every campaign and reward the viewers who finish.',
      ].join('\n'),
      tags: ['launch'],
    })

    const { status, body } = await suggestionsOf(post.id)
    expect(status).toBe(200)
    expect(LinkSuggestions.parse(body)).toEqual(body)
    const byId = Object.fromEntries(body.map((s: any) => [s.postId, s]))
    expect(Object.keys(byId).map(Number).sort()).toEqual([quests.id, metrics.id].sort())
    // The longest candidate that is plain text here: the heading's "Video quests" does not count.
    expect(byId[quests.id]).toEqual({
      postId: quests.id,
      title: 'Video Quests Explained',
      slug: 'video-quests-explained',
      anchorText: 'video quests',
    })
    expect(byId[metrics.id].anchorText).toBe('completion rate')
  })

  test('a post this one already links to is not offered again', async () => {
    const target = await create({
      slug: 'gen-z-audiences',
      title: 'Gen Z Audiences',
      content: 'Gen Z audiences choose what they watch.',
    })
    const linking = await create({
      slug: 'reaching-gen-z',
      title: 'Reaching Gen Z',
      content: 'Gen Z audiences are picky. Read [our guide](/blog/gen-z-audiences) about Gen Z audiences.',
    })
    const { body } = await suggestionsOf(linking.id)
    expect(body.map((s: any) => s.postId)).not.toContain(target.id)
  })

  test('at most 5 suggestions', async () => {
    for (let i = 1; i <= 7; i++) {
      await create({
        slug: `loyalty-program-${i}`,
        title: `Loyalty Program Ideas ${i}`,
        content: 'A loyalty program keeps customers coming back for the loyalty rewards.',
      })
    }
    const post = await create({
      slug: 'why-loyalty',
      title: 'Why loyalty matters',
      content: 'Every loyalty program needs rewards. A loyalty program is a promise.',
    })
    const { status, body } = await suggestionsOf(post.id)
    expect(status).toBe(200)
    expect(body).toHaveLength(5)
    expect(new Set(body.map((s: any) => s.anchorText.toLowerCase()))).toEqual(new Set(['loyalty program']))
  })

  test('a post with nothing related gets an empty list', async () => {
    const post = await create({ slug: 'zebra-stripes', title: 'Zebra stripes', content: 'Zebras graze.' })
    expect(await suggestionsOf(post.id)).toEqual({ status: 200, body: [] })
  })

  test('unknown post → 404, bad id → 400, anonymous → 401', async () => {
    expect(await suggestionsOf(999_999)).toEqual({ status: 404, body: { error: 'Post not found', fields: {} } })
    const bad = await suggestionsOf('abc')
    expect([bad.status, bad.body.fields]).toEqual([400, { id: 'Must be a positive integer' }])
    const anonymous = await t.app.request('/api/blog/1/link-suggestions')
    expect(anonymous.status).toBe(401)
  })
})
