import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signIn } from '#tests/helpers/live-server.ts'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// The real server and the real page build: the policy must allow exactly the inline scripts
// React and React Router write, by nonce on a page rendered for one reader, by hash on a cached one.
let server: TestServer
let cookie: string
beforeAll(async () => {
  await ensureSiteBuilt()
  server = await startTestServer()
  cookie = await signIn(server.url)
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

function scriptSources(policy: string) {
  const directive = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  return directive.trim().split(/\s+/).slice(1)
}

/** Each inline script that would run (data blocks aside), with its nonce attribute and its hash. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes))
    .map(([, attributes = '', body = '']) => ({
      nonce: /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? null,
      hash: `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
    }))
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers })
  expect(res.status).toBe(200)
  return {
    policy: res.headers.get('content-security-policy') ?? '',
    html: await res.text(),
    cache: res.headers.get('x-cache'),
  }
}

describe('Content-Security-Policy', () => {
  test.each(['/legal/terms'])(
    'the cached public page %s allows its inline scripts by hash, nothing inline else',
    async (path) => {
      await page(path)
      const { policy, html, cache } = await page(path)
      expect(cache).toBe('HIT')
      const sources = scriptSources(policy)
      expect(sources).not.toContain("'unsafe-inline'")
      expect(sources).not.toContain("'unsafe-eval'")
      expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false)
      const scripts = inlineScripts(html)
      expect(scripts.length).toBeGreaterThanOrEqual(3)
      for (const script of scripts) expect(sources).toContain(script.hash)
    },
  )

  // docs/decisions/043 and 066: the list and the landing page are sent without React, so they run
  // no inline script at all; each page's one script is a file of this site.
  test.each([
    ['/blog', 'public-page'],
    ['/', 'landing'],
  ])(
    'the cached page %s has no inline script to allow, and its one script (%s) comes from this site',
    async (path, script) => {
      await page(path)
      const { policy, html, cache } = await page(path)
      expect(cache).toBe('HIT')
      expect(inlineScripts(html)).toEqual([])
      expect(scriptSources(policy)).not.toContain("'unsafe-inline'")
      expect(html.match(new RegExp(`<script src="/assets/${script}-[\\w-]+\\.js" defer="">`, 'g'))).toHaveLength(1)
      // Structured data (JSON-LD) is not run.
      expect(html.match(/<script\b(?![^>]*application\/ld\+json)/g)).toHaveLength(1)
    },
  )

  test('a page rendered for a signed-in admin carries a fresh nonce on every inline script and in the policy', async () => {
    const first = await page('/admin/blog', { cookie })
    const second = await page('/admin/blog', { cookie })
    const nonceOf = (policy: string) =>
      scriptSources(policy)
        .find((s) => s.startsWith("'nonce-"))
        ?.slice(7, -1)
    const nonce = nonceOf(first.policy)
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(nonceOf(second.policy)).not.toBe(nonce)
    expect(scriptSources(first.policy)).not.toContain("'unsafe-inline'")
    const scripts = inlineScripts(first.html)
    expect(scripts.length).toBeGreaterThanOrEqual(3)
    for (const script of scripts) expect(script.nonce).toBe(nonce)
    // An admin screen starts its code at once (decision 016, fourth addendum): React Router's own
    // module script, with the nonce, and no deferred-hydration starter.
    expect(first.html).toContain(`<script nonce="${nonce}" type="module" async="">`)
    expect(first.html).not.toContain('text/vq-module')
  })

  // Issue 32: an embed card loads YouTube's no-cookie player or X's post frame on a click; those
  // two origins, and no other, may be framed (docs/decisions/054).
  test.each(['/blog', '/', '/api/blog'])(
    '%s lets frames come from this site and the two embed players only',
    async (path) => {
      const res = await fetch(`${server.url}${path}`)
      const policy = res.headers.get('content-security-policy') ?? ''
      const frameSrc = policy.split(';').find((d) => d.trim().startsWith('frame-src')) ?? ''
      expect(frameSrc.trim().split(/\s+/)).toEqual([
        'frame-src',
        "'self'",
        'https://www.youtube-nocookie.com',
        'https://platform.twitter.com',
      ])
      expect(policy).not.toMatch(/child-src/)
    },
  )

  test('API answers and images get the base policy: scripts from this origin only', async () => {
    const res = await fetch(`${server.url}/api/blog`)
    expect(scriptSources(res.headers.get('content-security-policy') ?? '')).toEqual(["'self'"])
  })
})
