import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { createApp, type PageHandler } from '#server/app.ts'
import { type Config, loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { AppServices } from '#server/http/env.ts'
import type { PageCache } from '#server/http/page-cache.ts'
import { startJobs } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import { onContentChange } from '#server/services/content-events.ts'
import type { JobQueue } from '#server/services/job-queue.ts'
import { getPostBySlug } from '#server/services/posts.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createServices } from '#server/services.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'

/** The public post page, from the database, in place of the React Router build: a title or 404. */
export const postTitlePages: PageHandler = async (request, services) => {
  const slug = new URL(request.url).pathname.replace(/^\/blog\//, '')
  const post = await getPostBySlug(services.database.db, slug, { includeDrafts: false })
  if (!post) return new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })
  return new Response(`<h1>${post.title}</h1>`, { headers: { 'content-type': 'text/html' } })
}

export const ADMIN = { username: 'editor', password: 'correct horse battery staple' }

/** The config of a real server started in this process: a free port, no log, no sample posts, one admin. */
export function inProcessServerConfig(env: Record<string, string | undefined>): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_CONTENT: 'false',
    ADMIN_USERNAME: 'stopper',
    ADMIN_PASSWORD: 'stopper-password-1',
    ...env,
  })
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  database: Database
  services: AppServices
  /** A session cookie header for a signed-in admin (created on first use). */
  adminCookie: () => Promise<string>
  close: () => Promise<void>
}

export interface TestAppExtras {
  /** A page handler in place of the React Router build. */
  pages?: PageHandler
  /** The public page cache, emptied by the posts service's change events as in boot.ts (one instance). */
  pageCache?: PageCache
  /**
   * The job queue of issue 14: 'add' only adds jobs (the test runs them itself), 'work' also runs
   * them as the server does. Without it, scheduling answers 500: the test did not ask for jobs.
   */
  jobs?: 'add' | 'work'
  /** The secret box's key; a random one of this app when absent (two instances share one). */
  secretKey?: Buffer
}

const noJobs: JobQueue = {
  ready: async () => {},
  enqueue: async () => {
    throw new Error('This test app has no job queue: pass extras.jobs to createTestApp.')
  },
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  database?: Database,
  extras: TestAppExtras = {},
): Promise<TestApp> {
  const db = database ?? (await createTestDatabase())
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides }
  const logger = createLogger('silent')
  // A key of the test's own: no key file is written into the project's data folder.
  const secretKey = extras.secretKey ?? randomBytes(32)
  const jobs = extras.jobs ? startJobs(db, config, logger, { work: extras.jobs === 'work', secretKey }) : null
  await jobs?.ready()
  const services = createServices(db, config, logger, {
    pageCache: extras.pageCache,
    jobs: jobs ?? noJobs,
    secretKey,
  })
  const { pageCache } = extras
  if (pageCache) onContentChange(db.db, () => pageCache.invalidate())
  const app = createApp({ services, pages: extras.pages })
  let cookie: string | undefined
  return {
    app,
    database: db,
    services,
    adminCookie: async () => {
      if (!cookie) {
        const user = await createUser(db.db, ADMIN.username, ADMIN.password)
        if (!user) throw new Error('test admin already exists')
        cookie = `vq_session=${await createSession(db.db, user.id)}`
      }
      return cookie
    },
    close: async () => {
      await services.redirects.close().catch(() => {})
      await jobs?.stop()
      await db.close()
    },
  }
}

/**
 * The test app of a whole file, with the admin signed in: made before the file's tests, closed
 * after them. `cookie` is the admin's session cookie header; the rest is the TestApp, once a test runs.
 */
export function signedInTestApp(...args: Parameters<typeof createTestApp>): TestApp & { cookie: string } {
  let t: TestApp | undefined
  let cookie = ''
  beforeAll(async () => {
    t = await createTestApp(...args)
    cookie = await t.adminCookie()
  })
  afterAll(() => t?.close())
  const ready = () => {
    if (!t) throw new Error('The test app is made in beforeAll: use it inside a test or hook.')
    return t
  }
  return {
    get app() {
      return ready().app
    },
    get database() {
      return ready().database
    },
    get services() {
      return ready().services
    },
    get cookie() {
      return cookie
    },
    adminCookie: () => ready().adminCookie(),
    close: () => ready().close(),
  }
}

/** A JSON request init; `cookie` signs it in. */
export function json(
  method: string,
  body?: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }
}

export const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'Rewarded video in practice',
  slug: 'rewarded-video-in-practice',
  excerpt: 'What a video quest does for completion rates.',
  content: '## Why it works\n\nViewers choose to watch.',
  category: 'technology',
  tags: ['video', 'rewards'],
  author: 'Priya Desai',
  isPublished: true,
  ...overrides,
})

/**
 * Asks for `path` twice through `get`, the second time with the first answer's ETag, and expects
 * 304 with no body; answers the first answer, its ETag and the 304.
 */
export async function expectNotModified(
  get: (path: string, headers?: Record<string, string>) => Response | Promise<Response>,
  path: string,
): Promise<{ first: Response; etag: string; again: Response }> {
  const first = await get(path)
  const etag = first.headers.get('etag') as string
  const again = await get(path, { 'if-none-match': etag })
  expect(again.status).toBe(304)
  expect(await again.text()).toBe('')
  return { first, etag, again }
}
