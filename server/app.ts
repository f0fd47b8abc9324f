import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { PREVIEW_PATH } from '#common/contract/preview.ts'
import { admin } from '#server/api/admin.ts'
import { ai } from '#server/api/ai.ts'
import { analytics } from '#server/api/analytics.ts'
import { blog } from '#server/api/blog.ts'
import { channelsApi } from '#server/api/channels.ts'
import { contact } from '#server/api/contact.ts'
import { exportApi } from '#server/api/export.ts'
import { images } from '#server/api/images.ts'
import { importApi } from '#server/api/import.ts'
import { newslettersApi } from '#server/api/newsletters.ts'
import { postAuthorsApi } from '#server/api/post-authors.ts'
import { postPreviewApi } from '#server/api/post-preview.ts'
import { profile } from '#server/api/profile.ts'
import { redirectsApi } from '#server/api/redirects.ts'
import { review } from '#server/api/review.ts'
import { revisions } from '#server/api/revisions.ts'
import { schedule } from '#server/api/schedule.ts'
import { seo } from '#server/api/seo.ts'
import { shortLinks } from '#server/api/short-links.ts'
import { socialPostsApi } from '#server/api/social-posts.ts'
import { staff } from '#server/api/staff.ts'
import { subscribersApi } from '#server/api/subscribers.ts'
import { subscribersAdminApi } from '#server/api/subscribers-admin.ts'
import { twoFactorApi } from '#server/api/two-factor.ts'
import { xPostsApi } from '#server/api/x-posts.ts'
import { setAnswerHeader } from '#server/http/answer-headers.ts'
import type { AppEnv, AppServices } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import {
  apiBodyLimit,
  CLIENT_CLOSED_REQUEST,
  clientIp,
  compressAnswers,
  DEFAULT_BODY_MAX,
  isClientAbort,
  jsonOnly,
  limitBody,
  loadSession,
  POST_BODY_MAX,
  requestLog,
  sameOriginWrites,
  wellFormedPath,
} from '#server/http/middleware.ts'
import { servePage } from '#server/http/page-cache.ts'
import { contentSecurityPolicy, newNonce, securityHeaders } from '#server/http/security.ts'
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  isUnstorableText,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
} from '#server/services/errors.ts'
import { REDIRECT_CACHE_CONTROL, type RedirectHit } from '#server/services/redirects.ts'
import { SecretBoxError } from '#server/services/secret-box.ts'

/** Renders every page route; given by main.ts (the React Router build), absent in API tests. */
export type PageHandler = (
  request: Request,
  services: AppServices,
  userId: number | null,
  clientIp?: string,
  nonce?: string,
) => Promise<Response>

export interface AppOptions {
  services: AppServices
  pages?: PageHandler
}

/** The response with one header set (copied first when its headers are immutable). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.set(name, value)
    return copy
  }
}

/** GET /api/blog (any query) and GET /api/blog/{slug}: what every anonymous reader gets alike. */
const PUBLIC_JSON = /^\/api\/blog(?:\/[^/]+)?\/?$/

function statusFor(error: DomainError): ContentfulStatusCode {
  if (error instanceof NotFoundError) return 404
  if (error instanceof ConflictError) return 409
  if (error instanceof GoneError) return 410
  if (error instanceof ForbiddenError) return 403
  if (error instanceof PayloadTooLargeError) return 413
  if (error instanceof UnprocessableError) return 422
  return 400
}

export function createApp({ services, pages }: AppOptions) {
  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    c.set('services', services)
    c.set('config', services.config)
    c.set('db', services.database.db)
    c.set('userId', null)
    c.set('role', null)
    c.set('needsTwoFactor', false)
    c.set('sessionToken', null)
    await next()
  })
  // Short links (issue 5): outside /api, before the page handler, and before the per-request
  // log and headers, which cost more than the redirect itself (the root app in boot.ts still adds
  // the security headers). An unknown code falls through all of them to the not-found page.
  // docs/decisions/013-short-link-redirects-before-the-request-log.md
  app.route('/s', shortLinks)
  app.use(requestLog)
  app.use(wellFormedPath)
  app.use(securityHeaders())
  app.use(sameOriginWrites)
  // Before compression: its 15-byte answer would come out larger gzipped, and a restart's first
  // health check would wait for Node's compression streams to load (docs/decisions/042).
  app.get('/healthz', async (c) => {
    const ok = await services.database.ping()
    c.header('Cache-Control', 'no-store')
    return c.json({ status: ok ? 'ok' : 'unavailable' }, ok ? 200 : 503)
  })
  app.use(compressAnswers)

  app.route('/images', images)
  // Sitemap, RSS, robots.txt and link-preview images (issue #6), before the page handler.
  app.route('/', seo)

  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    await next()
    // Public answers shared through the page cache say `no-cache` (revalidate by ETag) themselves.
    if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store')
  })
  api.use(jsonOnly)
  api.use(apiBodyLimit)
  api.use(loadSession)
  // Issue 13: anonymous reads of the post list and of one post are answered from the page cache,
  // with its invalidation, compression and ETag/304 (docs/decisions/015). Admins read them fresh.
  api.use(async (c, next) => {
    const method = c.req.method
    const cache = services.pageCache
    if (!cache || c.var.userId !== null || (method !== 'GET' && method !== 'HEAD') || !PUBLIC_JSON.test(c.req.path)) {
      return next()
    }
    c.res = await servePage(c.req.raw, cache, async () => {
      await next()
      return c.res
    })
  })
  api.route('/admin', admin)
  api.route('/admin', staff)
  api.route('/admin', twoFactorApi)
  // Issue 28: the signed-in person's profile (/api/admin/profile) and a post's byline (/api/blog/{id}/authors).
  api.route('/admin', profile)
  // Issue 32: the share preview's image of an unsaved post (/api/admin/og-preview).
  api.route('/admin', postPreviewApi)
  // Issue 29: the Channels screen's connections (/api/admin/channels…).
  api.route('/admin', channelsApi)
  // Issue 30: the subscribers screen's list, export, import and erasure (/api/admin/subscribers…).
  api.route('/admin', subscribersAdminApi)
  // Issue 31: the old addresses answered with a 301 (/api/admin/redirects…).
  api.route('/admin', redirectsApi)
  // Issue 31: importing posts from WordPress, Ghost or Markdown (/api/admin/import…).
  api.route('/admin', importApi)
  // Issue 31: the whole site's content as one zip (/api/admin/export).
  api.route('/admin', exportApi)
  api.route('/blog', postAuthorsApi)
  // AI studio (issue 4), admin only: /api/blog/ai/*
  api.route('/blog/ai', ai)
  // Revision history (issue 15): /api/blog/{id}/revisions…
  api.route('/blog', revisions)
  api.route('/blog', blog)
  api.route('/contact', contact)
  // Issue 30: subscribing with double opt-in, and a reader's own link: /api/subscribers…
  api.route('/subscribers', subscribersApi)
  // Cookieless visits and lead attribution (issue 16): /api/analytics/visits, /api/analytics/overview
  api.route('/analytics', analytics)
  // X posts (issue 5): /api/blog/{id}/publish-x, /api/blog/{id}/x-posts, /api/x-posts/{id}/…
  api.route('/', xPostsApi)
  // Social posts on every network (issue 29): /api/blog/{id}/social-posts, /api/social-posts/{id}/…
  api.route('/', socialPostsApi)
  // The content calendar (issue 14): /api/blog/{id}/schedule, /api/x-posts/{id}/schedule, /api/calendar
  api.route('/', schedule)
  // The review queue (issue 28): /api/blog/{id}/review…, /api/admin/review(/count)
  api.route('/', review)
  // Issue 30, sending: /api/blog/{id}/newsletter…, /api/newsletters
  api.route('/', newslettersApi)
  api.all('*', (c) => apiError(c, 404, `No API endpoint ${c.req.method} ${c.req.path}.`))
  app.route('/api', api)

  // Admin screens are never sent to a visitor without a session: the server redirects first.
  // The admin area is private: no search engine may index it, whatever a page's own meta says.
  app.use('/admin/*', async (c, next) => {
    await next()
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
  })
  app.use('/admin/*', loadSession, async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '')
    // React Router's data requests (client navigations) are guarded by the admin layout's loader,
    // which answers with a redirect the client router understands.
    if (path === '/admin/login' || path.startsWith('/admin/invite/') || path.endsWith('.data') || c.var.userId !== null)
      return next()
    const url = new URL(c.req.url)
    const target = `/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`
    return c.redirect(target, 302)
  })

  // Issue 31: an old address moved here answers 301 before any page, the not-found page included
  // (only addresses no page answers can hold a redirect: services/redirects.ts). Addresses the
  // table holds in memory are answered before Hono (server/http/redirect-fast-path.ts).
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const url = new URL(c.req.url)
    let hit: RedirectHit | null = null
    try {
      hit = await services.redirects.lookup(url.pathname + url.search)
    } catch (error) {
      ;(c.get('log') ?? services.logger).warn({ err: error }, 'redirects could not be read')
    }
    if (!hit) return next()
    if (c.req.method === 'GET') services.redirects.hit(hit.id)
    c.header('Cache-Control', REDIRECT_CACHE_CONTROL)
    return c.redirect(hit.location, 301)
  })

  // The one page form (contact, posted without JavaScript) is small: no page takes a large body.
  const pageBodyLimit = limitBody(DEFAULT_BODY_MAX)
  // …but the editor's preview (issue 32), which posts a whole post as a save does.
  const previewBodyLimit = limitBody(POST_BODY_MAX)
  app.all(
    '*',
    (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD'
        ? next()
        : (c.req.path === PREVIEW_PATH ? previewBodyLimit : pageBodyLimit)(c, next),
    loadSession,
    async (c) => {
      if (!pages) return c.text('Not found', 404)
      const nonce = newNonce()
      // Rendered for this reader: its inline scripts carry this nonce. A cached copy is served with
      // its scripts' hashes instead (server/http/page-cache.ts), since many readers share it.
      const render = async () => {
        const response = await pages(c.req.raw, services, c.var.userId, clientIp(c), nonce)
        return withHeader(response, 'Content-Security-Policy', contentSecurityPolicy([`'nonce-${nonce}'`]))
      }
      // Visitors without a session share one rendering of each public page (docs/decisions/015).
      if (!services.pageCache || c.var.userId !== null || c.req.path.startsWith('/admin')) return render()
      return servePage(c.req.raw, services.pageCache, render)
    },
  )

  app.onError((error, c) => {
    if (isClientAbort(c, error)) {
      // Nobody is left to answer: log it for what it is, not as our failure.
      c.set('clientAborted', true)
      return c.body(null, CLIENT_CLOSED_REQUEST as ContentfulStatusCode)
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode
      return apiError(c, status, error.message || 'The request could not be processed.', {}, { success: false })
    }
    if (error instanceof DomainError) {
      return apiError(c, statusFor(error), error.message, error.fields, { ...error.details, success: false })
    }
    if (error instanceof SecretBoxError) {
      // The key is not the one the secrets were sealed with: a configuration fault, said plainly.
      ;(c.get('log') ?? services.logger).error({ err: error }, 'a sealed secret cannot be opened: SECRET_KEY changed?')
      return apiError(
        c,
        503,
        'Two-factor sign-in cannot be checked right now: the server’s SECRET_KEY has changed. Tell the site administrator.',
        {},
        { success: false },
      )
    }
    if (isUnstorableText(error)) {
      return apiError(c, 400, 'Text must not contain the NUL character (\\u0000).', {}, { success: false })
    }
    const log = c.get('log') ?? services.logger
    log.error({ err: error, path: c.req.path }, 'unhandled error')
    return apiError(c, 500, 'Something went wrong on our side. Please try again.', {}, { success: false })
  })

  return app
}
