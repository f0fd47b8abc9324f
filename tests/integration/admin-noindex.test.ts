import { describe, expect, test } from 'vitest'
import type { PageHandler } from '#server/app.ts'
import { signedInTestApp } from '#tests/helpers/app.ts'

// A page handler in place of the React Router build; the admin one claims to be indexable, so the
// test shows the server's header wins whatever a page says about itself.
const pages: PageHandler = async (request) => {
  const headers = new Headers({ 'content-type': 'text/html' })
  if (new URL(request.url).pathname.startsWith('/admin')) headers.set('x-robots-tag', 'all')
  return new Response('<!doctype html><h1>Page</h1>', { headers })
}

const t = signedInTestApp({}, undefined, { pages })

describe('X-Robots-Tag on the admin area', () => {
  test('every admin page answers noindex, for the admin and for a visitor sent to the login screen', async () => {
    for (const path of [
      '/admin/blog',
      '/admin/blog/create',
      '/admin/blog/edit/1',
      '/admin/contacts',
      '/admin/subscribers',
    ]) {
      const res = await t.app.request(path, { headers: { cookie: t.cookie } })
      expect([path, res.status, res.headers.get('x-robots-tag')]).toEqual([path, 200, 'noindex, nofollow'])

      const visitor = await t.app.request(path)
      expect(visitor.status).toBe(302)
      expect(visitor.headers.get('location')).toMatch(/^\/admin\/login\?next=/)
      expect(visitor.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    }
    const login = await t.app.request('/admin/login')
    expect([login.status, login.headers.get('x-robots-tag')]).toEqual([200, 'noindex, nofollow'])
  })

  test('public pages carry no X-Robots-Tag', async () => {
    for (const path of ['/', '/blog', '/legal/terms']) {
      const res = await t.app.request(path)
      expect([path, res.status, res.headers.get('x-robots-tag')]).toEqual([path, 200, null])
    }
  })
})
