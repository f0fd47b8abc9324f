import path from 'node:path'
import { eq } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { clickTracking, xPosts } from '#server/db/schema.ts'
import { signIn } from '#tests/helpers/live-server.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// A kill -9 loop against real server processes (issue 27, item 3): short-link clicks are fired,
// the server is killed with SIGKILL, started again on the same data, and so on; at the end every
// click it acknowledged with a 302 must be stored, once. Used by
// tests/integration/short-link-crash.test.ts and bench/click-crash.ts.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const BOT = 'Twitterbot/1.0'

export interface CrashLoopOptions {
  cycles: number
  /** Person clicks per cycle (each with its own referrer, so it can be found again), plus `bots` bot clicks. */
  clicks: number
  bots: number
  concurrency: number
  /** Cycle i (from 0) kills while requests are in flight when this says so; else after the last answer. */
  killMidBurst: (cycle: number) => boolean
  /** PostgreSQL (DATABASE_URL) or PGlite in DATA_DIR; DATA_DIR also holds the click log. */
  env: Record<string, string>
  dataDir: string
  report?: (line: string) => void
}

export interface CrashLoopResult {
  sent: number
  acknowledged: number
  /** Sent, not acknowledged (the kill came first): may or may not be stored. */
  unanswered: number
  storedRows: number
  clickCount: number
  /** Acknowledged clicks with no row. */
  lost: number
  /** Rows of a click stored more than once. */
  duplicated: number
  /** Rows of clicks never sent, or sent and not answered with a 302 before the kill. */
  unexplained: number
  /** Rows of clicks the kill cut off before their answer: stored, though the client never saw a 302. */
  storedUnanswered: number
  bots: { sent: number; acknowledged: number; stored: number }
}

/** A published post and its X post's short link, made through the API. */
export async function createShortLink(url: string): Promise<{ postId: number; xPostId: number; code: string }> {
  const headers = { 'content-type': 'application/json', cookie: await signIn(url) }
  const created = await fetch(`${url}/api/blog`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Short-link traffic',
      slug: `short-link-traffic-${Date.now()}`,
      excerpt: 'A post to send short-link traffic to.',
      content: 'Content.',
      tags: ['bench'],
      isPublished: true,
    }),
  })
  if (created.status !== 201) throw new Error(`POST /api/blog answered ${created.status}: ${await created.text()}`)
  const { post } = (await created.json()) as { post: { id: number } }
  const published = await fetch(`${url}/api/blog/${post.id}/publish-x`, { method: 'POST', headers, body: '{}' })
  if (published.status !== 201) throw new Error(`publish-x answered ${published.status}: ${await published.text()}`)
  const x = (await published.json()) as { id: number; shortCode: string }
  return { postId: post.id, xPostId: x.id, code: x.shortCode }
}

interface Request {
  referrer: string | null
  bot: boolean
}

/**
 * Fires `requests` with `concurrency` at once; `onAnswer` sees each 302. Connection failures (the
 * kill) leave a request unanswered.
 */
async function burst(url: string, requests: Request[], concurrency: number, onAnswer: (r: Request) => void) {
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as Request
      try {
        const res = await fetch(url, {
          redirect: 'manual',
          headers: {
            'user-agent': request.bot ? BOT : BROWSER,
            ...(request.referrer ? { referer: request.referrer } : {}),
          },
        })
        await res.arrayBuffer()
        if (res.status === 302) onAnswer(request)
      } catch {
        // The server was killed: unanswered.
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

async function storedClicks(options: CrashLoopOptions, xPostId: number) {
  const database: Database = options.env.DATABASE_URL
    ? await openPostgres(options.env.DATABASE_URL, 2)
    : await openPglite(path.join(options.dataDir, 'pglite'))
  try {
    const [counts] = await database.db
      .select({ clicks: xPosts.clickCount, bots: xPosts.botClickCount })
      .from(xPosts)
      .where(eq(xPosts.id, xPostId))
    const rows = await database.db
      .select({ referrer: clickTracking.referrer })
      .from(clickTracking)
      .where(eq(clickTracking.xPostId, xPostId))
    return { clicks: counts?.clicks ?? -1, bots: counts?.bots ?? -1, referrers: rows.map((r) => r.referrer) }
  } finally {
    await database.close()
  }
}

export async function clickCrashLoop(options: CrashLoopOptions): Promise<CrashLoopResult> {
  const report = options.report ?? (() => {})
  const start = () =>
    startTestServer({ dataDir: options.env.DATABASE_URL ? undefined : options.dataDir, env: options.env })
  let server: TestServer = await start()
  const { xPostId, code } = await createShortLink(server.url)
  const acknowledged = new Set<string>()
  const sent = new Set<string>()
  const bots = { sent: 0, acknowledged: 0, stored: 0 }
  try {
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      const requests: Request[] = []
      for (let i = 0; i < options.clicks; i++)
        requests.push({ referrer: `https://probe.example/${cycle}/${i}`, bot: false })
      // Bots among the people, so their tallies are cut by the kill too.
      for (let i = 0; i < options.bots; i++) {
        requests.splice(Math.floor(((i + 1) * requests.length) / (options.bots + 1)), 0, { referrer: null, bot: true })
      }
      const midBurst = options.killMidBurst(cycle)
      let answered = 0
      let killing: Promise<unknown> | undefined
      const url = `${server.url}/s/${code}`
      const running = server
      await burst(url, requests, options.concurrency, (r) => {
        answered += 1
        if (r.bot) bots.acknowledged += 1
        else acknowledged.add(r.referrer as string)
        // Mid-burst: kill once a third are answered, with `concurrency` requests in flight.
        if (midBurst && !killing && answered >= requests.length / 3) killing = running.stop('SIGKILL')
      })
      for (const r of requests) {
        if (r.bot) bots.sent += 1
        else sent.add(r.referrer as string)
      }
      await (killing ?? server.stop('SIGKILL'))
      report(
        `cycle ${cycle + 1}: ${answered} of ${requests.length} answered with 302, then kill -9 ` +
          `${midBurst ? 'with requests in flight' : 'after the last answer'}`,
      )
      server = await start()
    }
  } finally {
    // A clean stop writes what the last start replayed and what is still queued.
    await server.stop()
  }
  const stored = await storedClicks(options, xPostId)
  bots.stored = stored.bots
  const seen = new Map<string, number>()
  for (const r of stored.referrers) if (r) seen.set(r, (seen.get(r) ?? 0) + 1)
  let lost = 0
  for (const r of acknowledged) if (!seen.has(r)) lost += 1
  let duplicated = 0
  let unexplained = 0
  let storedUnanswered = 0
  for (const [r, times] of seen) {
    duplicated += times - 1
    if (!sent.has(r)) unexplained += times
    else if (!acknowledged.has(r)) storedUnanswered += 1
  }
  unexplained += stored.referrers.filter((r) => !r).length
  return {
    sent: sent.size,
    acknowledged: acknowledged.size,
    unanswered: sent.size - acknowledged.size,
    storedRows: stored.referrers.length,
    clickCount: stored.clicks,
    lost,
    duplicated,
    unexplained,
    storedUnanswered,
    bots,
  }
}
