import { expect } from 'vitest'
import { type AiConfig, loadConfig } from '#server/config.ts'
import { createLogger } from '#server/logger.ts'
import { type AiStudioTestOptions, createAiStudio } from '#server/services/ai/studio.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { type FakeOpenAI, startFakeOpenAI } from '#tests/fixtures/fake-openai.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

export const TEST_KEY = 'sk-test-key-never-logged'

export interface AiTestApp extends TestApp {
  fake: FakeOpenAI
  cookie: string
  /** JSON log lines written while the test ran (level info and up). */
  logs: string[]
  post: (
    path: string,
    body: unknown,
    cookie?: string | null,
  ) => Promise<{ status: number; body: any; headers: Headers }>
  get: (path: string, cookie?: string | null) => Promise<{ status: number; body: any; headers: Headers }>
  /** A second signed-in admin. */
  otherAdmin: () => Promise<string>
  close: () => Promise<void>
}

/**
 * The app wired to a fake OpenAI-compatible server on 127.0.0.1 through the real provider code.
 * `ai` overrides the AI configuration (apiKey: null for "not configured"); `studio` carries the
 * test-only options, injected as services.ai exactly as a test can and production cannot.
 */
export async function createAiTestApp(
  options: { ai?: Partial<AiConfig>; studio?: AiStudioTestOptions } = {},
): Promise<AiTestApp> {
  const fake = await startFakeOpenAI({ apiKey: TEST_KEY })
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const ai: AiConfig = {
    ...base.ai,
    baseUrl: fake.baseUrl,
    apiKey: TEST_KEY,
    model: 'fake-chat',
    textTimeoutMs: 10_000,
    imageTimeoutMs: 10_000,
    retryDelayMs: 5,
    ...options.ai,
  }
  const t = await createTestApp({ ai })
  t.services.ai = createAiStudio(t.services.config, options.studio)
  const logs: string[] = []
  t.services.logger = createLogger('info', { write: (line: string) => logs.push(line) })
  const cookie = await t.adminCookie()
  const call = async (init: RequestInit, path: string) => {
    const res = await t.app.request(path, init)
    const type = res.headers.get('content-type') ?? ''
    const body = type.includes('application/json') ? await res.json() : await res.text()
    return { status: res.status, body, headers: res.headers }
  }
  let other: string | undefined
  return {
    ...t,
    fake,
    cookie,
    logs,
    post: (path, body, withCookie = cookie) => call(json('POST', body, withCookie ?? undefined), path),
    get: (path, withCookie = cookie) => call(json('GET', undefined, withCookie ?? undefined), path),
    otherAdmin: async () => {
      if (!other) {
        const user = await createUser(t.database.db, 'second-editor', 'another long password 42')
        if (!user) throw new Error('second admin exists')
        other = `vq_session=${await createSession(t.database.db, user.id)}`
      }
      return other
    },
    close: async () => {
      await fake.close()
      await t.close()
    },
  }
}

/** The lines of an NDJSON body, parsed. */
export const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))

/** The text of every message the fake received for a request (instructions and prompt). */
export const promptOf = (request: { body: any }) =>
  (request.body?.messages ?? []).map((m: any) => (typeof m.content === 'string' ? m.content : '')).join('\n')

/** Publishes the article the AI social-post tests write about (title, excerpt and tags) at `slug`; answers its id. */
export async function publishArticle(a: AiTestApp, slug: string): Promise<number> {
  const created = await a.post('/api/blog', {
    title: 'Rewarded video in practice',
    slug,
    excerpt: 'What a video quest does for completion rates.',
    content: '## Why\n\nBecause viewers choose to watch.',
    category: 'technology',
    tags: ['rewarded video', 'gen z'],
    isPublished: true,
  })
  expect(created.status).toBe(201)
  return (created.body as { post: { id: number } }).post.id
}
