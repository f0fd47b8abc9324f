import { describe, expect, test } from 'vitest'
import { loginPathFor, safeNext } from '#app/features/admin/safe-next.ts'

describe('safeNext', () => {
  test('keeps an admin screen of this site, with its query', () => {
    expect(safeNext('/admin/contacts')).toBe('/admin/contacts')
    expect(safeNext('/admin/blog/edit/12?tab=content')).toBe('/admin/blog/edit/12?tab=content')
  })

  test('falls back to /admin/blog when there is no next', () => {
    expect(safeNext(null)).toBe('/admin/blog')
    expect(safeNext('')).toBe('/admin/blog')
  })

  test('never leaves the site', () => {
    for (const next of [
      'https://evil.example/admin/blog',
      '//evil.example/admin/blog',
      '/\\evil.example/admin/blog',
      'javascript:alert(1)',
      '/%2F%2Fevil.example',
      ' /admin/blog',
    ]) {
      expect(safeNext(next), next).toBe('/admin/blog')
    }
  })

  test('refuses screens outside the admin area and the login screen itself', () => {
    expect(safeNext('/blog/some-post')).toBe('/admin/blog')
    expect(safeNext('/administrator')).toBe('/admin/blog')
    expect(safeNext('/admin/login')).toBe('/admin/blog')
    expect(safeNext('/admin/login/?next=/admin/contacts')).toBe('/admin/blog')
    expect(safeNext('/admin/../blog')).toBe('/admin/blog')
  })

  test('the login path carries the screen first asked for', () => {
    expect(loginPathFor('/admin/blog/edit/3?x=1')).toBe('/admin/login?next=%2Fadmin%2Fblog%2Fedit%2F3%3Fx%3D1')
    expect(safeNext(new URL(`http://h${loginPathFor('/admin/contacts')}`).searchParams.get('next'))).toBe(
      '/admin/contacts',
    )
  })
})
