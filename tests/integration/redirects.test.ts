import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Redirect, RedirectImportResult, RedirectList } from '#common/contract/redirects.ts'
import { parseCsv } from '#common/csv.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 31 (docs/decisions/065-import-and-redirects.md): an old address answers 301 with its new
// Location before the not-found page; /api/admin/redirects adds, edits, deletes, imports and exports
// them; a renamed post's old address follows it, chains collapse, and loops are refused.

let t: TestApp
let cookie: string
let site: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.adminCookie()
  site = t.services.config.publicUrl
}, 60_000)
afterAll(() => t?.close())

const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, json(method, body, cookie))
  return { status: res.status, body: (await res.json()) as T }
}
const add = (from: string, to: string) =>
  call<{ redirect: Redirect; error?: string }>('POST', '/api/admin/redirects', { from, to })
const visit = (path: string, method = 'GET') => t.app.request(path, { method, redirect: 'manual' })
/** Every redirect as from → to, for whole-table assertions. */
async function table(q = ''): Promise<Record<string, string>> {
  const { body } = await call<RedirectList>('GET', `/api/admin/redirects?pageSize=100&q=${encodeURIComponent(q)}`)
  return Object.fromEntries(body.redirects.map((r) => [r.from, r.to]))
}
async function createPost(slug: string, isPublished = true) {
  const { body } = await call<{ post: { id: number; version: number } }>(
    'POST',
    '/api/blog',
    validPost({ slug, isPublished }),
  )
  return body.post
}
async function rename(post: { id: number }, slug: string) {
  const res = await call<{ post: { id: number; version: number } }>('PUT', `/api/blog/${post.id}`, { slug })
  expect(res.status).toBe(200)
  return res.body.post
}

describe('answering', () => {
  test('an old address answers 301 with the new Location, with or without its trailing slash', async () => {
    expect((await add('/2019/05/hello-world/', '/blog/hello')).status).toBe(201)
    for (const path of ['/2019/05/hello-world/', '/2019/05/hello-world']) {
      const res = await visit(path)
      expect(res.status).toBe(301)
      expect(res.headers.get('location')).toBe(`${site}/blog/hello`)
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    }
    expect((await visit('/2019/05/hello-world/', 'HEAD')).status).toBe(301)
  })

  test('a query the old address did not name is carried to the new one (utm tags survive)', async () => {
    await add('/campaign-post', '/blog/campaign')
    const res = await visit('/campaign-post?utm_source=x&utm_campaign=launch')
    expect(res.headers.get('location')).toBe(`${site}/blog/campaign?utm_source=x&utm_campaign=launch`)
  })

  test("WordPress's plain permalinks (/?p=12) are old addresses; the home page itself is not", async () => {
    expect((await add('https://old.example.com/?p=12', '/blog/plain')).status).toBe(201)
    expect((await visit('/?p=12')).headers.get('location')).toBe(`${site}/blog/plain`)
    const home = await add('/', '/blog/plain')
    expect(home.status).toBe(400)
    expect(home.body.error).toMatch(/belongs to the site itself/)
  })

  test('an old address with letters beyond ASCII matches however the browser encodes it', async () => {
    await add('/%E6%97%A5%E6%9C%AC%E8%AA%9E/', '/blog/nihongo')
    for (const path of ['/%e6%97%a5%e6%9c%ac%e8%aa%9e/', `/${encodeURIComponent('日本語')}`]) {
      expect((await visit(path)).headers.get('location')).toBe(`${site}/blog/nihongo`)
    }
    // Kept decoded, and answered as an ASCII Location.
    expect(await table('日本')).toEqual({ '/日本語': '/blog/nihongo' })
    await add('/alt-nihongo', '/日本語-2')
    expect((await visit('/alt-nihongo')).headers.get('location')).toBe(`${site}/${encodeURIComponent('日本語-2')}`)
  })

  test('an address with no redirect still gets the not-found page', async () => {
    const res = await visit('/2019/05/never-was/')
    expect(res.status).toBe(404)
  })

  test('hits and the last hit are counted for GET (not HEAD) and saved in a batch', async () => {
    await add('/counted', '/blog/counted')
    await visit('/counted')
    await visit('/counted/')
    await visit('/counted', 'HEAD')
    await t.services.redirects.flush()
    const { body } = await call<RedirectList>('GET', '/api/admin/redirects?q=counted')
    expect(body.redirects[0]).toMatchObject({ from: '/counted', hits: 2, origin: 'manual' })
    expect(Date.now() - Date.parse(body.redirects[0]?.lastHitAt ?? '')).toBeLessThan(60_000)
  })

  test('an address elsewhere is a target too', async () => {
    await add('/partners', 'https://partners.example.com/join?ref=blog')
    expect((await visit('/partners')).headers.get('location')).toBe('https://partners.example.com/join?ref=blog')
  })
})

describe('refused, and nothing changes', () => {
  test.each([
    ['/loop-self', '/loop-self/', /cannot point to itself/],
    ['/admin/posts', '/blog/x', /belongs to the site itself/],
    ['/api/blog', '/blog/x', /belongs to the site itself/],
    ['/s/abc1234', '/blog/x', /belongs to the site itself/],
    ['/fine', 'javascript:alert(1)', /http\(s\) address/],
    ['/fine', '//evil.example.com/', /path on this site/],
    ['/with\u0001control', '/blog/x', /path on this site/],
  ])('%s → %s', async (from, to, message) => {
    const before = await table()
    const res = await add(from, to)
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toMatch(message)
    expect(await table()).toEqual(before)
  })

  test('a second redirect from the same old address', async () => {
    await add('/twice', '/blog/one')
    const res = await add('/twice/', '/blog/two')
    expect(res.status).toBe(400)
    expect(await table('/twice')).toEqual({ '/twice': '/blog/one' })
  })

  test('a redirect from the address of a post that exists would hide it', async () => {
    await createPost('still-here')
    const res = await add('/blog/still-here', '/blog/elsewhere')
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/A post lives at this address/)
  })
})

describe('chains and loops', () => {
  test('A → B then B → C keeps A → C; C → A is a loop and refused', async () => {
    await add('/chain-a', '/chain-b')
    await add('/chain-b', '/chain-c')
    expect(await table('/chain-')).toEqual({ '/chain-a': '/chain-c', '/chain-b': '/chain-c' })
    // One hop for the visitor, not two.
    expect((await visit('/chain-a')).headers.get('location')).toBe(`${site}/chain-c`)
    const loop = await add('/chain-c', '/chain-a')
    expect(loop.status).toBe(400)
    expect(loop.body.error).toMatch(/loop/)
    expect(await table('/chain-')).toEqual({ '/chain-a': '/chain-c', '/chain-b': '/chain-c' })
  })

  test('a new redirect to an old address leads where that one leads', async () => {
    await add('/first-move', '/second-home')
    await add('/older-still', '/first-move')
    expect(await table('/older-still')).toEqual({ '/older-still': '/second-home' })
  })

  test('an edited redirect follows its new target’s chain; editing it to itself is refused', async () => {
    const { body } = await add('/edit-a', '/edit-b')
    await add('/edit-c', '/edit-a')
    expect(await table('/edit-')).toEqual({ '/edit-a': '/edit-b', '/edit-c': '/edit-b' })
    const self = await call('PUT', `/api/admin/redirects/${body.redirect.id}`, { from: '/edit-a', to: '/edit-a/' })
    expect(self.status).toBe(400)
    const moved = await call<{ redirect: Redirect }>('PUT', `/api/admin/redirects/${body.redirect.id}`, {
      from: '/edit-a',
      to: '/edit-c',
    })
    expect(moved.status).toBe(200)
    expect(await table('/edit-')).toEqual({ '/edit-a': '/edit-b', '/edit-c': '/edit-b' })
    await call('PUT', `/api/admin/redirects/${body.redirect.id}`, { from: '/edit-a', to: '/edit-d' })
    expect(await table('/edit-')).toEqual({ '/edit-a': '/edit-d', '/edit-c': '/edit-b' })
  })
})

describe("a renamed post's old address", () => {
  test('follows it through every rename, in one hop, and a slug taken back is the post again', async () => {
    let post = await createPost('rename-one')
    post = await rename(post, 'rename-two')
    expect((await visit('/blog/rename-one')).headers.get('location')).toBe(`${site}/blog/rename-two`)
    post = await rename(post, 'rename-three')
    expect(await table('/blog/rename-')).toEqual({
      '/blog/rename-one': '/blog/rename-three',
      '/blog/rename-two': '/blog/rename-three',
    })
    // Back to its first slug: that address is the post's again, and the others lead to it.
    post = await rename(post, 'rename-one')
    expect(await table('/blog/rename-')).toEqual({
      '/blog/rename-two': '/blog/rename-one',
      '/blog/rename-three': '/blog/rename-one',
    })
    expect((await visit('/blog/rename-one')).status).not.toBe(301)
    const list = await call<RedirectList>('GET', '/api/admin/redirects?q=rename-two')
    expect(list.body.redirects[0]?.origin).toBe('slug')
  })

  test("a draft's slug was never public: renaming it leaves no redirect", async () => {
    const post = await createPost('draft-before', false)
    await rename(post, 'draft-after')
    expect(await table('/blog/draft-')).toEqual({})
  })

  test('a new post at an address that redirected takes it over', async () => {
    await add('/blog/taken-over', '/blog/somewhere')
    await createPost('taken-over')
    expect(await table('/blog/taken-over')).toEqual({})
  })
})

describe('the list, CSV export and import', () => {
  test('edit, delete, then 404 for what is gone', async () => {
    const { body } = await add('/to-delete', '/blog/x')
    const edited = await call<{ redirect: Redirect }>('PUT', `/api/admin/redirects/${body.redirect.id}`, {
      from: '/to-delete',
      to: '/blog/y',
    })
    expect(edited.body.redirect.to).toBe('/blog/y')
    expect((await visit('/to-delete')).headers.get('location')).toBe(`${site}/blog/y`)
    expect((await call('DELETE', `/api/admin/redirects/${body.redirect.id}`)).status).toBe(200)
    expect((await call('DELETE', `/api/admin/redirects/${body.redirect.id}`)).status).toBe(404)
    expect((await visit('/to-delete')).status).toBe(404)
  })

  test('a CSV imports all its lines or none, and an export imports back', async () => {
    const imported = await call<RedirectImportResult>('POST', '/api/admin/redirects/import', {
      csv: 'from,to\r\n/csv-one/,/blog/one\r\n"/csv-two",https://example.com/two\r\n',
    })
    expect(imported).toEqual({ status: 200, body: { added: 2, updated: 0 } })
    expect(await table('/csv-')).toEqual({ '/csv-one': '/blog/one', '/csv-two': 'https://example.com/two' })

    const before = await table()
    const refused = await call('POST', '/api/admin/redirects/import', {
      csv: 'from,to\n/csv-three,/blog/three\n/admin,/blog/x\n',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/^Line 3: .*Nothing was imported\.$/)
    expect(await table()).toEqual(before)

    const res = await t.app.request('/api/admin/redirects.csv?q=csv-', json('GET', undefined, cookie))
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="redirects-\d{4}-\d{2}-\d{2}\.csv"/)
    const csv = await res.text()
    expect(parseCsv(csv)?.map((r) => r.cells.slice(0, 2))).toEqual([
      ['from', 'to'],
      ['/csv-one', '/blog/one'],
      ['/csv-two', 'https://example.com/two'],
    ])
    const again = await call<RedirectImportResult>('POST', '/api/admin/redirects/import', { csv })
    expect(again.body).toEqual({ added: 0, updated: 2 })
    expect(await table()).toEqual(before)
  })

  test('a file that is not CSV, or is empty, is a 400', async () => {
    for (const csv of ['"never closed', 'from,to\n', '']) {
      const res = await call('POST', '/api/admin/redirects/import', { csv })
      expect(res.status).toBe(400)
    }
  })
})
