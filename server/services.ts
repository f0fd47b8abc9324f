import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { AppServices } from '#server/http/env.ts'
import type { Logger } from '#server/logger.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { ClickRecorder } from '#server/services/clicks.ts'
import { onContentChange } from '#server/services/content-events.ts'
import { RedirectTable } from '#server/services/redirects.ts'
import { ShortLinkCache } from '#server/services/short-links.ts'
import { MemoryThrottle, SqlThrottle } from '#server/services/throttle.ts'
import { VisitRecorder } from '#server/services/visits.ts'

/**
 * The one way the services of a process are built: the server (boot.ts), `npm run dev` (dev.ts)
 * and the tests (tests/helpers/app.ts). `overrides` adds what only some of them have (the page
 * cache) or replaces a part (a test's X post writer or AI studio).
 */
export function createServices(
  database: Database,
  config: Config,
  logger: Logger,
  overrides: Partial<AppServices> & Pick<AppServices, 'jobs'>,
): AppServices {
  const redirects = overrides.redirects ?? new RedirectTable(database.db, config.publicUrl, { logger })
  // Every change made through this handle (a redirect saved, a post's slug changed) reloads the table.
  onContentChange(database.db, () => redirects.invalidate())
  return {
    database,
    config,
    logger,
    // Several instances share PostgreSQL, so their counters must too; PGlite has one process.
    throttle: database.kind === 'postgres' ? new SqlThrottle(database.db) : new MemoryThrottle(),
    clicks: new ClickRecorder(database.db, { logger, oneConnection: database.kind === 'pglite' }),
    visits: new VisitRecorder(database.db, new URL(config.publicUrl).host, { logger }),
    shortLinks: new ShortLinkCache(),
    ...overrides,
    redirects,
    secretKey: overrides.secretKey ?? loadSecretKey(config, logger),
  }
}
