export const ADMIN_HOME = '/admin/blog'

/**
 * Where to go after signing in: the `next` parameter when it is an admin screen of this site,
 * else the blog management screen. Anything that could leave the site (`//host`, `/\host`,
 * `https://…`, encoded tricks) or loop back to the login screen falls back to the default.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return ADMIN_HOME
  let url: URL
  try {
    url = new URL(next, 'http://same.site')
  } catch {
    return ADMIN_HOME
  }
  if (url.origin !== 'http://same.site') return ADMIN_HOME
  const path = url.pathname.replace(/\/+$/, '')
  if (!path.startsWith('/admin/') || path === '/admin/login' || /\.data$/.test(path)) return ADMIN_HOME
  return `${url.pathname}${url.search}${url.hash}`
}

/** The login address that brings the admin back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/admin/login?next=${encodeURIComponent(path)}`
}
