import { createHash, randomBytes } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { secureHeaders } from 'hono/secure-headers'
import { EMBED_FRAME_HOSTS } from '#common/embeds.ts'
import { setAnswerHeader } from '#server/http/answer-headers.ts'

/**
 * The site's Content-Security-Policy. No 'unsafe-inline' for scripts: a page's own inline scripts
 * (React Router's hydration data, scroll restoration, the deferred-hydration starter) are allowed
 * one by one, by a per-response nonce when the page is rendered for one reader, by their hashes
 * when a rendering is cached and shared (docs/decisions/022). Styles keep 'unsafe-inline' (React's
 * style attributes); they cannot run code. Frames: our own pages, and the two players a reader's
 * click on an embed card loads (YouTube's no-cookie player, X's post frame; docs/decisions/054).
 */
const DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['media-src', ["'self'"]],
  ['frame-src', ["'self'", ...EMBED_FRAME_HOSTS]],
  ['frame-ancestors', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
]

/** The policy, with `scriptSources` (nonce or hash sources) added to script-src. */
export function contentSecurityPolicy(scriptSources: readonly string[] = []): string {
  return DIRECTIVES.map(([name, values]) =>
    [name, ...values, ...(name === 'script-src' ? scriptSources : [])].join(' '),
  ).join('; ')
}

/** A fresh nonce for one rendering: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64')

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
/** Data blocks (JSON-LD): never run, so the policy does not need to allow them. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i

/**
 * `'sha256-…'` sources for every inline script of an HTML document, data blocks aside; what a
 * cached page, shared by many readers, is served with instead of a nonce.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

const BASE_POLICY = contentSecurityPolicy()

/** Security headers for every answer: pages, API, images and static files alike. */
export const securityHeaders = () => {
  const others = secureHeaders({
    contentSecurityPolicy: undefined,
    // Not no-referrer: with it, Chromium sends `Origin: null` on a plain form post to our own
    // pages, which the same-origin write check (and React Router's) must refuse. Other sites
    // still get only our origin, never a path (docs/decisions/028).
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  })
  return createMiddleware(async (c, next) => {
    await others(c, async () => {
      await next()
      // A page answer carries its own policy (its nonce or its scripts' hashes).
      if (!c.res.headers.has('content-security-policy')) setAnswerHeader(c, 'Content-Security-Policy', BASE_POLICY)
    })
  })
}
