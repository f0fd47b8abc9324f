import { describe, expect, test } from 'vitest'
import { CONTENT_MAX } from '#common/limits.ts'
import { json, signedInTestApp } from '#tests/helpers/app.ts'

const t = signedInTestApp({ publicUrl: 'https://blog.example.com' })

const post = {
  title: 'Short title',
  slug: 'short-title',
  excerpt: 'Too short.',
  content: 'See [the guide](https://blog.example.com/blog/guide).\n\n![](/images/a.png)',
}

async function seoCheck(body: unknown, signedIn = true) {
  const res = await t.app.request('/api/blog/seo-check', json('POST', body, signedIn ? t.cookie : undefined))
  return { status: res.status, body: (await res.json()) as any }
}

describe('POST /api/blog/seo-check', () => {
  test('answers the score and every check, with what to do', async () => {
    const { status, body } = await seoCheck({ ...post, focusKeyword: 'title' })
    expect(status).toBe(200)
    expect(body.score).toEqual(expect.any(Number))
    const byId = Object.fromEntries(body.checks.map((c: any) => [c.id, c]))
    expect(byId['title-length']).toEqual({
      id: 'title-length',
      status: 'improve',
      message: 'The title is 11 characters; make it at least 30, so it says enough in search results.',
    })
    expect(byId['keyword-in-title'].status).toBe('good')
    expect(byId['image-alt'].status).toBe('problem')
    // An absolute link to PUBLIC_URL's host is internal; there is no link to another site.
    expect(byId['internal-link'].status).toBe('good')
    expect(byId['external-link'].status).toBe('improve')
  })

  test('the score rises when the title is fixed', async () => {
    const before = await seoCheck(post)
    const after = await seoCheck({ ...post, title: 'A title that is long enough to show' })
    expect(after.body.checks.find((c: any) => c.id === 'title-length').status).toBe('good')
    expect(after.body.score).toBeGreaterThan(before.body.score)
  })

  test('without a focus keyword, one check asks for one', async () => {
    const { body } = await seoCheck({ ...post, excerpt: null })
    expect(body.checks.filter((c: any) => c.id.includes('keyword')).map((c: any) => c.id)).toEqual(['focus-keyword'])
    expect(body.checks.find((c: any) => c.id === 'excerpt-length').status).toBe('problem')
  })

  test('an empty body answers 400 naming the missing fields', async () => {
    const { status, body } = await seoCheck({})
    expect(status).toBe(400)
    expect(body).toMatchObject({
      error: expect.any(String),
      fields: {
        title: 'Title is required',
        slug: 'Slug is required',
        excerpt: 'Excerpt is required',
        content: 'Content is required',
      },
    })
  })

  test('over-long input answers 400, not a 500', async () => {
    const long = await seoCheck({ ...post, focusKeyword: 'k'.repeat(101) })
    expect([long.status, long.body.fields]).toEqual([400, { focusKeyword: 'Must be at most 100 characters' }])
    const huge = await seoCheck({ ...post, content: 'x'.repeat(CONTENT_MAX + 1) })
    expect(huge.status).toBe(400)
    const wrongType = await seoCheck({ ...post, title: 42 })
    expect([wrongType.status, wrongType.body.fields.title]).toEqual([400, 'Must be text'])
    const notJson = await seoCheck('{"title":')
    expect(notJson.status).toBe(400)
  })

  test('without a session answers 401', async () => {
    const { status, body } = await seoCheck(post, false)
    expect(status).toBe(401)
    expect(body).toMatchObject({ error: expect.any(String), fields: {} })
  })
})
