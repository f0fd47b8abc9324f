import { secureHeaders } from 'hono/secure-headers'

/** Security headers for every answer: pages, API, images and static files alike. */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // React Router's hydration data is an inline script; nothing else inline is ours.
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    // Not no-referrer: with it, Chromium sends `Origin: null` on a plain form post to our own
    // pages, which the same-origin write check (and React Router's) must refuse. Other sites
    // still get only our origin, never a path (docs/decisions/028).
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  })
