import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { clickLogSegments, clickTracking, xPosts } from '#server/db/schema.ts'
import { ClickLog, clickLine, clickLogRoot, parseSegment } from '#server/services/click-log.ts'
import { type Click, ClickRecorder, writeClicks } from '#server/services/clicks.ts'
import { createPost } from '#server/services/posts.ts'
import { createXPost } from '#server/services/x-posts.ts'
import { validPost } from '#tests/helpers/app.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'

// The click log (docs/decisions/041-crash-safe-clicks.md) against a real database: PGlite, or
// PostgreSQL with TEST_DATABASE_URL.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
let database: Database
let root: string
let xPostId: number
let n = 0

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vq-click-log-'))
  n += 1
  const { post } = await createPost(database.db, validPost({ slug: `click-log-${n}` }) as never)
  const x = await createXPost(database.db, {
    blogPostId: post.id,
    customContent: null,
    publicUrl: 'https://vidquest.io',
  })
  if (!x) throw new Error('no X post')
  xPostId = x.id
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const click = (i: number, overrides: Partial<Click> = {}): Click => ({
  xPostId,
  ipAddress: `203.0.113.${i % 200}`,
  userAgent: FIREFOX,
  referrer: i % 2 ? 'https://t.co/abc' : null,
  clickedAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i)),
  bot: false,
  ...overrides,
})

async function stored() {
  const [row] = await database.db
    .select({ clicks: xPosts.clickCount, unique: xPosts.uniqueClickCount, bots: xPosts.botClickCount })
    .from(xPosts)
    .where(eq(xPosts.id, xPostId))
  const rows = await database.db.select().from(clickTracking).where(eq(clickTracking.xPostId, xPostId))
  return { ...row, rows: rows.length }
}

const segmentFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.log'))

/** A recorder that writes only when told: the test decides when a "crash" happens. */
const recorder = (log: ClickLog) => new ClickRecorder(database.db, { log, flushMs: 3_600_000, batchSize: 1_000_000 })

/** What a start on `log` does with the clicks a dead process left in it: how many it replayed. */
async function replayed(log = ClickLog.open(root)) {
  const rec = recorder(log)
  const count = await rec.replay()
  await rec.close()
  return count
}

describe('click log lines', () => {
  test('a line holds every field of a click, whatever its text', () => {
    const c = click(1, { userAgent: 'tab\there "quoted"\nnewline ✓', referrer: null, bot: true })
    const bytes = Buffer.from(clickLine(c) + clickLine(click(2)))
    const parsed = parseSegment('s.log', bytes)
    expect(parsed.clicks).toHaveLength(2)
    const { logged, ...first } = parsed.clicks[0]!
    expect(first).toEqual({ ...c })
    expect(logged).toEqual({ segment: 's.log', end: Buffer.byteLength(clickLine(c)) })
    expect(parsed.clicks[1]!.logged.end).toBe(bytes.length)
    expect(parsed).toMatchObject({ end: bytes.length, skipped: 0, partial: 0 })
  })

  test('a last line cut short by a crash is ignored, a damaged line is skipped', () => {
    const whole = clickLine(click(1)) + clickLine(click(2))
    const torn = clickLine(click(3)).slice(0, 20)
    const parsed = parseSegment('s.log', Buffer.from(`${whole}\u0000\u0000garbage\n${clickLine(click(4))}${torn}`))
    expect(parsed.clicks.map((c) => c.clickedAt.getUTCSeconds())).toEqual([1, 2, 4])
    expect(parsed.skipped).toBe(1)
    expect(parsed.partial).toBe(20)
  })

  test('reading from an offset starts at that line', () => {
    const first = clickLine(click(1))
    const parsed = parseSegment('s.log', Buffer.from(first + clickLine(click(2))), Buffer.byteLength(first))
    expect(parsed.clicks.map((c) => c.clickedAt.getUTCSeconds())).toEqual([2])
  })
})

test('on PostgreSQL each database has a log folder of its own; PGlite uses the folder given', () => {
  const a = clickLogRoot('/logs', 'postgres://app:secret@db.internal:5432/site')
  expect(a).toMatch(/^\/logs\/pg-[0-9a-f]{16}$/)
  expect(clickLogRoot('/logs', 'postgresql://other:pw@db.internal/site')).toBe(a)
  expect(clickLogRoot('/logs', 'postgres://app:secret@db.internal:5432/site_test')).not.toBe(a)
  expect(clickLogRoot('/logs', 'postgres://app:secret@db2.internal:5432/site')).not.toBe(a)
  expect(clickLogRoot('/logs')).toBe('/logs')
})

test('a click is stored at its exact millisecond', async () => {
  const times = [Date.UTC(2026, 10, 27, 12, 0, 0, 1), Date.UTC(2026, 10, 27, 23, 59, 59, 999), 1_795_965_400_131]
  await writeClicks(
    database.db,
    times.map((ms, i) => click(i, { clickedAt: new Date(ms) })),
  )
  const rows = await database.db
    .select({ at: clickTracking.clickedAt })
    .from(clickTracking)
    .where(eq(clickTracking.xPostId, xPostId))
  expect(rows.map((r) => r.at.getTime()).sort()).toEqual([...times].sort())
})

describe('ClickLog and ClickRecorder', () => {
  test('the redirects of one turn are answered after one write that holds all their clicks', async () => {
    const log = ClickLog.open(root)
    const before = recorder(log)
    const file = path.join(log.dir, log.active)
    const answered: number[] = []
    for (let i = 0; i < 5; i++) {
      before.recordThen(click(i, i === 4 ? { bot: true, userAgent: 'Twitterbot/1.0' } : {}), () => {
        // Each answer goes out with every click of the turn already in the file.
        expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(6)
        answered.push(i)
      })
    }
    expect(answered).toEqual([])
    expect(readFileSync(file, 'utf8')).toBe('')
    await new Promise((resolve) => setImmediate(resolve))
    expect(answered).toEqual([0, 1, 2, 3, 4])
    expect(before.pending).toBe(5)
    // The process dies here: the next start replays the five, once.
    expect(await replayed(ClickLog.open(root))).toBe(5)
    expect(await stored()).toEqual({ clicks: 4, unique: 4, bots: 1, rows: 4 })
  })

  test('clicks recorded but never written (a kill -9) are replayed at the next start, once', async () => {
    const log = ClickLog.open(root)
    const before = recorder(log)
    for (let i = 0; i < 30; i++) before.record(click(i))
    before.record(click(30, { bot: true, userAgent: 'Twitterbot/1.0' }))
    // The process dies here: nothing was written, the log holds 31 lines.
    expect(await stored()).toMatchObject({ clicks: 0, rows: 0, bots: 0 })

    const after = ClickLog.open(root) // the dead holder's slot is free again
    expect(after.dir).toBe(log.dir)
    expect(after.leftovers).toEqual([log.active])
    expect(await replayed(after)).toBe(31)
    expect(await stored()).toEqual({ clicks: 30, unique: 30, bots: 1, rows: 30 })
    // Everything is in the database: no segment file and no segment row is left.
    expect(segmentFiles(after.dir)).toEqual([])
    expect(await database.db.select().from(clickLogSegments)).toEqual([])

    // A third start has nothing to replay.
    expect(await replayed()).toBe(0)
    expect(await stored()).toEqual({ clicks: 30, unique: 30, bots: 1, rows: 30 })
  })

  test('a crash between a batch commit and the segment deletion counts nothing twice', async () => {
    const log = ClickLog.open(root)
    const before = recorder(log)
    for (let i = 0; i < 10; i++) before.record(click(i))
    await before.flush() // committed, with the segment's row at its end
    for (let i = 10; i < 15; i++) before.record(click(i))
    // Dies: the segment still holds the 10 committed clicks and 5 more.
    expect(await stored()).toMatchObject({ clicks: 10, rows: 10 })

    expect(await replayed()).toBe(5)
    expect(await stored()).toEqual({ clicks: 15, unique: 15, bots: 0, rows: 15 })
  })

  test('writing the same logged batch twice (a retry after a lost commit answer) writes it once', async () => {
    const log = ClickLog.open(root)
    const batch = Array.from({ length: 5 }, (_, i) => {
      const c = click(i)
      c.logged = log.append(c)
      return c
    })
    await writeClicks(database.db, batch)
    await writeClicks(database.db, batch)
    await writeClicks(database.db, batch.slice(2))
    expect(await stored()).toEqual({ clicks: 5, unique: 5, bots: 0, rows: 5 })
    log.close()
  })

  test('a segment with a torn last line and a damaged line replays the rest', async () => {
    const log = ClickLog.open(root)
    const before = recorder(log)
    for (let i = 0; i < 4; i++) before.record(click(i))
    const file = path.join(log.dir, log.active)
    appendFileSync(file, 'not json\n')
    before.record(click(4))
    appendFileSync(file, clickLine(click(5)).slice(0, 15)) // the write the crash cut short

    expect(await replayed()).toBe(5)
    expect(await stored()).toMatchObject({ clicks: 5, rows: 5 })
    expect(segmentFiles(path.join(root, '0'))).toEqual([])
  })

  test('a full segment is rotated, and deleted once its clicks are in the database', async () => {
    const line = Buffer.byteLength(clickLine(click(0)))
    const log = ClickLog.open(root, { rotateBytes: line * 3 })
    const rec = recorder(log)
    for (let i = 0; i < 7; i++) rec.record(click(i))
    // 3 + 3 in two closed segments, 1 in the active one.
    expect(segmentFiles(log.dir)).toHaveLength(3)
    await rec.flush()
    expect(segmentFiles(log.dir)).toEqual([log.active])
    expect(readFileSync(path.join(log.dir, log.active), 'utf8').split('\n')).toHaveLength(2)
    await rec.close()
    expect(segmentFiles(log.dir)).toEqual([])
    expect(await stored()).toMatchObject({ clicks: 7, rows: 7 })
  })

  test('an instance takes a free slot, leaves a live one alone, and adopts a dead one’s segments', async () => {
    const segment = (name: string, ...lines: string[]) => {
      mkdirSync(path.dirname(name), { recursive: true })
      writeFileSync(name, lines.join(''))
    }
    // Slot 0: a running instance (our parent process stands in for it) with a segment of its own.
    segment(path.join(root, '0', 'server.lock'), String(process.ppid))
    segment(path.join(root, '0', '00000000a-aaaaaaaaaaaaaaaa.log'), clickLine(click(1)))
    // Slot 5: an instance that died (its pid is gone) and left a segment.
    segment(path.join(root, '5', 'server.lock'), '999999999')
    segment(path.join(root, '5', '00000000b-bbbbbbbbbbbbbbbb.log'), clickLine(click(2)), clickLine(click(3)))

    const log = ClickLog.open(root)
    expect(path.basename(log.dir)).toBe('1')
    expect(log.leftovers).toEqual(['00000000b-bbbbbbbbbbbbbbbb.log'])
    expect(segmentFiles(path.join(root, '0'))).toEqual(['00000000a-aaaaaaaaaaaaaaaa.log'])
    expect(segmentFiles(path.join(root, '5'))).toEqual([])
    expect(await replayed(log)).toBe(2)
    expect(await stored()).toMatchObject({ clicks: 2, rows: 2 })
  })
})
