import { eq, sql } from 'drizzle-orm'
import type { Job } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ActivityEntry, ActivityKind, ActivityList } from '#common/contract/activity.ts'
import { loadConfig } from '#server/config.ts'
import { activityLog, postRevisions, users } from '#server/db/schema.ts'
import { postToXJob } from '#server/jobs/post-to-x.ts'
import { recordActivity } from '#server/services/activity.ts'
import type { DueJob } from '#server/services/job-queue.ts'
import { deleteOldActivity } from '#server/services/retention.ts'
import { publishScheduledPost } from '#server/services/schedule.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { throttleAddress } from '#server/services/visits.ts'
import { FAKE_X_CREDENTIALS, type FakeX, startFakeX } from '#tests/fixtures/fake-x.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 28, the activity log: each action that succeeds leaves exactly one row naming who, what,
// which object and an IP hash (never the IP); filters, a formula-safe CSV and retention.
const IP = '203.0.113.7'
const PASSWORD = 'a long enough passphrase'
const base = loadConfig({ NODE_ENV: 'test' })

let t: TestApp
let fakeX: FakeX
let cookie: string
let ownerId: number
let slugs = 0

beforeAll(async () => {
  fakeX = await startFakeX()
  t = await createTestApp(
    { trustProxy: true, x: { ...base.x, baseUrl: fakeX.url, credentials: FAKE_X_CREDENTIALS } },
    undefined,
    { jobs: 'add' },
  )
  const owner = await createUser(t.database.db, 'ada', PASSWORD)
  if (!owner) throw new Error('user exists')
  ownerId = owner.id
  cookie = `vq_session=${await createSession(t.database.db, owner.id)}`
})
afterAll(async () => {
  await t?.close()
  await fakeX?.close()
})

const call = (method: string, path: string, body?: unknown, as: string | undefined = cookie) =>
  t.app.request(path, json(method, body, as, { 'x-forwarded-for': IP }))

const rows = () => t.database.db.select().from(activityLog).orderBy(activityLog.id)

/** Runs the action and answers the rows of the log it added. */
async function added(action: () => Promise<unknown>) {
  const before = (await rows()).length
  await action()
  return (await rows()).slice(before)
}

async function expectOneRow(
  action: () => Promise<Response | unknown>,
  want: { kind: ActivityKind; userId: number | null; username: string | null; objectType?: string; objectId?: number },
) {
  const fresh = await added(action)
  expect(fresh).toHaveLength(1)
  const [row] = fresh
  expect(row).toMatchObject(want)
  return row as typeof activityLog.$inferSelect
}

async function newPost(title = 'Rewarded video in practice') {
  const res = await call('POST', '/api/blog', validPost({ slug: `activity-${++slugs}`, title, isPublished: false }))
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; title: string } }).post
}

describe('one row per action', () => {
  test('a sign-in, with the IP hashed (the day-salted hash, never the IP)', async () => {
    const row = await expectOneRow(
      async () =>
        expect((await call('POST', '/api/admin/login', { username: 'ada', password: PASSWORD }, '')).status).toBe(200),
      { kind: 'sign-in', userId: ownerId, username: 'ada', objectType: 'user', objectId: ownerId },
    )
    expect(row.ipHash).toMatch(/^[0-9a-f]{16}$/)
    expect(row.ipHash).not.toContain(IP)
    expect(row.ipHash).toBe(await throttleAddress(t.database.db, IP))
    const raw = JSON.stringify(await rows())
    expect(raw).not.toContain(IP)
  })

  test('a failed sign-in of a known account names it; an unknown name is not kept', async () => {
    const known = await expectOneRow(
      async () =>
        expect((await call('POST', '/api/admin/login', { username: 'ada', password: 'wrong one' }, '')).status).toBe(
          401,
        ),
      { kind: 'sign-in-failed', userId: ownerId, username: 'ada', objectId: ownerId },
    )
    expect(known.detail).toBe('wrong password')
    const unknown = await expectOneRow(
      async () =>
        expect(
          (await call('POST', '/api/admin/login', { username: 'hunter2-typed-here', password: 'x' }, '')).status,
        ).toBe(401),
      { kind: 'sign-in-failed', userId: null, username: null },
    )
    expect(JSON.stringify(unknown)).not.toContain('hunter2')
    expect(unknown.ipHash).toMatch(/^[0-9a-f]{16}$/)
  })

  test("a post's create, update, publish, unpublish and delete; a restore", async () => {
    let id = 0
    const created = await expectOneRow(
      async () => {
        id = (await newPost('A post to follow')).id
      },
      { kind: 'post.create', userId: ownerId, username: 'ada', objectType: 'post' },
    )
    expect(created).toMatchObject({ objectId: id, objectLabel: 'A post to follow', detail: 'draft' })
    await expectOneRow(
      async () =>
        expect(
          (await call('PUT', `/api/blog/${id}`, validPost({ slug: `activity-${slugs}`, title: 'Renamed' }))).status,
        ).toBe(200),
      { kind: 'post.update', userId: ownerId, username: 'ada', objectType: 'post', objectId: id },
    )
    const published = await expectOneRow(
      async () => expect((await call('POST', `/api/blog/${id}/publish`)).status).toBe(200),
      { kind: 'post.publish', userId: ownerId, username: 'ada', objectId: id },
    )
    expect(published.objectLabel).toBe('Renamed')
    await expectOneRow(async () => expect((await call('POST', `/api/blog/${id}/unpublish`)).status).toBe(200), {
      kind: 'post.unpublish',
      userId: ownerId,
      username: 'ada',
      objectId: id,
    })
    const [first] = await t.database.db
      .select({ id: postRevisions.id })
      .from(postRevisions)
      .where(eq(postRevisions.postId, id))
      .orderBy(postRevisions.id)
      .limit(1)
    const restored = await expectOneRow(
      async () => expect((await call('POST', `/api/blog/${id}/revisions/${first?.id}/restore`)).status).toBe(200),
      { kind: 'post.restore', userId: ownerId, username: 'ada', objectId: id },
    )
    expect(restored).toMatchObject({ objectLabel: 'A post to follow', detail: `revision ${first?.id}` })
    const deleted = await expectOneRow(async () => expect((await call('DELETE', `/api/blog/${id}`)).status).toBe(200), {
      kind: 'post.delete',
      userId: ownerId,
      username: 'ada',
      objectId: id,
    })
    expect(deleted.objectLabel).toBe('A post to follow')
  })

  test('an X post: created, its status changed, posted to X', async () => {
    const post = await newPost('Worth sharing')
    let xPostId = 0
    const created = await expectOneRow(
      async () => {
        const res = await call('POST', `/api/blog/${post.id}/publish-x`, { customContent: 'Read this one' })
        expect(res.status).toBe(201)
        xPostId = ((await res.json()) as { id: number }).id
      },
      { kind: 'x-post.create', userId: ownerId, username: 'ada', objectType: 'x-post' },
    )
    expect(created.objectId).toBe(xPostId)
    expect(created.objectLabel).toContain('Read this one')
    await expectOneRow(
      async () => expect((await call('PATCH', `/api/x-posts/${xPostId}/status`, { status: 'draft' })).status).toBe(200),
      { kind: 'x-post.update', userId: ownerId, username: 'ada', objectId: xPostId },
    )
    await call('POST', `/api/blog/${post.id}/publish`)
    await expectOneRow(async () => expect((await call('POST', `/api/x-posts/${xPostId}/post-to-x`)).status).toBe(200), {
      kind: 'x-post.post',
      userId: ownerId,
      username: 'ada',
      objectType: 'x-post',
      objectId: xPostId,
    })
  })

  test('a schedule set by a person, then the publish done by the schedule itself (no one, no IP)', async () => {
    const post = await newPost('Goes live by itself')
    const publishAt = new Date(Date.now() + 3_600_000)
    await expectOneRow(
      async () =>
        expect(
          (await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: publishAt.toISOString() })).status,
        ).toBe(200),
      { kind: 'post.schedule', userId: ownerId, username: 'ada', objectId: post.id },
    )
    const row = await expectOneRow(
      () => publishScheduledPost(t.database.db, { id: post.id, at: publishAt.toISOString() }, new Date(publishAt)),
      { kind: 'post.publish', userId: null, username: null, objectType: 'post', objectId: post.id },
    )
    expect(row).toMatchObject({ objectLabel: 'Goes live by itself', detail: 'on schedule', ipHash: null })
    // The job again (a retry, another instance): nothing more happened, nothing more is written.
    expect(
      await added(() =>
        publishScheduledPost(t.database.db, { id: post.id, at: publishAt.toISOString() }, new Date(publishAt)),
      ),
    ).toEqual([])
  })

  test('an X post scheduled by a person, then posted to X by the schedule', async () => {
    const post = await newPost('Shared later')
    await call('POST', `/api/blog/${post.id}/publish`)
    const created = await call('POST', `/api/blog/${post.id}/publish-x`, { customContent: 'Later on X' })
    const xPostId = ((await created.json()) as { id: number }).id
    const at = new Date(Date.now() + 3_600_000).toISOString()
    await expectOneRow(
      async () => expect((await call('POST', `/api/x-posts/${xPostId}/schedule`, { at })).status).toBe(200),
      { kind: 'x-post.schedule', userId: ownerId, username: 'ada', objectType: 'x-post', objectId: xPostId },
    )
    const job = { data: { id: xPostId, at }, retryCount: 0 } as Job<DueJob>
    const row = await expectOneRow(
      () =>
        postToXJob(t.services.config).run(job, {
          database: t.database,
          config: t.services.config,
          logger: t.services.logger,
          queue: t.services.jobs,
          secretKey: () => t.services.secretKey,
        }),
      { kind: 'x-post.post', userId: null, username: null, objectType: 'x-post', objectId: xPostId },
    )
    expect(row).toMatchObject({ detail: 'on schedule', ipHash: null })
  })

  test('a refused or failed action leaves no row', async () => {
    expect(await added(async () => expect((await call('DELETE', '/api/blog/999999')).status).toBe(404))).toEqual([])
    expect(await added(async () => expect((await call('POST', '/api/blog', { title: '' })).status).toBe(400))).toEqual(
      [],
    )
  })

  test("a deleted account's rows still read with its name", async () => {
    const temp = await createUser(t.database.db, 'temp.writer', PASSWORD, 'editor')
    if (!temp) throw new Error('user exists')
    const tempCookie = `vq_session=${await createSession(t.database.db, temp.id)}`
    const res = await call(
      'POST',
      '/api/blog',
      validPost({ slug: `activity-${++slugs}`, title: 'By temp' }),
      tempCookie,
    )
    expect(res.status).toBe(201)
    await t.database.db.delete(users).where(eq(users.id, temp.id))
    const [row] = (await rows()).filter((r) => r.objectLabel === 'By temp')
    expect(row).toMatchObject({ userId: null, username: 'temp.writer', kind: 'post.create' })
  })

  test('a failure to record never fails the action: it is logged', async () => {
    const warnings: unknown[] = []
    await t.database.db.execute(
      sql`alter table activity_log add constraint no_more check (kind <> 'post.update') not valid`,
    )
    try {
      await recordActivity(
        t.database.db,
        { kind: 'post.update', userId: ownerId },
        { warn: (o: unknown) => warnings.push(o) },
      )
      expect(warnings).toHaveLength(1)
      const post = await newPost('Still saved')
      const res = await call('PUT', `/api/blog/${post.id}`, validPost({ slug: `activity-${slugs}`, title: 'Saved' }))
      expect(res.status).toBe(200)
    } finally {
      await t.database.db.execute(sql`alter table activity_log drop constraint no_more`)
    }
  })
})

describe('GET /api/admin/activity', () => {
  const list = async (query = '') => {
    const res = await call('GET', `/api/admin/activity${query}`)
    expect(res.status).toBe(200)
    return (await res.json()) as ActivityList
  }

  test('newest first, paged, with everyone the log names', async () => {
    const all = await list()
    expect(all.total).toBe((await rows()).length)
    expect(all.page).toBe(1)
    expect(all.pageSize).toBe(50)
    const at = all.entries.map((e) => e.at)
    expect([...at].sort().reverse()).toEqual(at)
    const two = await list('?page=2&pageSize=3')
    expect(two.entries.map((e) => e.id)).toEqual(all.entries.slice(3, 6).map((e) => e.id))
    expect(all.people).toEqual(
      expect.arrayContaining([
        { id: ownerId, name: 'ada' },
        { id: null, name: 'The schedule' },
      ]),
    )
  })

  test('filters by person, kind and dates', async () => {
    const creates = await list('?kind=post.create')
    expect(creates.entries.length).toBeGreaterThan(1)
    expect(creates.entries.every((e: ActivityEntry) => e.kind === 'post.create')).toBe(true)
    const system = await list('?person=system')
    expect(system.entries.map((e) => [e.kind, e.userId])).toEqual([
      ['x-post.post', null],
      ['post.publish', null],
    ])
    const ada = await list(`?person=${ownerId}&kind=sign-in`)
    expect(ada.total).toBe(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await list(`?from=${today}&to=${today}`)).total).toBe((await list()).total)
    expect((await list('?from=2001-01-01&to=2001-01-02')).total).toBe(0)
    const mid = new Date().toISOString()
    expect((await list(`?from=${encodeURIComponent(mid)}`)).total).toBe(0)
    expect((await list('?person=&kind=&from=&to=')).total).toBe((await list()).total)
  })

  test.each([
    ['?kind=post.explode', 'kind'],
    ['?person=ada', 'person'],
    ['?from=yesterday', 'from'],
    ['?from=2026-11-02&to=2026-11-01', 'to'],
    ['?page=0', 'page'],
    ['?pageSize=1000', 'pageSize'],
  ])('%s is refused with 400 naming %s', async (query, field) => {
    const res = await call('GET', `/api/admin/activity${query}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; fields: Record<string, string> }
    expect(Object.keys(body.fields)).toEqual([field])
    expect(body.error).toMatch(new RegExp(`^${field}: `))
  })

  test('an editor gets 403 and the log stays as it was', async () => {
    const editor = await createUser(t.database.db, 'eddie', PASSWORD, 'editor')
    if (!editor) throw new Error('user exists')
    const editorCookie = `vq_session=${await createSession(t.database.db, editor.id)}`
    for (const path of ['/api/admin/activity', '/api/admin/activity.csv']) {
      const res = await call('GET', path, undefined, editorCookie)
      expect(res.status).toBe(403)
      expect(((await res.json()) as { error: string }).error).toBe(
        'Your role (Editor) cannot manage staff or site settings.',
      )
    }
  })
})

describe('GET /api/admin/activity.csv', () => {
  test('the filtered rows, formula-safe, and the export is itself a row', async () => {
    const post = await newPost('=HYPERLINK("http://evil.example","click")')
    await call(
      'PUT',
      `/api/blog/${post.id}`,
      validPost({ slug: `activity-${slugs}`, title: '+1 tab\there', isPublished: false }),
    )
    await recordActivity(t.database.db, {
      kind: 'post.update',
      userId: ownerId,
      object: { type: 'post', id: post.id, label: '@SUM(A1)' },
      detail: '-2, "quoted"',
    })
    const res = await call('GET', `/api/admin/activity.csv?person=${ownerId}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/)
    // The byte order mark is kept (a decoder drops it by default): Excel needs it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(
      text.startsWith('\uFEFFWhen (UTC),Person,User id,Kind,Object type,Object id,Object,Detail,IP hash\r\n'),
    ).toBe(true)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(text).toContain(`'+1 tab\there`)
    expect(text).toContain(`'@SUM(A1),"'-2, ""quoted"""`)
    // No cell starts with a formula character.
    const cells = text
      .slice(1)
      .split('\r\n')
      .flatMap((line) => line.split(','))
    expect(cells.filter((c) => /^"?[=+\-@\t\r]/.test(c))).toEqual([])
    expect(text).not.toContain('sign-in-failed,user,,') // only ada's rows
    expect(text.split('\r\n').filter((l) => l.includes(',the schedule,'))).toEqual([])
    const exported = (await rows()).at(-1)
    expect(exported).toMatchObject({ kind: 'activity.export', userId: ownerId, detail: `person ${ownerId}` })

    const kinds = await call('GET', '/api/admin/activity.csv?kind=post.delete')
    const lines = (await kinds.text()).trim().split('\r\n')
    expect(lines.slice(1).every((l) => l.includes(',post.delete,'))).toBe(true)
    expect((await call('GET', '/api/admin/activity.csv?kind=nope')).status).toBe(400)
  })
})

describe('retention', () => {
  test('rows older than ACTIVITY_RETENTION_DAYS are deleted, newer ones kept', async () => {
    const now = new Date()
    const day = 86_400_000
    await recordActivity(t.database.db, { kind: 'sign-in', userId: ownerId, at: new Date(now.getTime() - 401 * day) })
    await recordActivity(t.database.db, { kind: 'sign-in', userId: ownerId, at: new Date(now.getTime() - 399 * day) })
    const before = await rows()
    expect(await deleteOldActivity(t.database.db, 400, now)).toBe(1)
    const after = await rows()
    expect(after).toHaveLength(before.length - 1)
    expect(after.every((r) => r.at.getTime() >= now.getTime() - 400 * day)).toBe(true)
    expect(await deleteOldActivity(t.database.db, 400, now)).toBe(0)
  })
})
