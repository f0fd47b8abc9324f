import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { can, type Permission, ROLES, type Role } from '#common/roles.ts'
import { importRuns, postRevisions, redirects, subscribers, users, xPosts } from '#server/db/schema.ts'
import { hashPassword } from '#server/services/passwords.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 28: every admin endpoint × every role (and signed out, and suspended). A refused call
// answers 401 (signed out, suspended) or 403 naming what the role lacks, and changes nothing; an
// allowed one gets past the check (whatever its own answer: 2xx, a 4xx of its own, 503 when X or
// the AI is not configured), never a 5xx of ours.

type Principal = Role | 'signed out' | 'suspended'
const PRINCIPALS: Principal[] = [...ROLES, 'signed out', 'suspended']
const PASSWORD = 'a long enough passphrase'

let t: TestApp
const cookies = new Map<Principal, string>()
let seq = 0
let colleagueHash: string

beforeAll(async () => {
  t = await createTestApp({}, undefined, { jobs: 'add' })
  colleagueHash = await hashPassword(PASSWORD)
  // The first account is the owner whatever is asked; then one account per role.
  for (const role of ['owner', ...ROLES.filter((r) => r !== 'owner'), 'suspended'] as const) {
    const user = await createUser(t.database.db, `staff.${role}`, PASSWORD, role === 'suspended' ? 'editor' : role)
    if (!user) throw new Error('user exists')
    if (role === 'suspended')
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id))
    cookies.set(role, `vq_session=${await createSession(t.database.db, user.id)}`)
  }
  expect((await t.database.db.select().from(users).where(eq(users.username, 'staff.owner')))[0]?.role).toBe('owner')
})
afterAll(() => t?.close())

const call = (principal: Principal, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, cookies.get(principal)))

/** A draft of the owner's (nobody else's own post), with one X post and its create revision. */
async function othersDraft() {
  seq += 1
  const res = await call('owner', 'POST', '/api/blog', validPost({ slug: `others-draft-${seq}`, isPublished: false }))
  const { post } = (await res.json()) as { post: { id: number } }
  const [xPost] = await t.database.db
    .insert(xPosts)
    .values({
      blogPostId: post.id,
      originalContent: 'Read this',
      rewrittenContent: 'Read this',
      shortUrl: `http://localhost/s/role${seq}`,
      shortCode: `role${seq}`,
    })
    .returning({ id: xPosts.id })
  const [revision] = await t.database.db
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, post.id))
  const invitation = await call('owner', 'POST', '/api/admin/staff/invitations', {
    email: `invited${seq}@example.com`,
    role: 'author',
  })
  const invitationId = ((await invitation.json()) as { invitation: { id: number } }).invitation.id
  // A colleague per case (a case may suspend, demote or remove it), all with one real hash of
  // PASSWORD: scrypt's ~0.3 s per account was most of this file's time.
  const [colleague] = await t.database.db
    .insert(users)
    .values({ username: `colleague.${seq}`, password: colleagueHash, role: 'contributor', slug: `colleague-${seq}` })
    .returning({ id: users.id })
  const [subscriber] = await t.database.db
    .insert(subscribers)
    .values({
      email: `reader${seq}@example.com`,
      consentedAt: new Date(),
      consentForm: 'subscribe',
      consentVersion: '2026-11-28',
    })
    .returning({ id: subscribers.id })
  const [redirect] = await t.database.db
    .insert(redirects)
    .values({ fromPath: `/role-old-${seq}`, toPath: '/blog/somewhere' })
    .returning({ id: redirects.id })
  const [importRun] = await t.database.db
    .insert(importRuns)
    .values({ format: 'ghost', fileName: 'x.json', file: new Uint8Array(), report: {}, total: 0 })
    .returning({ id: importRuns.id })
  return {
    postId: post.id,
    xPostId: xPost?.id as number,
    revisionId: revision?.id as number,
    invitationId,
    colleagueId: colleague?.id as number,
    subscriberId: subscriber?.id as number,
    redirectId: redirect?.id as number,
    importRunId: importRun?.id as number,
  }
}

/** Everything a refused call must leave as it was. */
async function snapshot() {
  // A session's last_seen_at is touched once a minute by any call, refused or not: not a change.
  const tables = [
    'blog_posts',
    'post_revisions',
    'post_authors',
    'x_posts',
    'users',
    'stored_images',
    'staff_invitations',
    'two_factor',
    'two_factor_recovery_codes',
    'site_settings',
    'channel_connections',
    'subscribers',
    'newsletters',
    'newsletter_deliveries',
    'redirects',
    'import_runs',
    'imported_posts',
  ]
  const rows = await Promise.all([
    ...tables.map((table) => t.database.db.execute(sql.raw(`select * from ${table} order by 1, 2`))),
    t.database.db.execute(sql.raw('select token_hash, user_id, expires_at from sessions order by 1')),
  ])
  return JSON.stringify(rows.map((r) => (r as unknown as { rows: unknown[] }).rows))
}

type Ids = Awaited<ReturnType<typeof othersDraft>>
interface Endpoint {
  method: string
  path: (ids: Ids) => string
  body?: (ids: Ids) => unknown
  /** What the role needs; 'signed-in': any signed-in, not suspended account. */
  needs: Permission | 'signed-in'
  /** Puts back what an allowed call changed that later cases rely on. */
  restore?: () => Promise<void>
}

const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString()
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/api/admin/me', needs: 'signed-in' },
  // Issue 28: everyone edits their own profile (and only their own: no id in the path).
  { method: 'GET', path: () => '/api/admin/profile', needs: 'signed-in' },
  { method: 'PATCH', path: () => '/api/admin/profile', body: () => ({ bio: `Bio ${++seq}` }), needs: 'signed-in' },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/authors`, needs: 'signed-in' },
  // Issue 32: the share preview's image of unsaved values; every role writes drafts.
  { method: 'GET', path: () => '/api/admin/og-preview?title=Preview&category=technology', needs: 'draft' },
  {
    method: 'PUT',
    path: (i) => `/api/blog/${i.postId}/authors`,
    body: (i) => ({ authors: [i.colleagueId] }),
    needs: 'anyPost',
  },
  { method: 'GET', path: () => '/api/admin/contact-submissions', needs: 'leads' },
  { method: 'GET', path: () => '/api/admin/activity?kind=post.create&page=1', needs: 'staff' },
  { method: 'GET', path: () => '/api/admin/activity.csv?person=system', needs: 'staff' },
  { method: 'GET', path: () => '/api/analytics/overview', needs: 'leads' },
  // Issue 30: the subscribers screen (list, export, import with consent, erase one).
  { method: 'GET', path: () => '/api/admin/subscribers?state=pending&q=reader', needs: 'leads' },
  { method: 'GET', path: () => '/api/admin/subscribers.csv?source=direct', needs: 'leads' },
  {
    method: 'POST',
    path: () => '/api/admin/subscribers/import',
    body: () => ({ csv: `email\nimported${++seq}@example.com\n`, consented: true }),
    needs: 'leads',
  },
  { method: 'DELETE', path: (i) => `/api/admin/subscribers/${i.subscriberId}`, needs: 'leads' },
  {
    method: 'POST',
    path: () => '/api/blog',
    body: () => validPost({ slug: `new-${++seq}`, isPublished: false }),
    needs: 'draft',
  },
  {
    method: 'POST',
    path: () => '/api/blog',
    body: () => validPost({ slug: `live-${++seq}`, isPublished: true }),
    needs: 'publishOwn',
  },
  {
    method: 'POST',
    path: () => '/api/blog/upload-image',
    body: () => ({ imageData: PNG, fileName: 'dot.png' }),
    needs: 'draft',
  },
  { method: 'POST', path: () => '/api/blog/seo-check', body: () => ({ title: 'T', content: 'C' }), needs: 'draft' },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/link-suggestions`, needs: 'signed-in' },
  {
    method: 'PUT',
    path: (i) => `/api/blog/${i.postId}`,
    body: () => validPost({ slug: `edited-${++seq}`, isPublished: false }),
    needs: 'anyPost',
  },
  { method: 'DELETE', path: (i) => `/api/blog/${i.postId}`, needs: 'anyPost' },
  { method: 'POST', path: (i) => `/api/blog/${i.postId}/publish`, needs: 'anyPost' },
  { method: 'POST', path: (i) => `/api/blog/${i.postId}/unpublish`, needs: 'anyPost' },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/revisions`, needs: 'signed-in' },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/revisions/${i.revisionId}`, needs: 'signed-in' },
  { method: 'POST', path: (i) => `/api/blog/${i.postId}/revisions/${i.revisionId}/restore`, needs: 'anyPost' },
  {
    method: 'POST',
    path: (i) => `/api/blog/${i.postId}/schedule`,
    body: () => ({ publishAt: future() }),
    needs: 'anyPost',
  },
  { method: 'DELETE', path: (i) => `/api/blog/${i.postId}/schedule`, needs: 'anyPost' },
  {
    method: 'POST',
    path: (i) => `/api/x-posts/${i.xPostId}/schedule`,
    body: () => ({ at: future() }),
    needs: 'anyPost',
  },
  { method: 'DELETE', path: (i) => `/api/x-posts/${i.xPostId}/schedule`, needs: 'anyPost' },
  { method: 'GET', path: () => `/api/calendar?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`, needs: 'anyPost' },
  {
    method: 'POST',
    path: (i) => `/api/blog/${i.postId}/publish-x`,
    body: () => ({ customContent: 'Read it' }),
    needs: 'anyPost',
  },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/x-posts`, needs: 'signed-in' },
  {
    method: 'PATCH',
    path: (i) => `/api/x-posts/${i.xPostId}/status`,
    body: () => ({ status: 'published' }),
    needs: 'anyPost',
  },
  { method: 'GET', path: () => '/api/x-posts/capabilities', needs: 'signed-in' },
  { method: 'GET', path: (i) => `/api/x-posts/${i.xPostId}/analytics`, needs: 'leads' },
  { method: 'POST', path: (i) => `/api/x-posts/${i.xPostId}/post-to-x`, needs: 'anyPost' },
  // Issue 29: social posts on every network (an X post is one too).
  {
    method: 'POST',
    path: (i) => `/api/blog/${i.postId}/social-posts`,
    body: () => ({ channel: 'linkedin' }),
    needs: 'anyPost',
  },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/social-posts`, needs: 'signed-in' },
  { method: 'GET', path: () => '/api/social-posts/capabilities', needs: 'signed-in' },
  {
    method: 'PATCH',
    path: (i) => `/api/social-posts/${i.xPostId}`,
    body: () => ({ text: 'Read this now' }),
    needs: 'anyPost',
  },
  { method: 'POST', path: (i) => `/api/social-posts/${i.xPostId}/publish`, needs: 'anyPost' },
  {
    method: 'POST',
    path: (i) => `/api/social-posts/${i.xPostId}/schedule`,
    body: () => ({ at: future() }),
    needs: 'anyPost',
  },
  { method: 'DELETE', path: (i) => `/api/social-posts/${i.xPostId}/schedule`, needs: 'anyPost' },
  { method: 'GET', path: (i) => `/api/social-posts/${i.xPostId}/analytics`, needs: 'leads' },
  { method: 'GET', path: () => '/api/blog/ai/status', needs: 'draft' },
  // Issue 30: newsletters, Editors and above (503 here: mail is not set up in this suite).
  { method: 'GET', path: () => '/api/newsletters', needs: 'newsletters' },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/newsletter`, needs: 'newsletters' },
  { method: 'GET', path: (i) => `/api/blog/${i.postId}/newsletter/preview`, needs: 'newsletters' },
  {
    method: 'POST',
    path: (i) => `/api/blog/${i.postId}/newsletter`,
    body: () => ({ subject: 'News' }),
    needs: 'newsletters',
  },
  { method: 'POST', path: (i) => `/api/blog/${i.postId}/newsletter/test`, body: () => ({}), needs: 'newsletters' },
  // The review queue: a writer submits or withdraws their own draft (someone else's needs anyPost);
  // Editors and above list it and request changes.
  { method: 'POST', path: (i) => `/api/blog/${i.postId}/review`, needs: 'anyPost' },
  { method: 'DELETE', path: (i) => `/api/blog/${i.postId}/review`, needs: 'anyPost' },
  {
    method: 'POST',
    path: (i) => `/api/blog/${i.postId}/review/changes`,
    body: () => ({ note: 'Add a source' }),
    needs: 'anyPost',
  },
  { method: 'GET', path: () => '/api/admin/review', needs: 'anyPost' },
  { method: 'GET', path: () => '/api/admin/review/count', needs: 'anyPost' },
  // Staff: Editors see the list and invite (and withdraw) Authors and Contributors; Administrators
  // and the Owner also change roles and suspend. 'anyPost' stands for Editors and above here.
  { method: 'GET', path: () => '/api/admin/staff', needs: 'anyPost' },
  {
    method: 'POST',
    path: () => '/api/admin/staff/invitations',
    body: () => ({ email: `new${++seq}@example.com`, role: 'contributor' }),
    needs: 'anyPost',
  },
  { method: 'DELETE', path: (i) => `/api/admin/staff/invitations/${i.invitationId}`, needs: 'anyPost' },
  {
    method: 'PATCH',
    path: (i) => `/api/admin/staff/${i.colleagueId}`,
    body: () => ({ role: 'author' }),
    needs: 'staff',
  },
  // Allowed for the owner only: the colleague becomes the owner, and is put back after (`restore`).
  {
    method: 'POST',
    path: (i) => `/api/admin/staff/${i.colleagueId}/transfer-ownership`,
    needs: 'ownership',
    restore: async () => {
      await t.database.db.execute(
        sql`update users set role = 'contributor' where role = 'owner' and username <> 'staff.owner'`,
      )
      await t.database.db.execute(sql`update users set role = 'owner' where username = 'staff.owner'`)
    },
  },
  // Two-factor sign-in: one's own set-up is open to every signed-in person; requiring it of
  // everyone and resetting someone's are Administrators' (a wrong code or password is their 400).
  { method: 'GET', path: () => '/api/admin/two-factor', needs: 'signed-in' },
  { method: 'POST', path: () => '/api/admin/two-factor/setup', needs: 'signed-in' },
  { method: 'POST', path: () => '/api/admin/two-factor/enable', body: () => ({ code: '000000' }), needs: 'signed-in' },
  {
    method: 'POST',
    path: () => '/api/admin/two-factor/disable',
    body: () => ({ password: 'not the password' }),
    needs: 'signed-in',
  },
  {
    method: 'POST',
    path: () => '/api/admin/two-factor/recovery-codes',
    body: () => ({ password: 'not the password' }),
    needs: 'signed-in',
  },
  { method: 'PUT', path: () => '/api/admin/two-factor/policy', body: () => ({ required: false }), needs: 'staff' },
  { method: 'DELETE', path: (i) => `/api/admin/staff/${i.colleagueId}/two-factor`, needs: 'staff' },
  // Issue 29: the Channels screen (connections, their test, each network's posting times).
  { method: 'GET', path: () => '/api/admin/channels', needs: 'staff' },
  {
    method: 'PUT',
    path: () => '/api/admin/channels/linkedin',
    body: () => ({ fields: { organizationId: '12345', accessToken: 'a-token', baseUrl: 'http://127.0.0.1:9' } }),
    needs: 'staff',
  },
  { method: 'DELETE', path: () => '/api/admin/channels/linkedin', needs: 'staff' },
  // Mastodon is never connected here: the test answers 409 without calling out.
  { method: 'POST', path: () => '/api/admin/channels/mastodon/test', needs: 'staff' },
  {
    method: 'PUT',
    path: () => '/api/admin/channels/threads/slots',
    body: () => ({ slots: ['09:00', '17:30'] }),
    needs: 'staff',
  },
  // Issue 31: the old addresses answered with a 301, with the site's settings.
  { method: 'GET', path: () => '/api/admin/redirects?q=old', needs: 'staff' },
  { method: 'GET', path: () => '/api/admin/redirects.csv', needs: 'staff' },
  {
    method: 'POST',
    path: () => '/api/admin/redirects',
    body: () => ({ from: `/old-${++seq}/`, to: '/blog/new' }),
    needs: 'staff',
  },
  {
    method: 'POST',
    path: () => '/api/admin/redirects/import',
    body: () => ({ csv: `from,to\n/imported-${++seq},/blog/new\n` }),
    needs: 'staff',
  },
  {
    method: 'PUT',
    path: (i) => `/api/admin/redirects/${i.redirectId}`,
    body: () => ({ from: `/kept-${++seq}`, to: '/blog/b' }),
    needs: 'staff',
  },
  { method: 'DELETE', path: (i) => `/api/admin/redirects/${i.redirectId}`, needs: 'staff' },
  // Issue 31: importing posts (a JSON body that is no Ghost export is the allowed roles' 400).
  { method: 'POST', path: () => '/api/admin/import?fileName=x.json', body: () => ({ db: [] }), needs: 'staff' },
  { method: 'GET', path: (i) => `/api/admin/import/${i.importRunId}`, needs: 'staff' },
  { method: 'POST', path: (i) => `/api/admin/import/${i.importRunId}/start`, needs: 'staff' },
  // Issue 31: the whole site's content as one zip, drafts included.
  { method: 'GET', path: () => '/api/admin/export?revisions=1', needs: 'staff' },
  { method: 'POST', path: () => '/api/blog/ai/trending-topics', body: () => ({ keywords: ['video'] }), needs: 'draft' },
  {
    method: 'POST',
    path: () => '/api/blog/ai/alt-text',
    body: () => ({ imageUrl: '/images/none.webp' }),
    needs: 'draft',
  },
]

const allowed = (who: Principal, needs: Endpoint['needs']) =>
  who !== 'signed out' && who !== 'suspended' && (needs === 'signed-in' || can(who, needs))

describe.each(ENDPOINTS)('$method $needs', (endpoint) => {
  test.each(PRINCIPALS)(
    `${endpoint.method} ${endpoint.path({ postId: 1, xPostId: 1, revisionId: 1, invitationId: 1, colleagueId: 1, subscriberId: 1, redirectId: 1, importRunId: 1 })} as %s`,
    async (who) => {
      const ids = await othersDraft()
      const refused = !allowed(who, endpoint.needs)
      // Only a refused call is compared with what was there before it.
      const before = refused ? await snapshot() : ''
      const res = await call(who, endpoint.method, endpoint.path(ids), endpoint.body?.(ids))
      if (!refused) {
        expect([401, 403]).not.toContain(res.status)
        // 503 is the answer when X or the AI is not configured; nothing else of 5xx.
        if (res.status !== 503) expect(res.status).toBeLessThan(500)
        await endpoint.restore?.()
        return
      }
      expect(res.status).toBe(who === 'signed out' || who === 'suspended' ? 401 : 403)
      const answer = (await res.json()) as { success?: boolean; error?: string }
      expect(answer.success).toBe(false)
      if (res.status === 403) expect(answer.error).toMatch(/^Your role \(\w+\) cannot /)
      expect(await snapshot()).toBe(before)
    },
  )
})

describe('own posts', () => {
  const create = async (who: Role, isPublished = false) => {
    const res = await call(who, 'POST', '/api/blog', validPost({ slug: `own-${who}-${++seq}`, isPublished }))
    expect(res.status).toBe(201)
    return ((await res.json()) as { post: { id: number; slug: string } }).post
  }

  test('a contributor edits and deletes their own draft, but cannot publish it, schedule it or edit it once live', async () => {
    const post = await create('contributor')
    const edit = (isPublished: boolean) =>
      call('contributor', 'PUT', `/api/blog/${post.id}`, validPost({ slug: post.slug, title: 'Mine', isPublished }))
    expect((await edit(false)).status).toBe(200)
    const refused = await edit(true)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Your role (Contributor) cannot edit their own published posts, or publish, schedule or unpublish their own posts and X posts.',
    )
    expect((await call('contributor', 'POST', `/api/blog/${post.id}/publish`)).status).toBe(403)
    expect((await call('contributor', 'POST', `/api/blog/${post.id}/schedule`, { publishAt: future() })).status).toBe(
      403,
    )
    // An editor publishes it: from then on it is out of the contributor's hands.
    expect((await call('editor', 'POST', `/api/blog/${post.id}/publish`)).status).toBe(200)
    expect((await edit(false)).status).toBe(403)
    const other = await create('contributor')
    expect((await call('contributor', 'DELETE', `/api/blog/${other.id}`)).status).toBe(200)
  })

  test("an author publishes, edits and unpublishes their own posts, and cannot touch another's", async () => {
    const post = await create('author')
    expect((await call('author', 'POST', `/api/blog/${post.id}/publish`)).status).toBe(200)
    const edited = await call(
      'author',
      'PUT',
      `/api/blog/${post.id}`,
      validPost({ slug: post.slug, isPublished: true }),
    )
    expect(edited.status).toBe(200)
    expect((await call('author', 'POST', `/api/blog/${post.id}/unpublish`)).status).toBe(200)
    const live = await create('author', true)
    expect(live.id).toBeGreaterThan(0)
    const theirs = await create('contributor')
    const before = await snapshot()
    expect((await call('author', 'PUT', `/api/blog/${theirs.id}`, validPost({ slug: theirs.slug }))).status).toBe(403)
    expect((await call('author', 'DELETE', `/api/blog/${theirs.id}`)).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })

  test('a suspended account cannot sign in, even with its password', async () => {
    const res = await t.app.request(
      '/api/admin/login',
      json('POST', { username: 'staff.suspended', password: PASSWORD }),
    )
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: string }).error).toBe(
      'This account is suspended. Ask an administrator to restore it.',
    )
  })
})
