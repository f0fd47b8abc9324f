import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { postRevisions } from '#server/db/schema.ts'
import { AUTOSAVE_SESSION_MS } from '#server/services/posts.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 32 (docs/decisions/052-autosave.md): `PUT /api/blog/{id}` with `autosave: true` saves a
// draft as any save does (version checked), but its revision is one per session of work: an
// autosave continues the newest revision when that is an autosave by the same person from the
// last 30 minutes. A published or scheduled post is never autosaved. The focus keyword is saved.

let t: TestApp
let ada: string
let ben: string
let seq = 0

async function signIn(username: string) {
  const user = await createUser(t.database.db, username, 'a long enough passphrase', 'editor')
  if (!user) throw new Error('user exists')
  return `vq_session=${await createSession(t.database.db, user.id)}`
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { jobs: 'add' })
  await createUser(t.database.db, 'owner', 'a long enough passphrase')
  ada = await signIn('ada')
  ben = await signIn('ben')
})
afterAll(() => t?.close())

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, json(method, body, cookie))
  return { status: res.status, body: (await res.json()) as any }
}

async function newPost(isPublished = false) {
  const { status, body } = await call(ada, 'POST', '/api/blog', validPost({ slug: `auto-${++seq}`, isPublished }))
  expect(status).toBe(201)
  return body.post as { id: number; version: number; content: string }
}

const revisions = (postId: number) =>
  t.database.db.select().from(postRevisions).where(eq(postRevisions.postId, postId)).orderBy(desc(postRevisions.id))

/** Autosaves `content` based on `version`; answers the new version. */
async function autosave(cookie: string, id: number, version: number, content: string) {
  const { status, body } = await call(cookie, 'PUT', `/api/blog/${id}`, { content, version, autosave: true })
  expect([status, body.error]).toEqual([200, undefined])
  return body.post.version as number
}

describe('one revision per session of work', () => {
  test('ten autosaves make one autosave revision holding the last text; the post has it too', async () => {
    const post = await newPost()
    let version = post.version
    for (let i = 1; i <= 10; i++) version = await autosave(ada, post.id, version, `Draft text, pass ${i}.`)
    expect(version).toBe(post.version + 10)
    const kept = await revisions(post.id)
    expect(kept.map((r) => r.reason)).toEqual(['autosave', 'create'])
    expect(kept[0]?.fields).toMatchObject({ content: 'Draft text, pass 10.' })
    const detail = await call(ada, 'GET', `/api/blog/id/${post.id}`)
    expect([detail.body.content, detail.body.version]).toEqual(['Draft text, pass 10.', version])
  })

  test('an autosave after a manual save starts a new revision; a manual save is always its own', async () => {
    const post = await newPost()
    let version = await autosave(ada, post.id, post.version, 'First session.')
    const saved = await call(ada, 'PUT', `/api/blog/${post.id}`, { content: 'Saved by hand.', version })
    expect(saved.status).toBe(200)
    version = await autosave(ada, post.id, saved.body.post.version, 'Second session, first pass.')
    version = await autosave(ada, post.id, version, 'Second session, second pass.')
    const kept = await revisions(post.id)
    expect(kept.map((r) => [r.reason, (r.fields as { content: string }).content])).toEqual([
      ['autosave', 'Second session, second pass.'],
      ['update', 'Saved by hand.'],
      ['autosave', 'First session.'],
      ['create', post.content],
    ])
  })

  test('another person, or a pause of 30 minutes, starts a new revision', async () => {
    const post = await newPost()
    let version = await autosave(ada, post.id, post.version, 'Ada types.')
    version = await autosave(ben, post.id, version, 'Ben types.')
    expect((await revisions(post.id)).map((r) => r.reason)).toEqual(['autosave', 'autosave', 'create'])
    // Ben's session ended more than 30 minutes ago.
    const [newest] = await revisions(post.id)
    const ago = new Date(Date.now() - AUTOSAVE_SESSION_MS - 1000)
    await t.database.db.update(postRevisions).set({ createdAt: ago }).where(eq(postRevisions.id, newest!.id))
    await autosave(ben, post.id, version, 'Ben again, later.')
    const kept = await revisions(post.id)
    expect(kept.map((r) => (r.fields as { content: string }).content)).toEqual([
      'Ben again, later.',
      'Ben types.',
      'Ada types.',
      post.content,
    ])
  })
})

describe('what an autosave may not do', () => {
  test('an autosave of a published post is refused with 409 and changes nothing', async () => {
    const post = await newPost(true)
    const before = await revisions(post.id)
    const { status, body } = await call(ada, 'PUT', `/api/blog/${post.id}`, {
      content: 'A typo, live by accident',
      version: post.version,
      autosave: true,
    })
    expect(status).toBe(409)
    expect(body.error).toMatch(/published or scheduled post is not autosaved/)
    const detail = await call(ada, 'GET', `/api/blog/id/${post.id}`)
    expect([detail.body.content, detail.body.version]).toEqual([post.content, post.version])
    expect(await revisions(post.id)).toEqual(before)
  })

  test('an autosave of a scheduled draft is refused with 409', async () => {
    const post = await newPost()
    const at = new Date(Date.now() + 86_400_000).toISOString()
    const scheduled = await call(ada, 'POST', `/api/blog/${post.id}/schedule`, { publishAt: at })
    expect(scheduled.status).toBe(200)
    const { status } = await call(ada, 'PUT', `/api/blog/${post.id}`, {
      content: 'Not yet',
      version: scheduled.body.post.version,
      autosave: true,
    })
    expect(status).toBe(409)
  })

  test('an autosave cannot publish: 400 naming isPublished', async () => {
    const post = await newPost()
    const { status, body } = await call(ada, 'PUT', `/api/blog/${post.id}`, {
      isPublished: true,
      version: post.version,
      autosave: true,
    })
    expect([status, Object.keys(body.fields)]).toEqual([400, ['isPublished']])
    expect((await call(ada, 'GET', `/api/blog/id/${post.id}`)).body.isPublished).toBe(false)
  })

  test('an autosave from an older version gets the 409 with the conflict, and writes nothing', async () => {
    const post = await newPost()
    const version = await autosave(ada, post.id, post.version, 'Ada, newer.')
    const before = await revisions(post.id)
    const { status, body } = await call(ben, 'PUT', `/api/blog/${post.id}`, {
      content: 'Ben, from the old version.',
      version: post.version,
      autosave: true,
    })
    expect(status).toBe(409)
    expect(body.conflict).toMatchObject({ version })
    expect(await revisions(post.id)).toEqual(before)
    expect((await call(ada, 'GET', `/api/blog/id/${post.id}`)).body.content).toBe('Ada, newer.')
  })

  test('autosave must be a boolean, and is not a change by itself', async () => {
    const post = await newPost()
    const wrong = await call(ada, 'PUT', `/api/blog/${post.id}`, { content: 'x', autosave: 'yes' })
    expect([wrong.status, wrong.body.fields]).toEqual([400, { autosave: 'Must be true or false' }])
    const empty = await call(ada, 'PUT', `/api/blog/${post.id}`, { autosave: true })
    expect(empty.status).toBe(400)
  })
})

describe('the focus keyword', () => {
  test('is saved by create and update, returned by the API, kept in revisions, and bounded', async () => {
    const created = await call(ada, 'POST', '/api/blog', {
      ...validPost({ slug: `keyword-${++seq}` }),
      focusKeyword: '  writing tools ',
    })
    expect(created.body.post.focusKeyword).toBe('writing tools')
    const id = created.body.post.id
    const updated = await call(ada, 'PUT', `/api/blog/${id}`, { focusKeyword: 'rich editor' })
    expect(updated.body.post.focusKeyword).toBe('rich editor')
    expect((await call(ada, 'GET', `/api/blog/id/${id}`)).body.focusKeyword).toBe('rich editor')
    const [newest] = await revisions(id)
    expect(newest?.fields).toMatchObject({ focusKeyword: 'rich editor' })
    const cleared = await call(ada, 'PUT', `/api/blog/${id}`, { focusKeyword: '' })
    expect(cleared.body.post.focusKeyword).toBeNull()
    const long = await call(ada, 'PUT', `/api/blog/${id}`, { focusKeyword: 'k'.repeat(101) })
    expect([long.status, long.body.fields]).toEqual([400, { focusKeyword: 'Must be at most 100 characters' }])
    // The check constraint knows the new reason (a raw insert as the service would write).
    await t.database.db.execute(
      sql`insert into post_revisions (post_id, reason, fields) values (${id}, 'autosave', '{"title":"t","slug":"s","content":"c"}'::jsonb)`,
    )
  })
})
