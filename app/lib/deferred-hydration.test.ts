import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { deferHydration, HYDRATION_BOOTSTRAP } from '#app/lib/deferred-hydration.server.ts'

const DOCUMENT =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/></head>' +
  '<body><h1>Café ☕ déjà vu</h1><script>window.ctx = {}</script>' +
  '<script type="module" async="">import * as route0 from "/assets/root.js"; import("/assets/entry.js")</script>' +
  '</body></html>'

/** Feeds the document through the transform cut into chunks of `size` bytes. */
async function run(document: string, size: number) {
  const bytes = Buffer.from(document)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  const out: string[] = []
  for await (const piece of Readable.from(chunks).pipe(deferHydration())) out.push(String(piece))
  return out.join('')
}

const EXPECTED =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="vq-modulepreload" href="/assets/entry.js"/><link rel="vq-modulepreload" href="/assets/root.js"/></head>' +
  '<body><h1>Café ☕ déjà vu</h1><script>window.ctx = {}</script>' +
  '<script type="text/vq-module">import * as route0 from "/assets/root.js"; import("/assets/entry.js")</script>' +
  `${HYDRATION_BOOTSTRAP}</body></html>`

describe('deferHydration', () => {
  test('makes the preloads and the module script inert and adds the bootstrap once, before </body>', async () => {
    expect(await run(DOCUMENT, 1 << 20)).toBe(EXPECTED)
  })

  test.each([1, 2, 3, 7, 13, 31, 64])('gives the same document when it arrives in %i-byte chunks', async (size) => {
    // Tags and multi-byte characters split across chunks are still found and kept whole.
    expect(await run(DOCUMENT, size)).toBe(EXPECTED)
  })

  test('a document without those tags passes through unchanged', async () => {
    const plain = '<p>no head, no scripts</p>'
    expect(await run(plain, 5)).toBe(plain)
  })

  test('the bootstrap is plain inline script with no closing tag inside it', () => {
    expect(HYDRATION_BOOTSTRAP.startsWith('<script>')).toBe(true)
    expect(HYDRATION_BOOTSTRAP.indexOf('</script>')).toBe(HYDRATION_BOOTSTRAP.length - '</script>'.length)
    expect(HYDRATION_BOOTSTRAP).not.toContain('</body>')
  })
})

describe('with a CSP nonce', () => {
  test('React Router’s nonced module script is made inert, and the starter carries the nonce and hands it on', async () => {
    const nonce = 'Bm8Ft3+rlCJWqIi8MYVjcg=='
    const html = `<html><head></head><body><script nonce="${nonce}" type="module" async="">import("/a.js")</script></body></html>`
    const out = await new Promise<string>((resolve, reject) => {
      let text = ''
      const stream = deferHydration({ nonce })
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      stream.on('end', () => resolve(text))
      stream.on('error', reject)
      stream.end(html)
    })
    expect(out).toContain(`<script nonce="${nonce}" type="text/vq-module">import("/a.js")</script>`)
    expect(out).not.toContain('type="module"')
    expect(out).toContain(`<script nonce="${nonce}">(function(){`)
    expect(out).toContain('n.nonce=s.nonce')
  })
})
