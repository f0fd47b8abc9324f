import { and, eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pageContext } from '#app/lib/context.ts'
import { loader as authorLoader } from '#app/routes/blog/author.server.ts'
import { loader as postLoader } from '#app/routes/blog/post.server.ts'
import { activityLog, users } from '#server/db/schema.ts'
import { PageCache } from '#server/http/page-cache.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 28: staff profiles, a post's authors, and the author pages, feeds and structured data.

const publicUrl = 'https://vidquest.example'
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
let t: TestApp
const pageCache = new PageCache({ ttlMs: 60_000, maxBytes: 10_000_000 })
let seq = 0

beforeAll(async () => {
  t = await createTestApp({ publicUrl }, undefined, { pageCache })
})
afterAll(() => t.close())

/** A new member of staff, signed in: their id and session cookie. */
async function member(role: 'editor' | 'contributor' | 'author' = 'author') {
  seq += 1
  const user = await createUser(t.database.db, `member${seq}@example.com`, 'a long enough passphrase', role)
  if (!user) throw new Error('user exists')
  return { id: user.id, cookie: `vq_session=${await createSession(t.database.db, user.id)}` }
}

const call = (cookie: string | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, cookie))

async function patchProfile(cookie: string, body: unknown) {
  const res = await call(cookie, 'PATCH', '/api/admin/profile', body)
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function createPost(cookie: string, body: Record<string, unknown> = {}) {
  // No free-text author: it would sign the post in place of its staff authors.
  const res = await call(cookie, 'POST', '/api/blog', validPost({ slug: `authored-${++seq}`, author: null, ...body }))
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string; title: string } }).post
}

function loaderArgs(url: string, params: Record<string, string>) {
  const context = new RouterContextProvider()
  context.set(pageContext, { services: t.services, userId: null, clientIp: '127.0.0.1' })
  return { request: new Request(url), params, context } as never
}

type MetaList = { [key: string]: unknown }[]
const jsonLd = (meta: MetaList) =>
  meta.filter((m) => 'script:ld+json' in m).map((m) => m['script:ld+json'] as Record<string, unknown>)

async function authorPage(slug: string, query = '') {
  try {
    return (await authorLoader(loaderArgs(`${publicUrl}/blog/author/${slug}${query}`, { slug }))) as {
      author: { name: string; bio: string | null; avatar: string | null }
      posts: { slug: string; author: string }[]
      total: number
      pageCount: number
      meta: MetaList
    }
  } catch (thrown) {
    return thrown as { init: { status: number } }
  }
}

describe('GET/PATCH /api/admin/profile', () => {
  test('the signed-in person reads their profile, with a slug proposed from their name', async () => {
    const { cookie } = await member()
    await patchProfile(cookie, { name: 'Zoë Müller-Smith' })
    const res = await call(cookie, 'GET', '/api/admin/profile')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'Zoë Müller-Smith', suggestedSlug: 'zoe-mueller-smith' })
  })

  test('saves name, email, bio, an uploaded picture and a slug; the author page shows them', async () => {
    const { cookie } = await member()
    const upload = await call(cookie, 'POST', '/api/blog/upload-image', { imageData: PNG, fileName: 'me.png' })
    const { imageUrl } = (await upload.json()) as { imageUrl: string }
    const saved = await patchProfile(cookie, {
      name: 'Priya Desai',
      email: 'Priya@Example.com',
      bio: 'Writes about rewarded video.',
      avatar: imageUrl,
      slug: 'priya-desai',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.profile).toMatchObject({
      name: 'Priya Desai',
      email: 'priya@example.com',
      bio: 'Writes about rewarded video.',
      avatar: imageUrl,
      slug: 'priya-desai',
    })
    const page = await authorPage('priya-desai')
    expect(page).toMatchObject({
      author: { name: 'Priya Desai', bio: 'Writes about rewarded video.', avatar: imageUrl },
      total: 0,
    })
    // Known but with nothing published yet: a page, kept out of search results.
    expect((page as { meta: MetaList }).meta).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })

  test('rejects a long bio, a malformed slug, a picture from elsewhere or never stored, and changes nothing', async () => {
    const { cookie, id } = await member()
    await patchProfile(cookie, { name: 'Kept Name', slug: `kept-${id}` })
    const [before] = await t.database.db.select().from(users).where(eq(users.id, id))
    const cases: [unknown, string, RegExp][] = [
      [{ bio: 'x'.repeat(301) }, 'bio', /300/],
      [{ slug: 'Not A Slug' }, 'slug', /lowercase/],
      [{ slug: '' }, 'slug', /required/],
      [{ name: '  ' }, 'name', /required/],
      [{ email: 'not-an-email' }, 'email', /email/],
      [{ avatar: 'https://elsewhere.example/me.png' }, 'avatar', /image of this site/],
      [{ avatar: `/images/${'a'.repeat(64)}.png` }, 'avatar', /not stored here/],
    ]
    for (const [body, field, message] of cases) {
      const res = await patchProfile(cookie, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.fields[field]).toMatch(message)
    }
    expect((await patchProfile(cookie, {})).status).toBe(400)
    const [after] = await t.database.db.select().from(users).where(eq(users.id, id))
    expect(after).toEqual(before)
  })

  test("a slug someone else has is a 409 naming the field, and the person's own stays", async () => {
    const first = await member()
    const second = await member()
    expect((await patchProfile(first.cookie, { slug: `taken-${first.id}` })).status).toBe(200)
    expect((await patchProfile(second.cookie, { slug: `mine-${second.id}` })).status).toBe(200)
    const refused = await patchProfile(second.cookie, { slug: `taken-${first.id}`, bio: 'not saved' })
    expect(refused.status).toBe(409)
    expect(refused.body.fields.slug).toMatch(/taken/)
    const res = await call(second.cookie, 'GET', '/api/admin/profile')
    expect(await res.json()).toMatchObject({ slug: `mine-${second.id}`, bio: null })
  })

  test('each change that changes something is one line of the activity log naming the fields', async () => {
    const { cookie, id } = await member()
    await patchProfile(cookie, { name: 'Logged Name', bio: 'First bio.' })
    await patchProfile(cookie, { name: 'Logged Name', bio: 'First bio.' })
    await patchProfile(cookie, { slug: `logged-${id}` })
    await patchProfile(cookie, { bio: 'x'.repeat(301) })
    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.kind, 'profile.update'), eq(activityLog.objectId, id)))
      .orderBy(activityLog.id)
    expect(rows.map((r) => [r.userId, r.objectType, r.objectLabel, r.detail])).toEqual([
      [id, 'user', 'Logged Name', 'name, bio'],
      [id, 'user', 'Logged Name', 'slug'],
    ])
  })

  test('a new account has an author page address from the start', async () => {
    const { id } = await member()
    const [row] = await t.database.db.select({ slug: users.slug }).from(users).where(eq(users.id, id))
    expect(row?.slug).toBe(`member${seq}`)
  })

  test('signed out: 401', async () => {
    expect((await call(undefined, 'GET', '/api/admin/profile')).status).toBe(401)
    expect((await call(undefined, 'PATCH', '/api/admin/profile', { name: 'X' })).status).toBe(401)
  })
})

describe('a post’s authors', () => {
  test('the link preview image signs the post as its page does: a change of authors changes it', async () => {
    const editor = await member('editor')
    const ana = await member()
    await patchProfile(ana.cookie, { name: 'Ana Preview' })
    const post = await createPost(editor.cookie, { isPublished: true })
    const image = async () => {
      const res = await t.app.request(`/og/${post.slug}`)
      expect(res.status).toBe(200)
      return Buffer.from(await res.arrayBuffer())
    }
    const before = await image()
    expect((await call(editor.cookie, 'PUT', `/api/blog/${post.id}/authors`, { authors: [ana.id] })).status).toBe(200)
    const after = await image()
    expect(after.equals(before)).toBe(false)
    // The same byline again: the same image (it is rendered once per byline and version).
    expect((await image()).equals(after)).toBe(true)
  })

  test('an editor sets two authors in byline order; the admin answer and the public page show them, linked', async () => {
    const editor = await member('editor')
    const ana = await member()
    const ben = await member()
    await patchProfile(ana.cookie, { name: 'Ana Ortiz', slug: `ana-${ana.id}` })
    await patchProfile(ben.cookie, { name: 'Ben Okafor' })
    // An account from before author pages has no slug: naming it an author gives it one.
    await t.database.db.update(users).set({ slug: null }).where(eq(users.id, ben.id))
    const post = await createPost(editor.cookie)
    const res = await call(editor.cookie, 'PUT', `/api/blog/${post.id}/authors`, { authors: [ben.id, ana.id] })
    expect(res.status).toBe(200)
    const expected = [
      { id: ben.id, name: 'Ben Okafor', slug: 'ben-okafor' },
      { id: ana.id, name: 'Ana Ortiz', slug: `ana-${ana.id}` },
    ]
    expect(((await res.json()) as { authors: unknown }).authors).toEqual(expected)
    const admin = await call(editor.cookie, 'GET', `/api/blog/id/${post.id}`)
    expect(((await admin.json()) as { authors: unknown }).authors).toEqual(expected)

    const page = (await postLoader(loaderArgs(`${publicUrl}/blog/${post.slug}`, { slug: post.slug }))) as {
      found: { post: { author: string; authors: unknown } }
      meta: MetaList
    }
    expect(page.found.post.author).toBe('Ben Okafor and Ana Ortiz')
    expect(page.found.post.authors).toEqual([
      { name: 'Ben Okafor', path: '/blog/author/ben-okafor' },
      { name: 'Ana Ortiz', path: `/blog/author/ana-${ana.id}` },
    ])
    // Article.author references each Person by the @id their author page gives it.
    const article = jsonLd(page.meta).find((b) => b['@type'] === 'BlogPosting')
    expect(article?.author).toEqual([
      {
        '@type': 'Person',
        '@id': `${publicUrl}/blog/author/ben-okafor#person`,
        name: 'Ben Okafor',
        url: `${publicUrl}/blog/author/ben-okafor`,
      },
      {
        '@type': 'Person',
        '@id': `${publicUrl}/blog/author/ana-${ana.id}#person`,
        name: 'Ana Ortiz',
        url: `${publicUrl}/blog/author/ana-${ana.id}`,
      },
    ])
    // …which is the Person of the author page.
    const benPage = await authorPage('ben-okafor')
    if (!('meta' in benPage)) throw new Error('expected the page')
    expect(jsonLd(benPage.meta).find((b) => b['@type'] === 'Person')?.['@id']).toBe(
      `${publicUrl}/blog/author/ben-okafor#person`,
    )
  })

  test('a free-text author signs the post in place of its staff authors (a guest)', async () => {
    const editor = await member('editor')
    const post = await createPost(editor.cookie, { author: 'Guest Writer' })
    const page = (await postLoader(loaderArgs(`${publicUrl}/blog/${post.slug}`, { slug: post.slug }))) as {
      found: { post: { author: string; authors: unknown[] } }
      meta: MetaList
    }
    expect(page.found.post).toMatchObject({ author: 'Guest Writer', authors: [] })
  })

  test('a post with no staff authors shows its free-text author', async () => {
    const res = await call(
      await t.adminCookie(),
      'POST',
      '/api/blog',
      validPost({ slug: 'no-staff-author', author: 'Seed Writer' }),
    )
    const { post } = (await res.json()) as { post: { id: number } }
    // As the seed's posts are: no row in post_authors.
    await t.database.db.execute(`delete from post_authors where post_id = ${post.id}` as never)
    const page = (await postLoader(loaderArgs(`${publicUrl}/blog/no-staff-author`, { slug: 'no-staff-author' }))) as {
      found: { post: { author: string; authors: unknown[] } }
      meta: MetaList
    }
    expect(page.found.post).toMatchObject({ author: 'Seed Writer', authors: [] })
    const article = jsonLd(page.meta).find((b) => b['@type'] === 'BlogPosting')
    expect(article?.author).toEqual({ '@type': 'Person', name: 'Seed Writer' })
  })

  test('unknown staff, an empty list or a repeated id: 400, nothing changes; an unknown post: 404', async () => {
    const editor = await member('editor')
    const post = await createPost(editor.cookie)
    for (const authors of [[999_999], [], [editor.id, editor.id], ['x']]) {
      const res = await call(editor.cookie, 'PUT', `/api/blog/${post.id}/authors`, { authors })
      expect(res.status, JSON.stringify(authors)).toBe(400)
    }
    const kept = await call(editor.cookie, 'GET', `/api/blog/${post.id}/authors`)
    expect(((await kept.json()) as { authors: { id: number }[] }).authors.map((a) => a.id)).toEqual([editor.id])
    expect((await call(editor.cookie, 'PUT', '/api/blog/999999/authors', { authors: [editor.id] })).status).toBe(404)
  })

  test('an author (not an editor) may not set the authors of their own post: 403', async () => {
    const writer = await member('author')
    const post = await createPost(writer.cookie)
    const res = await call(writer.cookie, 'PUT', `/api/blog/${post.id}/authors`, { authors: [writer.id] })
    expect(res.status).toBe(403)
  })
})

describe('/blog/author/{slug}', () => {
  test('lists only the published posts of that author, newest first, paged; Person structured data', async () => {
    const editor = await member('editor')
    const writer = await member()
    await patchProfile(writer.cookie, { name: 'Wren Writer', slug: `wren-${writer.id}`, bio: 'Short bio.' })
    const mine = await createPost(writer.cookie, { title: 'Wren published', isPublished: true })
    const draft = await createPost(writer.cookie, { title: 'Wren draft', isPublished: false })
    const others = await createPost(editor.cookie, { title: 'Not Wren', isPublished: true })
    const coWritten = await createPost(editor.cookie, { title: 'Co-written', isPublished: true })
    await call(editor.cookie, 'PUT', `/api/blog/${coWritten.id}/authors`, { authors: [editor.id, writer.id] })

    const page = await authorPage(`wren-${writer.id}`)
    if (!('posts' in page)) throw new Error('expected the page')
    expect(page.posts.map((p) => p.slug)).toEqual([coWritten.slug, mine.slug])
    expect(page.posts.map((p) => p.slug)).not.toContain(draft.slug)
    expect(page.posts.map((p) => p.slug)).not.toContain(others.slug)
    expect(page.total).toBe(2)
    const person = jsonLd(page.meta).find((b) => b['@type'] === 'Person')
    expect(person).toMatchObject({
      '@id': `${publicUrl}/blog/author/wren-${writer.id}#person`,
      name: 'Wren Writer',
      description: 'Short bio.',
      url: `${publicUrl}/blog/author/wren-${writer.id}`,
    })
    expect(page.meta).toContainEqual(
      expect.objectContaining({ rel: 'alternate', href: `/blog/author/wren-${writer.id}/rss.xml` }),
    )
    // Page 2 does not exist with two posts.
    expect(await authorPage(`wren-${writer.id}`, '?page=2')).toMatchObject({ init: { status: 404 } })
  })

  test('an unknown slug is a 404', async () => {
    expect(await authorPage('nobody-has-this')).toMatchObject({ init: { status: 404 } })
    expect(await authorPage('Not%20A%20Slug')).toMatchObject({ init: { status: 404 } })
  })

  test('the RSS feed of an author holds their published posts only; unknown author: 404', async () => {
    const editor = await member('editor')
    const writer = await member()
    await patchProfile(writer.cookie, { name: 'Feed & <Writer>', slug: `feed-${writer.id}` })
    const mine = await createPost(writer.cookie, { title: 'In the feed', isPublished: true })
    await createPost(writer.cookie, { title: 'Draft not in feed', isPublished: false })
    await createPost(editor.cookie, { title: 'Someone else', isPublished: true })
    const res = await t.app.request(`/blog/author/feed-${writer.id}/rss.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const xml = await res.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
    expect(xml).toContain(
      `<atom:link href="${publicUrl}/blog/author/feed-${writer.id}/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
    expect(xml).toContain('<title>Feed &amp; &lt;Writer&gt; | ')
    expect(xml).toContain(`<link>${publicUrl}/blog/${mine.slug}</link>`)
    expect(xml).toContain('<dc:creator>Feed &amp; &lt;Writer&gt;</dc:creator>')
    expect(xml).not.toContain('Draft not in feed')
    expect(xml).not.toContain('Someone else')
    expect(xml.match(/<item>/g)).toHaveLength(1)
    expect((await t.app.request('/blog/author/nobody-at-all/rss.xml')).status).toBe(404)
  })

  test('the sitemap lists the pages of authors with published posts, not of those without', async () => {
    const withPost = await member()
    const without = await member()
    await patchProfile(withPost.cookie, { name: 'Sita Map', slug: `sita-${withPost.id}` })
    await patchProfile(without.cookie, { name: 'No Posts', slug: `none-${without.id}` })
    await createPost(withPost.cookie, { isPublished: true })
    await createPost(without.cookie, { isPublished: false })
    const xml = await (await t.app.request('/sitemap.xml')).text()
    expect(xml).toMatch(new RegExp(`<loc>${publicUrl}/blog/author/sita-${withPost.id}</loc>\\n    <lastmod>`))
    expect(xml).not.toContain(`/blog/author/none-${without.id}`)
  })
})

test('a profile change and a change of authors empty the public page cache', async () => {
  const editor = await member('editor')
  const key = (n: number) => `GET /cached-${n}`
  const fill = (n: number) =>
    pageCache.fill(key(n), async () => new Response(`page ${n}`, { headers: { 'content-type': 'text/html' } }))
  await fill(1)
  expect(pageCache.get(key(1))).toBeDefined()
  await patchProfile(editor.cookie, { bio: 'New bio' })
  expect(pageCache.get(key(1))).toBeUndefined()
  const post = await createPost(editor.cookie)
  await fill(2)
  expect(pageCache.get(key(2))).toBeDefined()
  await call(editor.cookie, 'PUT', `/api/blog/${post.id}/authors`, { authors: [editor.id] })
  expect(pageCache.get(key(2))).toBeUndefined()
})
