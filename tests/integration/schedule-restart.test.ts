import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Post } from '#common/contract/posts.ts'
import { tweetText, type XPost } from '#common/contract/x-posts.ts'
import { type FakeX, fakeXEnv, startFakeX } from '#tests/fixtures/fake-x.ts'
import { onServer, TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { callApi, signIn } from '#tests/helpers/live-server.ts'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import { within } from '#tests/helpers/wait.ts'

// Issue 14: "a job due while every instance was down runs at the next start (late, once)". One
// server is stopped before the due time and started again after it, on the same database: the
// embedded one in a data folder kept across its two lives, or in the PostgreSQL suite
// (TEST_DATABASE_URL set) a fresh PostgreSQL database.
let dataDir: string
let pgName: string | undefined
let fakeX: FakeX
let server: TestServer | undefined
let env: Record<string, string>

beforeAll(async () => {
  await ensureSiteBuilt()
  fakeX = await startFakeX()
  dataDir = mkdtempSync(path.join(tmpdir(), 'vq-schedule-restart-'))
  let databaseUrl: string | undefined
  if (TEST_DATABASE_URL) {
    pgName = `vq_sched_restart_${randomBytes(4).toString('hex')}`
    await onServer(TEST_DATABASE_URL, `create database "${pgName}"`)
    const url = new URL(TEST_DATABASE_URL)
    url.pathname = `/${pgName}`
    databaseUrl = url.href
  }
  env = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    ...fakeXEnv(fakeX),
    X_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
  }
  // Its first start (migrations, the sample posts) is setup; the test is about the second.
  server = await start()
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await fakeX?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  if (pgName) await onServer(TEST_DATABASE_URL as string, `drop database if exists "${pgName}" with (force)`)
})

const start = () => startTestServer({ dataDir, keepDataDir: true, env })
const call = (s: TestServer, cookie: string, method: string, path: string, body?: unknown) =>
  callApi(s.url, cookie, method, path, body)

const until = (moment: number) => new Promise((r) => setTimeout(r, Math.max(0, moment - Date.now())))

test('a post and an X post due while the server is down are published once at the next start', async () => {
  if (!server) throw new Error('the server did not start')
  let cookie = await signIn(server.url)
  const newPost = async (isPublished: boolean, title: string) => {
    const { status, body } = await call(server as TestServer, cookie, 'POST', '/api/blog', {
      title,
      slug: `restart-${randomBytes(4).toString('hex')}`,
      excerpt: 'A post of the restart test.',
      content: '## Scheduled\n\nThis post goes live while nothing runs.',
      isPublished,
    })
    expect(status).toBe(201)
    return body.post as Post
  }
  const draft = await newPost(false, 'Due while the server is down')
  const live = await newPost(true, 'Already live, with an X post')
  const created = await call(server, cookie, 'POST', `/api/blog/${live.id}/publish-x`, {
    customContent: 'Posted after a restart',
  })
  expect(created.status).toBe(201)
  const xPost = created.body as XPost

  const at = new Date(Date.now() + 4_000).toISOString()
  const due = Date.parse(at)
  expect((await call(server, cookie, 'POST', `/api/blog/${draft.id}/schedule`, { publishAt: at })).status).toBe(200)
  expect((await call(server, cookie, 'POST', `/api/x-posts/${xPost.id}/schedule`, { at })).status).toBe(200)

  expect(await server.stop()).toBe(0)
  server = undefined
  // The server is down before the due time, so nothing could have run the jobs.
  expect(Date.now()).toBeLessThan(due)
  expect(fakeX.received).toHaveLength(0)

  await until(due + 3_000)
  server = await start()
  const started = Date.now()
  cookie = await signIn(server.url)
  const s = server

  let post: Post | undefined
  const published = await within(5_000, async () => {
    const res = await fetch(`${s.url}/api/blog/${draft.slug}`)
    if (res.status === 200) post = (await res.json()) as Post
    return res.status === 200
  })
  expect(published).toBe(true)
  expect(post).toMatchObject({ isPublished: true, publishedAt: at, scheduledAt: null })

  let posted: XPost | undefined
  const onX = await within(5_000 - (Date.now() - started), async () => {
    const { body } = await call(s, cookie, 'GET', `/api/blog/${live.id}/x-posts`)
    posted = (body.xPosts as XPost[]).find((x) => x.id === xPost.id)
    return posted?.status === 'published'
  })
  expect(onX, JSON.stringify(posted)).toBe(true)
  expect(Date.now() - started).toBeLessThan(5_500)

  const revisions = (await call(s, cookie, 'GET', `/api/blog/${draft.id}/revisions`)).body.revisions as {
    reason: string
  }[]
  expect(revisions.filter((r) => r.reason === 'schedule')).toHaveLength(1)

  expect(fakeX.rejected).toEqual([])
  expect(fakeX.received.map((t) => t.text)).toEqual([tweetText(xPost)])
  expect(posted?.tweetId).toBe(fakeX.received[0]?.id)
  expect(posted?.postedAt).not.toBeNull()
  expect(Date.parse(posted?.postedAt as string)).toBeGreaterThan(due)
}, 60_000)

// Issue 27 items 1 and 2: a backlog of posts, each to go live at T and back to draft at T+8s, all
// due while nothing ran. After the restart every one of them must be what its schedule says for
// now (not public, one revision per change, whichever job runs first), and the work must start
// and end within 5 s of the first answer, not one job per poll.
const BACKLOG = 30

/**
 * Drafts scheduled to go live at `publishAt`, and back to draft at `unpublishAt` when given.
 * `moments` gets how long the scheduling will take at most here (four times as long as creating
 * them took, and 2 s: a loaded machine schedules slower): a moment must still be in the future
 * when the last of them is scheduled.
 */
async function scheduledDrafts(
  s: TestServer,
  cookie: string,
  moments: (lead: number) => { publishAt: Date; unpublishAt?: Date },
) {
  const drafts: Post[] = []
  const creating = Date.now()
  for (let i = 0; i < BACKLOG; i++) {
    const { status, body } = await call(s, cookie, 'POST', '/api/blog', {
      title: `Backlog ${i}`,
      slug: `backlog-${randomBytes(4).toString('hex')}`,
      excerpt: 'A post of the restart backlog.',
      content: 'Due while nothing runs.',
      isPublished: false,
    })
    expect(status).toBe(201)
    drafts.push(body.post as Post)
  }
  const { publishAt, unpublishAt } = moments(4 * (Date.now() - creating) + 2_000)
  const schedule = (post: Post, at: Date, withUnpublish = true) =>
    call(s, cookie, 'POST', `/api/blog/${post.id}/schedule`, {
      publishAt: at.toISOString(),
      // Left out, the one set before is kept (a move on the calendar): no second unpublish job.
      ...(withUnpublish ? { unpublishAt: unpublishAt?.toISOString() } : {}),
    })
  const [first] = drafts as [Post]
  // The first post is scheduled first a second earlier, then moved to the moment of the others
  // last: its unpublish job is the first of its queue and its publish job the last of its own, so
  // after the restart its unpublish runs before its publish (the order that lost it, issue 27 §1).
  if (unpublishAt) expect((await schedule(first, new Date(publishAt.getTime() - 1_000))).status).toBe(200)
  for (const draft of unpublishAt ? drafts.slice(1) : drafts)
    expect((await schedule(draft, publishAt)).status).toBe(200)
  if (unpublishAt) expect((await schedule(first, publishAt, false)).status).toBe(200)
  return drafts
}

interface Settled {
  post: Post
  revisions: { reason: string; createdAt: string }[]
}

/**
 * Waits until every post's schedule is used up, or a generous bound (a post left public with its
 * unpublish moment past never gets there); answers their state.
 */
async function settled(s: TestServer, cookie: string, drafts: Post[]): Promise<Settled[]> {
  let posts: Post[] = []
  await within(30_000, async () => {
    posts = (await call(s, cookie, 'GET', '/api/blog')).body as Post[]
    return drafts.every((d) => {
      const post = posts.find((p) => p.id === d.id)
      return post?.scheduledAt === null && post.unpublishAt === null
    })
  })
  return Promise.all(
    drafts.map(async (d) => ({
      post: posts.find((p) => p.id === d.id) as Post,
      revisions: (await call(s, cookie, 'GET', `/api/blog/${d.id}/revisions`)).body.revisions,
    })),
  )
}

/** When each of the jobs' changes was made, in ms after `from` (by the revisions' time). */
const changesAfter = (posts: Settled[], from: number) =>
  posts.flatMap(({ revisions }) =>
    revisions.filter((r) => r.reason !== 'create').map((r) => Date.parse(r.createdAt) - from),
  )
const firstChangeAfter = (posts: Settled[], from: number) => Math.min(...changesAfter(posts, from))
const lastChangeAfter = (posts: Settled[], from: number) => Math.max(...changesAfter(posts, from))

test('posts to go live and back to draft while the server was down are drafts within 5 s of the first answer', async () => {
  if (!server) throw new Error('the server did not start')
  let cookie = await signIn(server.url)
  let publishAt = new Date()
  const drafts = await scheduledDrafts(server, cookie, (lead) => {
    publishAt = new Date(Date.now() + lead + 1_000)
    return { publishAt, unpublishAt: new Date(publishAt.getTime() + 8_000) }
  })
  expect(await server.stop()).toBe(0)
  server = undefined
  expect(Date.now()).toBeLessThan(publishAt.getTime())

  await until(publishAt.getTime() + 9_000)
  server = await start()
  const firstAnswer = Date.now()
  cookie = await signIn(server.url)

  const posts = await settled(server, cookie, drafts)
  for (const { post, revisions } of posts) {
    expect(post).toMatchObject({
      isPublished: false,
      publishedAt: publishAt.toISOString(),
      scheduledAt: null,
      unpublishAt: null,
    })
    // Newest first: live at its moment, back to draft at the other, each change once.
    expect(revisions.map((r) => r.reason)).toEqual(['unpublish', 'schedule', 'create'])
  }
  expect((await fetch(`${server.url}/api/blog/${drafts[0]?.slug}`)).status).toBe(404)
  // The bound: due work starts within 5 s of the first answer. The whole backlog (30 posts,
  // 60 changes) measured 0.4–1.8 s here and 14.8–29.6 s before; 10 s leaves room for a loaded machine.
  expect(firstChangeAfter(posts, firstAnswer)).toBeLessThan(5_000)
  expect(lastChangeAfter(posts, firstAnswer)).toBeLessThan(10_000)
}, 90_000)

test('a kill -9 while the backlog runs: the next start finishes it within 5 s of its first answer, each post once', async () => {
  if (!server) throw new Error('the server did not start')
  let cookie = await signIn(server.url)
  let publishAt = new Date()
  const drafts = await scheduledDrafts(server, cookie, (lead) => {
    publishAt = new Date(Date.now() + lead + 500)
    return { publishAt }
  })
  // Killed as the jobs fall due: whatever it held then was left 'active' in the queue.
  await until(publishAt.getTime() + 150)
  await server.stop('SIGKILL')
  server = undefined

  server = await start()
  const firstAnswer = Date.now()
  cookie = await signIn(server.url)

  const posts = await settled(server, cookie, drafts)
  for (const { post, revisions } of posts) {
    expect(post).toMatchObject({ isPublished: true, publishedAt: publishAt.toISOString(), scheduledAt: null })
    expect(revisions.map((r) => r.reason)).toEqual(['schedule', 'create'])
  }
  // What the killed process had not done was done after the restart, promptly.
  expect(lastChangeAfter(posts, firstAnswer)).toBeLessThan(10_000)
}, 90_000)
