import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '#common/limits.ts'
import { defaultSite, type SiteConfig } from '#common/site.ts'

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  CLICK_LOG_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SEED_SAMPLE_CONTENT: bool.default(true),
  ADMIN_USERNAME: z.string().min(1).max(USERNAME_MAX).optional(),
  // The same minimum as `npm run admin`, which reads its password from here too (docs/decisions/019).
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `ADMIN_PASSWORD must be at most ${PASSWORD_MAX} characters`)
    .optional(),
  // Issue 28: seals two-factor secrets at rest; generated into DATA_DIR/secret-key when unset.
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LOGIN_ATTEMPTS_PER_IP_HOUR: z.coerce.number().int().min(1).default(100),
  CONTACT_MESSAGES_PER_IP: z.coerce.number().int().min(1).default(5),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_URL: z
    .string()
    .refine((v) => /^https?:\/\/\S+$/.test(v) || /^\/(?!\/)\S*$/.test(v), 'DEMO_URL must be an http(s) URL or a path')
    .optional(),
  DOCS_URL: z.url({ protocol: /^https?$/ }).optional(),
  BOOKING_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTACT_EMAIL: z.email().optional(),
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().min(1).max(1000).optional(),
  AI_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  AI_IMAGE_MODEL: z.string().min(1).max(200).optional(),
  AI_IMAGE_SIZE: z
    .string()
    .regex(/^\d{2,5}x\d{2,5}$/, 'AI_IMAGE_SIZE must look like 1536x1024')
    .default('1536x1024'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(60_000),
  AI_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(90_000),
  AI_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  AI_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  X_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.x.com'),
  X_API_KEY: z.string().min(1).max(200).optional(),
  X_API_SECRET: z.string().min(1).max(200).optional(),
  X_ACCESS_TOKEN: z.string().min(1).max(200).optional(),
  X_ACCESS_TOKEN_SECRET: z.string().min(1).max(200).optional(),
  X_POSTING_SLOTS: z
    .string()
    .regex(
      /^\s*(?:[01]\d|2[0-3]):[0-5]\d(?:\s*,\s*(?:[01]\d|2[0-3]):[0-5]\d){0,11}\s*$/,
      'X_POSTING_SLOTS must be up to 12 times HH:MM separated by commas, e.g. 09:00,13:00,17:30',
    )
    .default('09:00,13:00,17:30'),
  // Issue 28/30: mail over SMTP (nodemailer). Without SMTP_URL nothing is emailed; links are shown to copy.
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .regex(
      /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
      'MAIL_FROM must be an address or a name and an address, e.g. VidQuest <news@example.com>',
    )
    .optional(),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Issue 30: newsletter emails one instance's send job hands the SMTP server per minute. */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  X_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Issue 29: the other networks (docs/decisions/058-social-posts.md). Each is on when its secrets are set.
  LINKEDIN_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.linkedin.com/rest'),
  LINKEDIN_ACCESS_TOKEN: z.string().min(1).max(2000).optional(),
  LINKEDIN_TOKEN_EXPIRES_AT: z.iso.date({ error: 'LINKEDIN_TOKEN_EXPIRES_AT must be a date, YYYY-MM-DD' }).optional(),
  LINKEDIN_ORGANIZATION_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'LINKEDIN_ORGANIZATION_ID must be the number in urn:li:organization:{number}')
    .optional(),
  BLUESKY_SERVICE_URL: z.url({ protocol: /^https?$/ }).default('https://bsky.social'),
  BLUESKY_HANDLE: z.string().min(1).max(253).optional(),
  BLUESKY_APP_PASSWORD: z.string().min(1).max(200).optional(),
  MASTODON_URL: z.url({ protocol: /^https?$/ }).optional(),
  MASTODON_ACCESS_TOKEN: z.string().min(1).max(2000).optional(),
  THREADS_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.threads.net/v1.0'),
  THREADS_USER_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'THREADS_USER_ID must be the number of the Threads account')
    .optional(),
  THREADS_ACCESS_TOKEN: z.string().min(1).max(2000).optional(),
  THREADS_TOKEN_EXPIRES_AT: z.iso.date({ error: 'THREADS_TOKEN_EXPIRES_AT must be a date, YYYY-MM-DD' }).optional(),
  SOCIAL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SOCIAL_POSTING_CLAIM_SECONDS: z.coerce.number().int().min(20).max(3600).default(120),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  CLICK_IP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(10_000),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  TEST_FETCH_ALLOW_HOSTS: z.string().optional(),
})

export type Env = z.infer<typeof ConfigSchema>

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  /** Where the site is reached, without a trailing slash; used for canonical URLs and short links. */
  publicUrl: string
  dataDir: string
  /**
   * Where each instance appends the clicks it answers before they reach the database
   * (docs/decisions/041): CLICK_LOG_DIR, else `<DATA_DIR>/clicks`. Local to the instance.
   */
  clickLogDir: string
  databaseUrl: string | undefined
  databasePoolSize: number
  seedSampleContent: boolean
  adminUsername: string | undefined
  adminPassword: string | undefined
  /**
   * The key that seals secrets at rest (two-factor secrets); undefined: one generated at the first
   * start and kept in DATA_DIR/secret-key (server/secret-key.ts).
   */
  secretKey: string | undefined
  /** 'auto' marks the cookie Secure when the request arrived over HTTPS. */
  cookieSecure: 'auto' | boolean
  /** Believe X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  trustProxy: boolean
  logLevel: Env['LOG_LEVEL']
  shutdownTimeoutMs: number
  /** Sign-in attempts one IP may make in an hour (any username). */
  loginAttemptsPerIpHour: number
  /** Contact messages one IP may send in 15 minutes. */
  contactMessagesPerIp: number
  /** Brand and outbound links; safe to send to the browser. */
  site: SiteConfig
  /** The AI studio's OpenAI-compatible provider (docs/decisions/008-ai-provider-and-offline-mode.md). */
  ai: AiConfig
  /** X API v2 for 'Post to X'; credentials null unless all four X_API_* secrets are set. */
  x: {
    baseUrl: string
    credentials: XCredentials | null
    /** Quick posting times of 'Schedule' ('HH:MM' in the admin's time zone), sorted. */
    slots: string[]
    /** The first back-off of a scheduled X post that X refused; doubled for the next of its 3 tries. */
    retryDelaySeconds: number
  }
  /**
   * Mail over SMTP (docs/decisions/055-mail.md): null unless SMTP_URL and MAIL_FROM are both set;
   * then invitations are emailed. `retryDelaySeconds`: the first back-off after a temporary refusal.
   */
  mail: { smtpUrl: string; from: string } | null
  mailRetryDelaySeconds: number
  /** Newsletter emails a send job sends per minute at most (docs/decisions/061-newsletters.md). */
  mailRatePerMinute: number
  /**
   * Issue 29: LinkedIn, Bluesky, Mastodon and Threads; each null until all of its settings are set
   * (the defaults of the base URLs count). `retryDelaySeconds`: the first back-off of a scheduled
   * social post that its network refused for now.
   */
  social: SocialConfig
  /** How often each instance looks for due jobs (issue 14: a post goes live within this and a little). */
  jobPollSeconds: number
  /** Stored click IP addresses older than this are blanked by the hourly retention job. */
  clickIpRetentionDays: number
  /** Issue 16: raw visits older than this many days are rolled up into daily totals. */
  analyticsRetentionDays: number
  /** Issue 28: activity log rows older than this many days are deleted by the hourly job. */
  activityRetentionDays: number
  /** Public pages for visitors without a session: time to live (0 = no cache) and memory bound. */
  pageCache: { ttlMs: number; maxBytes: number }
}

export interface SocialConfig {
  /** `tokenExpiresAt`: when the token stops working (LinkedIn's last 60 days); null when not said. */
  linkedin: { baseUrl: string; accessToken: string; organizationId: string; tokenExpiresAt?: Date | null } | null
  bluesky: { serviceUrl: string; handle: string; appPassword: string } | null
  mastodon: { url: string; accessToken: string } | null
  threads: { baseUrl: string; userId: string; accessToken: string; tokenExpiresAt?: Date | null } | null
  retryDelaySeconds: number
  /**
   * How long a social post being posted is held by the process posting it (renewed at each part):
   * a hold older than this is from a process that died, and another may go on with the post.
   * Longer than one part's calls may take (each call times out after 15 s).
   */
  postingClaimSeconds: number
}

/** OAuth 1.0a user-context secrets of the X app and the account it posts as. */
export interface XCredentials {
  apiKey: string
  apiSecret: string
  accessToken: string
  accessTokenSecret: string
}

export interface AiConfig {
  /** OpenAI-compatible API root, without a trailing slash (…/v1). */
  baseUrl: string
  /** null: the text endpoints answer 503 and the branded cover is the only image. Never logged. */
  apiKey: string | null
  model: string
  /** null: generate-image makes the branded cover. */
  imageModel: string | null
  imageSize: `${number}x${number}`
  textTimeoutMs: number
  imageTimeoutMs: number
  /** Back-off before the one retry of a 429 or 5xx answer (a Retry-After up to 10 s wins). */
  retryDelayMs: number
  /** AI calls per admin per `rateWindowMs`. */
  rateLimit: number
  rateWindowMs: number
  /**
   * TESTS ONLY (TEST_FETCH_ALLOW_HOSTS, refused unless NODE_ENV=test): exact IP addresses the
   * rewrite fetcher may reach although they are private, e.g. a fixture article server on
   * 127.0.0.1 for a browser test. Empty everywhere else. docs/decisions/018-test-only-fetch-allow-list.md
   */
  testAllowPrivateHosts: readonly string[]
}

export class ConfigError extends Error {}

/** An address as the settings keep it: without a trailing slash. */
export const noTrailingSlash = (url: string) => url.replace(/\/+$/, '')
/** A token's last day ('2027-01-31'): it is taken to stop working as that day begins (UTC). */
const expiryOf = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : null)

/**
 * LinkedIn's, Mastodon's and Threads' settings from their values, the environment's or those saved
 * on the Channels screen (server/services/channels/connections.ts): null unless the needed ones are set.
 */
export const networkSettings = {
  linkedin: (v: {
    baseUrl: string
    accessToken?: string
    organizationId?: string
    tokenExpiresOn?: string
  }): SocialConfig['linkedin'] =>
    v.accessToken && v.organizationId
      ? {
          baseUrl: noTrailingSlash(v.baseUrl),
          accessToken: v.accessToken,
          organizationId: v.organizationId,
          tokenExpiresAt: expiryOf(v.tokenExpiresOn),
        }
      : null,
  mastodon: (v: { url?: string; accessToken?: string }): SocialConfig['mastodon'] =>
    v.url && v.accessToken ? { url: noTrailingSlash(v.url), accessToken: v.accessToken } : null,
  threads: (v: {
    baseUrl: string
    userId?: string
    accessToken?: string
    tokenExpiresOn?: string
  }): SocialConfig['threads'] =>
    v.userId && v.accessToken
      ? {
          baseUrl: noTrailingSlash(v.baseUrl),
          userId: v.userId,
          accessToken: v.accessToken,
          tokenExpiresAt: expiryOf(v.tokenExpiresOn),
        }
      : null,
}

/** The only reader of process.env: parse once, fail at boot with every problem listed. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  defaults: Record<string, string> = {},
): Config {
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const cleaned = { ...defaults, ...given }
  const parsed = ConfigSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together')
  }
  const xSecrets = [e.X_API_KEY, e.X_API_SECRET, e.X_ACCESS_TOKEN, e.X_ACCESS_TOKEN_SECRET]
  if (xSecrets.some((v) => v !== undefined) && xSecrets.some((v) => v === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN and X_ACCESS_TOKEN_SECRET must be set together',
    )
  }
  for (const [names, values] of [
    ['LINKEDIN_ACCESS_TOKEN and LINKEDIN_ORGANIZATION_ID', [e.LINKEDIN_ACCESS_TOKEN, e.LINKEDIN_ORGANIZATION_ID]],
    ['BLUESKY_HANDLE and BLUESKY_APP_PASSWORD', [e.BLUESKY_HANDLE, e.BLUESKY_APP_PASSWORD]],
    ['MASTODON_URL and MASTODON_ACCESS_TOKEN', [e.MASTODON_URL, e.MASTODON_ACCESS_TOKEN]],
    ['THREADS_USER_ID and THREADS_ACCESS_TOKEN', [e.THREADS_USER_ID, e.THREADS_ACCESS_TOKEN]],
  ] as const) {
    if (values.some((v) => v !== undefined) && values.some((v) => v === undefined)) {
      throw new ConfigError(`Invalid configuration:\n  ${names} must be set together`)
    }
  }
  if ((e.SMTP_URL === undefined) !== (e.MAIL_FROM === undefined)) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL and MAIL_FROM must be set together')
  }
  const testAllowPrivateHosts = parseTestFetchAllowHosts(e.TEST_FETCH_ALLOW_HOSTS, e.NODE_ENV)
  // React and other libraries pick their production builds from NODE_ENV: set it when unset.
  if (source === process.env && process.env.NODE_ENV === undefined) process.env.NODE_ENV = e.NODE_ENV
  const publicUrl = noTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`)
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    clickLogDir: path.resolve(e.CLICK_LOG_DIR ?? path.join(e.DATA_DIR, 'clicks')),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    seedSampleContent: e.SEED_SAMPLE_CONTENT,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    secretKey: e.SECRET_KEY,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    loginAttemptsPerIpHour: e.LOGIN_ATTEMPTS_PER_IP_HOUR,
    contactMessagesPerIp: e.CONTACT_MESSAGES_PER_IP,
    site: {
      ...defaultSite,
      appUrl: e.APP_URL ?? defaultSite.appUrl,
      demoUrl: e.DEMO_URL ?? defaultSite.demoUrl,
      docsUrl: e.DOCS_URL ?? defaultSite.docsUrl,
      bookingUrl: e.BOOKING_URL ?? defaultSite.bookingUrl,
      contactEmail: e.CONTACT_EMAIL ?? defaultSite.contactEmail,
    },
    ai: {
      baseUrl: noTrailingSlash(e.AI_BASE_URL),
      apiKey: e.AI_API_KEY ?? null,
      model: e.AI_MODEL,
      imageModel: e.AI_IMAGE_MODEL ?? null,
      imageSize: e.AI_IMAGE_SIZE as `${number}x${number}`,
      textTimeoutMs: e.AI_TIMEOUT_MS,
      imageTimeoutMs: e.AI_IMAGE_TIMEOUT_MS,
      retryDelayMs: e.AI_RETRY_DELAY_MS,
      rateLimit: e.AI_RATE_LIMIT,
      rateWindowMs: 10 * 60 * 1000,
      testAllowPrivateHosts,
    },
    x: {
      baseUrl: noTrailingSlash(e.X_API_BASE_URL),
      credentials:
        e.X_API_KEY && e.X_API_SECRET && e.X_ACCESS_TOKEN && e.X_ACCESS_TOKEN_SECRET
          ? {
              apiKey: e.X_API_KEY,
              apiSecret: e.X_API_SECRET,
              accessToken: e.X_ACCESS_TOKEN,
              accessTokenSecret: e.X_ACCESS_TOKEN_SECRET,
            }
          : null,
      slots: [...new Set(e.X_POSTING_SLOTS.split(',').map((s) => s.trim()))].sort(),
      retryDelaySeconds: e.X_RETRY_DELAY_SECONDS,
    },
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    social: {
      linkedin: networkSettings.linkedin({
        baseUrl: e.LINKEDIN_API_BASE_URL,
        accessToken: e.LINKEDIN_ACCESS_TOKEN,
        organizationId: e.LINKEDIN_ORGANIZATION_ID,
        tokenExpiresOn: e.LINKEDIN_TOKEN_EXPIRES_AT,
      }),
      bluesky:
        e.BLUESKY_HANDLE && e.BLUESKY_APP_PASSWORD
          ? {
              serviceUrl: noTrailingSlash(e.BLUESKY_SERVICE_URL),
              handle: e.BLUESKY_HANDLE.replace(/^@/, ''),
              appPassword: e.BLUESKY_APP_PASSWORD,
            }
          : null,
      mastodon: networkSettings.mastodon({ url: e.MASTODON_URL, accessToken: e.MASTODON_ACCESS_TOKEN }),
      threads: networkSettings.threads({
        baseUrl: e.THREADS_API_BASE_URL,
        userId: e.THREADS_USER_ID,
        accessToken: e.THREADS_ACCESS_TOKEN,
        tokenExpiresOn: e.THREADS_TOKEN_EXPIRES_AT,
      }),
      retryDelaySeconds: e.SOCIAL_RETRY_DELAY_SECONDS,
      postingClaimSeconds: e.SOCIAL_POSTING_CLAIM_SECONDS,
    },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    clickIpRetentionDays: e.CLICK_IP_RETENTION_DAYS,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    pageCache: { ttlMs: e.PAGE_CACHE_TTL_MS, maxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024 },
  }
}

/**
 * TEST_FETCH_ALLOW_HOSTS opens the SSRF guard of the article fetcher (docs/decisions/009) to a few
 * private addresses, so a browser test can rewrite a fixture article on 127.0.0.1. A production
 * server must never run with it: outside NODE_ENV=test it stops the boot instead of being ignored,
 * so a stray value is noticed rather than silently trusted.
 */
function parseTestFetchAllowHosts(value: string | undefined, env: Env['NODE_ENV']): string[] {
  if (value === undefined || value.trim() === '') return []
  if (env !== 'test') {
    throw new ConfigError(
      `Invalid configuration:\n  TEST_FETCH_ALLOW_HOSTS is for tests only and is refused unless NODE_ENV=test (NODE_ENV is ${env})`,
    )
  }
  const hosts = value
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
  const bad = hosts.filter((h) => isIP(h) === 0)
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TEST_FETCH_ALLOW_HOSTS must list IP addresses separated by commas (not: ${bad.join(', ')})`,
    )
  }
  return hosts
}
