import type { Role } from '#common/roles.ts'
import type { Config } from '#server/config.ts'
import type { Database, Db } from '#server/db/client.ts'
import type { PageCache } from '#server/http/page-cache.ts'
import type { Logger } from '#server/logger.ts'
import type { AiStudio } from '#server/services/ai/studio.ts'
import type { XPostWriter } from '#server/services/ai/x-post.ts'
import type { ClickRecorder } from '#server/services/clicks.ts'
import type { JobQueue } from '#server/services/job-queue.ts'
import type { RedirectTable } from '#server/services/redirects.ts'
import type { ShortLinkCache } from '#server/services/short-links.ts'
import type { SocialWriter } from '#server/services/social-text.ts'
import type { Throttle } from '#server/services/throttle.ts'
import type { VisitRecorder } from '#server/services/visits.ts'

/** What every request can reach through `c.var`. */
export interface AppServices {
  database: Database
  config: Config
  logger: Logger
  throttle: Throttle
  /** The AES-256 key sealing secrets at rest (server/secret-key.ts). */
  secretKey: Buffer
  /** Short-link clicks waiting to be written in a batch (issue 5); flushed on stop. */
  clicks: ClickRecorder
  /** Public page views waiting to be written in a batch (issue 16); flushed on stop. */
  visits: VisitRecorder
  /** Short code → post, remembered briefly so a redirect need not wait for the database. */
  shortLinks: ShortLinkCache
  /** Issue 31: every redirect of an old address, in memory, with its hits counted in batches. */
  redirects: RedirectTable
  /** Writes X post texts; the template writer when absent (server/services/ai/x-post.ts). */
  xPostWriter?: XPostWriter
  /** Writes other networks' social post texts (issue 29); the AI or the template when absent. */
  socialWriter?: SocialWriter
  /** Public pages rendered once and shared by visitors without a session; absent: no cache. */
  pageCache?: PageCache
  /** Scheduled work (issue 14): adds jobs in the caller's transaction. */
  jobs: JobQueue
  /** The AI studio of /api/blog/ai; built from `config.ai` per request when absent (tests inject one). */
  ai?: AiStudio
}

/** Filled by the server for every page request; loaders read services and the viewer from it. */
export interface PageContext {
  services: AppServices
  userId: number | null
  /** The visitor's address (behind a trusted proxy, the forwarded one): per-address limits. */
  clientIp: string
  /** This rendering's CSP nonce: React Router and React put it on every inline script. */
  nonce?: string | undefined
}

export interface AppEnv {
  Variables: {
    db: Db
    config: Config
    services: AppServices
    log: Logger
    requestId: string
    /** The signed-in person's user id, or null. */
    userId: number | null
    /** Their role (common/roles.ts), or null when signed out. */
    role: Role | null
    /**
     * Issue 28: the site requires two-factor sign-in and this person has not turned it on: only
     * the enrolment endpoints answer them (`requireAdmin` and `allow` refuse the rest).
     */
    needsTwoFactor: boolean
    sessionToken: string | null
    /** The client closed the connection before its request body arrived (logged, not an error). */
    clientAborted?: boolean
  }
}
