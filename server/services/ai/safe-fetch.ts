import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Readable, Transform } from 'node:stream'
import zlib from 'node:zlib'
import { blockedReason, parseIpv4, parseIpv6 } from '#server/services/ai/ip-policy.ts'

/**
 * Fetches a web page named by an admin without letting the address reach inside our network
 * (SSRF): http/https only; every address the name resolves to must be public; the vetted address
 * is the one connected to (no second DNS answer can swap it); every redirect is checked again;
 * bounded in time, size and content type. docs/decisions/009-ssrf-safe-fetching.md
 */

export const FETCH_TIMEOUT_MS = 10_000
export const FETCH_MAX_BYTES = 2 * 1024 * 1024
export const FETCH_MAX_REDIRECTS = 5

export type ResolvedAddress = { address: string; family: 4 | 6 }
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export interface SafeFetchOptions {
  /** DNS resolution; getaddrinfo (as the OS resolves names, /etc/hosts included) by default. */
  resolve?: Resolver
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /**
   * TESTS ONLY: exact IP addresses that may be connected to although they are not public (the
   * fixture server on 127.0.0.1). Only tests set this: directly, or through TEST_FETCH_ALLOW_HOSTS,
   * which server/config.ts refuses unless NODE_ENV=test.
   */
  allowPrivateHosts?: readonly string[]
  userAgent?: string
  signal?: AbortSignal
}

export type SafeFetchErrorCode =
  | 'invalid-url'
  | 'scheme'
  | 'credentials'
  | 'private-address'
  | 'dns'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'not-html'
  | 'http-status'
  | 'network'
  | 'aborted'

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode
  /** The address that was refused or failed (after redirects, this may differ from the input). */
  readonly url: string | null
  constructor(code: SafeFetchErrorCode, message: string, url: string | null = null) {
    super(message)
    this.name = 'SafeFetchError'
    this.code = code
    this.url = url
  }
}

export interface FetchedPage {
  /** The final address, after redirects. */
  url: string
  /** Every address visited, the first one included. */
  chain: string[]
  contentType: string
  html: string
  bytes: number
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])
const REDIRECTS = new Set([301, 302, 303, 307, 308])

const defaultResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

function parseTarget(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new SafeFetchError('invalid-url', 'Please enter a valid http:// or https:// address.', raw)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('scheme', 'Only http:// and https:// addresses can be fetched.', url.href)
  }
  if (url.username || url.password) {
    throw new SafeFetchError('credentials', 'Addresses with a user name or password are not fetched.', url.href)
  }
  return url
}

const refusedAddress = (url: URL, why: string) =>
  new SafeFetchError(
    'private-address',
    `That address is not allowed: ${url.hostname} is not a public address (${why}). Only public web pages can be fetched.`,
    url.href,
  )

/** The one address to connect to, after checking every address the host stands for. */
async function vet(url: URL, options: SafeFetchOptions, abort: Promise<never>): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const allowed = new Set(options.allowPrivateHosts ?? [])
  const literal = parseIpv4(host) ? 4 : parseIpv6(host) ? 6 : 0
  let answers: ResolvedAddress[]
  if (literal) {
    answers = [{ address: host, family: literal }]
  } else {
    try {
      answers = await Promise.race([(options.resolve ?? defaultResolver)(host), abort])
    } catch (error) {
      if (error instanceof SafeFetchError) throw error
      throw new SafeFetchError('dns', `The site ${host} could not be found. Please check the URL.`, url.href)
    }
    if (answers.length === 0) {
      throw new SafeFetchError('dns', `The site ${host} could not be found. Please check the URL.`, url.href)
    }
  }
  // A name is refused when ANY of its addresses is not public: the connection could use any.
  for (const answer of answers) {
    const why = blockedReason(answer.address)
    if (why && !allowed.has(answer.address)) throw refusedAddress(url, why)
  }
  return answers[0] as ResolvedAddress
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for every address (`all`) when it races IPv4 and IPv6 connections.
    if (options?.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target])
    else callback(null, target.address, target.family)
  }
}

function send(url: URL, target: ResolvedAddress, options: SafeFetchOptions, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // A fresh connection each time: a pooled socket must not bypass the pinned address.
        agent: false,
        lookup: pinnedLookup(target),
        signal,
        headers: {
          'user-agent': options.userAgent ?? 'Mozilla/5.0 (compatible; VidQuestArticleReader/1.0)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en;q=1, *;q=0.5',
        },
      },
      resolve,
    )
    request.on('error', reject)
    request.end()
  })
}

function decoder(encoding: string | undefined): Transform | null {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return null
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip()
    case 'deflate':
      return zlib.createInflate()
    case 'br':
      return zlib.createBrotliDecompress()
    default:
      throw new SafeFetchError('not-html', `The page uses an unsupported content encoding (${encoding}).`)
  }
}

/** Reads the body, decompressed, and stops as soon as it passes maxBytes (compressed or not). */
async function readCapped(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new SafeFetchError('too-large', `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, url.href)
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw tooLarge()
  }
  const unzip = decoder(response.headers['content-encoding'])
  const source: Readable = unzip ? (response.pipe(unzip) as Transform) : response
  let raw = 0
  if (unzip) {
    response.on('data', (chunk: Buffer) => {
      raw += chunk.length
      if (raw > maxBytes) unzip.destroy(tooLarge())
    })
    response.on('error', (error) => unzip.destroy(error))
  }
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of source) {
      total += (chunk as Buffer).length
      if (total > maxBytes) throw tooLarge()
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    response.destroy()
    throw error
  }
  return Buffer.concat(chunks)
}

function charsetOf(contentType: string, head: Buffer): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]
  if (declared) return declared
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head.subarray(0, 4096).toString('latin1'))?.[1]
  return meta ?? 'utf-8'
}

function decode(body: Buffer, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType, body)).decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}

/** '10 seconds', '0.2 seconds': a time limit as the messages name it. */
export const seconds = (ms: number) => {
  const n = ms % 1000 === 0 ? ms / 1000 : Number((ms / 1000).toFixed(1))
  return `${n} second${n === 1 ? '' : 's'}`
}

export interface FetchedBytes {
  /** The final address, after redirects. */
  url: string
  /** Every address visited, the first one included. */
  chain: string[]
  contentType: string
  mediaType: string
  body: Buffer
}

export interface AcceptOptions {
  /** Media types (lowercase, without parameters) that may be read; anything else is refused. */
  accept: (mediaType: string) => boolean
  /** The refusal's message for another media type. */
  refuse: (mediaType: string) => string
}

/** GET any accepted media type safely; throws SafeFetchError with a message fit to show the admin. */
export async function safeFetch(
  address: string,
  what: AcceptOptions,
  options: SafeFetchOptions = {},
): Promise<FetchedBytes> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS
  const controller = new AbortController()
  const timedOut = () => new SafeFetchError('timeout', `The page did not answer within ${seconds(timeoutMs)}.`, address)
  const timer = setTimeout(() => controller.abort(timedOut()), timeoutMs)
  const onOuterAbort = () => controller.abort(new SafeFetchError('aborted', 'The request was cancelled.', address))
  if (options.signal?.aborted) onOuterAbort()
  options.signal?.addEventListener('abort', onOuterAbort, { once: true })
  const abort = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(controller.signal.reason)
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  abort.catch(() => {})

  const chain: string[] = []
  try {
    let url = parseTarget(address)
    for (let hop = 0; ; hop++) {
      chain.push(url.href)
      const target = await vet(url, options, abort)
      let response: IncomingMessage
      try {
        response = await Promise.race([send(url, target, options, controller.signal), abort])
      } catch (error) {
        if (error instanceof SafeFetchError) throw error
        if (controller.signal.aborted) throw controller.signal.reason
        throw new SafeFetchError('network', `Could not connect to ${url.hostname}. Please check the URL.`, url.href)
      }
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (REDIRECTS.has(status) && location) {
        response.destroy()
        if (hop >= maxRedirects) {
          throw new SafeFetchError(
            'too-many-redirects',
            `The page redirected more than ${maxRedirects} times.`,
            url.href,
          )
        }
        let next: URL
        try {
          next = new URL(location, url)
        } catch {
          throw new SafeFetchError('invalid-url', 'The page redirected to an invalid address.', url.href)
        }
        url = parseTarget(next.href)
        continue
      }
      if (status < 200 || status > 299) {
        response.destroy()
        throw new SafeFetchError('http-status', `The page answered with HTTP ${status}.`, url.href)
      }
      const contentType = String(response.headers['content-type'] ?? '')
      const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
      if (!what.accept(mediaType)) {
        response.destroy()
        throw new SafeFetchError('not-html', what.refuse(mediaType), url.href)
      }
      const body = await Promise.race([readCapped(response, url, maxBytes), abort])
      return { url: url.href, chain, contentType, mediaType, body }
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error
    if (controller.signal.aborted && controller.signal.reason instanceof SafeFetchError) throw controller.signal.reason
    throw new SafeFetchError('network', 'The page could not be read. Please check the URL and try again.', address)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onOuterAbort)
  }
}

const html: AcceptOptions = {
  accept: (mediaType) => HTML_TYPES.has(mediaType),
  refuse: (mediaType) =>
    `That address is not a web page (${mediaType || 'no content type'}); only HTML articles can be rewritten.`,
}

/** GET an HTML page (text/html or application/xhtml+xml) safely, decoded to text. */
export async function safeFetchHtml(address: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const page = await safeFetch(address, html, options)
  return {
    url: page.url,
    chain: page.chain,
    contentType: page.contentType,
    html: decode(page.body, page.contentType),
    bytes: page.body.length,
  }
}
