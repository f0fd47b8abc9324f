import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { IMPORT_FILE_MAX, IMPORT_UPLOAD_PATH } from '#common/contract/import.ts'
import { TWO_FACTOR_REQUIRED_MESSAGE } from '#common/contract/two-factor.ts'
import { can, type Permission, refusal } from '#common/roles.ts'
import { setAnswerHeader } from '#server/http/answer-headers.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import type { Staff } from '#server/services/post-access.ts'
import { createSession, resolveSession, SESSION_ABSOLUTE_MS } from '#server/services/sessions.ts'

export const SESSION_COOKIE = 'vq_session'

const REQUEST_ID = /^[\w.:-]{1,100}$/

const gzip = compress()

/**
 * gzip (or deflate) for answers that are not compressed already, only when the client takes it:
 * Hono's compress() would otherwise still set Vary through c.header(), which copies every body
 * (see setAnswerHeader). Cached public pages carry their own encodings; images and NDJSON streams
 * are not compressible types and are left alone.
 */
export const compressAnswers: MiddlewareHandler = (c, next) =>
  /\b(?:gzip|deflate|\*)\b/i.test(c.req.header('accept-encoding') ?? '') ? gzip(c, next) : next()

/** A request id (kept from X-Request-Id when sane) and one structured line per request. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header('x-request-id')
  const requestId = given && REQUEST_ID.test(given) ? given : randomUUID()
  const log = c.var.services.logger.child({ reqId: requestId })
  c.set('requestId', requestId)
  c.set('log', log)
  const start = performance.now()
  await next()
  setAnswerHeader(c, 'X-Request-Id', requestId)
  const status = c.res.status
  const aborted = c.var.clientAborted === true
  // Only method, path and status: query strings, cookies and bodies may hold secrets.
  log[status >= 500 && !aborted ? 'error' : 'info'](
    {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      ...(aborted ? { aborted } : {}),
    },
    'request',
  )
})

/** Status logged for a request whose client went away before sending its body (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499

/** The body of the request could not be read because the client closed the connection. */
export function isClientAbort(c: Context, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true
  const e = error as { code?: unknown; message?: unknown } | null
  return e?.code === 'ECONNRESET' || e?.message === 'aborted'
}

/**
 * Paths are text: a NUL or other control character, or a percent-encoding that does not decode
 * to UTF-8, is refused with 400 before any route, loader or query sees it (a NUL reaching
 * PostgreSQL fails the query: a 500 for a malformed request).
 */
export const wellFormedPath = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2)).split(/[?#]/)[0] ?? '/'
  let reason: string | null = null
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    if (/[\u0000-\u001F\u007F]/.test(decodeURIComponent(raw))) reason = 'control character in the path'
  } catch {
    reason = 'malformed percent-encoding in the path'
  }
  if (reason === null) return next()
  c.var.log.info({ reason }, 'bad request path')
  const message = `The address is not valid (${reason}).`
  if (raw.startsWith('/api/')) return apiError(c, 400, message)
  c.header('Cache-Control', 'no-store')
  return c.text(message, 400)
})

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The client's address: the socket peer, or the proxy's X-Forwarded-For entry when trusted. */
export function clientIp(c: Context<AppEnv>): string {
  let socketAddress: string | undefined
  try {
    socketAddress = getConnInfo(c).remote.address
  } catch {
    socketAddress = undefined
  }
  return clientAddress(c.var.config.trustProxy, c.req.header('x-forwarded-for'), socketAddress)
}

/** The client's address from the socket peer, or the last X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(
  trustProxy: boolean,
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
) {
  if (trustProxy) {
    const last = forwardedFor?.split(',').at(-1)?.trim()
    if (last) return last.slice(0, 45)
  }
  return (socketAddress ?? 'unknown').replace(/^::ffff:/, '').slice(0, 45)
}

export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  return c.var.config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

/** `scheme://host[:port]` normalised (default ports dropped), or null when it is not one. */
function originOf(scheme: string, host: string | undefined): string | null {
  if (!host) return null
  try {
    return new URL(`${scheme}//${host}`).origin
  } catch {
    return null
  }
}

/** Issue 30: the one path a mail provider posts to on a reader's behalf (server/api/subscribers.ts). */
export const ONE_CLICK_UNSUBSCRIBE = '/api/subscribers/unsubscribe'

/**
 * Refuses state-changing requests made by another site: an Origin whose scheme, host or port is
 * not this site's (the address the request came to, or PUBLIC_URL), Origin "null", or
 * Sec-Fetch-Site cross-site. Requests without those headers (curl, server-to-server) pass.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  // RFC 8058: a mail provider posts the one-click unsubscribe from its own site; the signed token,
  // not a session, is what it acts on, so a cross-site request can do nothing else there.
  if (!UNSAFE.has(c.req.method) || c.req.path === ONE_CLICK_UNSUBSCRIBE) return next()
  const refuse = () => apiError(c, 403, 'Cross-site requests are not allowed.')
  if (c.req.header('sec-fetch-site') === 'cross-site') return refuse()
  const origin = c.req.header('origin')
  if (origin !== undefined) {
    let given: string
    try {
      given = new URL(origin).origin
    } catch {
      return refuse()
    }
    const scheme = isHttps(c) ? 'https:' : 'http:'
    const forwardedHost = c.var.config.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined
    const allowed = new Set([
      new URL(c.var.config.publicUrl).origin,
      originOf(scheme, forwardedHost ?? c.req.header('host') ?? new URL(c.req.url).host),
    ])
    if (given === 'null' || !allowed.has(given)) return refuse()
  }
  return next()
})

const hasBody = (c: Context) =>
  c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0

/** JSON endpoints take JSON only: a body with another content type is refused with 415. */
export const jsonOnly = createMiddleware<AppEnv>(async (c, next) => {
  // RFC 8058's one-click unsubscribe is a form post (`List-Unsubscribe=One-Click`), read by nobody.
  if (UNSAFE.has(c.req.method) && hasBody(c) && c.req.path !== ONE_CLICK_UNSUBSCRIBE) {
    const type = c.req.header('content-type') ?? ''
    // Issue 31: an import's file is sent as it is (up to 50 MB: as JSON it would be a third larger).
    const fileUpload = c.req.path === IMPORT_UPLOAD_PATH && /^application\/octet-stream\s*(?:;|$)/i.test(type)
    if (!fileUpload && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
      return apiError(c, 415, 'Send the body as JSON with Content-Type: application/json.')
    }
  }
  return next()
})

export const MiB = 1024 * 1024
/** A 5,242,880-byte image as a base64 data URL is about 7 MB, plus the JSON around it. */
export const UPLOAD_BODY_MAX = 8 * MiB
/** Post content may embed data-URL images (docs/product.md §3). */
export const POST_BODY_MAX = 16 * MiB
export const DEFAULT_BODY_MAX = 1 * MiB
/** A subscriber import: a 2 MB CSV file as a JSON string, escaped quotes and line breaks included. */
export const IMPORT_BODY_MAX = 3 * MiB
/** Issue 31: a WordPress, Ghost or Markdown export, as a file body. */
export const SITE_IMPORT_BODY_MAX = IMPORT_FILE_MAX

export const limitBody = (maxSize: number): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize,
    // The body is left unread, so the connection cannot carry another request: say so, or a
    // client's next pooled request would meet a socket cut under it.
    onError: (c) => {
      c.header('Connection', 'close')
      return apiError(
        c,
        413,
        `The request body is too large (at most ${Math.round(maxSize / MiB)} MB).`,
        {},
        { success: false },
      )
    },
  })

/** Reads the session cookie; sets userId (null when absent, expired or unknown). */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE) ?? null
  c.set('sessionToken', token)
  const staff = token ? await resolveSession(c.var.db, token) : null
  c.set('userId', staff?.userId ?? null)
  c.set('role', staff?.role ?? null)
  c.set('needsTwoFactor', staff?.needsTwoFactor ?? false)
  return next()
})

/** Issue 28: 403 while the site requires two-factor sign-in and this person has not set it up. */
const twoFactorMissing = (c: Context<AppEnv>) =>
  c.var.needsTwoFactor
    ? apiError(c, 403, TWO_FACTOR_REQUIRED_MESSAGE, {}, { success: false, twoFactorSetupRequired: true })
    : null

/**
 * Any signed-in member of staff, even one who still has to set up two-factor sign-in the site
 * requires: only GET /api/admin/me and the two-factor endpoints (server/api/two-factor.ts).
 */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.userId === null) return apiError(c, 401, 'Sign in as an admin to do this.', {}, { success: false })
  return next()
})

/** Any signed-in member of staff, whatever their role; a refusal changes nothing. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.userId === null) return apiError(c, 401, 'Sign in as an admin to do this.', {}, { success: false })
  return twoFactorMissing(c) ?? next()
})

/**
 * Issue 28: a signed-in member of staff whose role has `permission` (common/roles.ts); else 401
 * signed out, 403 naming what the role lacks. After `requireAdmin` or in its place.
 */
export const allow = (permission: Permission): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const role = c.var.role
    if (c.var.userId === null || role === null) {
      return apiError(c, 401, 'Sign in as an admin to do this.', {}, { success: false })
    }
    if (!can(role, permission)) return apiError(c, 403, refusal(role, permission), {}, { success: false })
    return twoFactorMissing(c) ?? next()
  })

const limiters = {
  upload: limitBody(UPLOAD_BODY_MAX),
  post: limitBody(POST_BODY_MAX),
  other: limitBody(DEFAULT_BODY_MAX),
  import: limitBody(IMPORT_BODY_MAX),
  siteImport: limitBody(SITE_IMPORT_BODY_MAX),
}
/** One body limit per kind of endpoint, decided before any handler reads the body. */
export const apiBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  const limiter =
    path === '/api/blog/upload-image'
      ? limiters.upload
      : path === IMPORT_UPLOAD_PATH
        ? limiters.siteImport
        : path === '/api/admin/subscribers/import' || path === '/api/admin/redirects/import'
          ? limiters.import
          : /^\/api\/blog(?:\/[^/]+)?\/?$/.test(path)
            ? limiters.post
            : limiters.other
  return limiter(c, next)
})

/** The signed-in person of a request behind `requireAdmin` or `allow` (post-access.ts `Staff`). */
export function staffOf(c: Context<AppEnv>): Staff {
  const { userId, role } = c.var
  if (userId === null || role === null) throw new Error('staffOf() needs requireAdmin or allow() before it')
  return { userId, role }
}

/**
 * Opens a session for `userId` and sets its cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS):
 * after a sign-in, and after accepting an invitation (server/api/staff.ts).
 */
export async function signIn(c: Context<AppEnv>, userId: number) {
  const token = await createSession(c.var.db, userId)
  const secure = c.var.config.cookieSecure === 'auto' ? isHttps(c) : c.var.config.cookieSecure
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  })
}
