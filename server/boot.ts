import { createServer, type OutgoingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { type ServerType, serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createApp, type PageHandler } from '#server/app.ts'
import type { Config } from '#server/config.ts'
import { type ChangeFeed, localChangeFeed, postgresChangeFeed } from '#server/db/change-feed.ts'
import type { Database } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'
import { type OpenedDatabase, openDatabase } from '#server/db/open.ts'
import { cachedPageFastPath } from '#server/http/cached-page-fast-path.ts'
import type { AppEnv, AppServices } from '#server/http/env.ts'
import { PageCache } from '#server/http/page-cache.ts'
import { redirectFastPath } from '#server/http/redirect-fast-path.ts'
import { securityHeaders } from '#server/http/security.ts'
import { answerHeaders, shortLinkFastPath } from '#server/http/short-link-fast-path.ts'
import { startJobs } from '#server/jobs/queue.ts'
import type { Logger } from '#server/logger.ts'
import { clientDir } from '#server/paths.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { ClickLog, clickLogRoot } from '#server/services/click-log.ts'
import { ClickRecorder } from '#server/services/clicks.ts'
import { onContentChange } from '#server/services/content-events.ts'
import { RedirectTable } from '#server/services/redirects.ts'
import { blankExpiredClickIps, deleteOldActivity, deleteOldSalts, rollUpOldVisits } from '#server/services/retention.ts'
import { purgeExpiredSessions } from '#server/services/sessions.ts'
import { firstRunSetup } from '#server/services/setup.ts'
import { createServices } from '#server/services.ts'

/** Migrations, first-run content and the first admin; prints a generated password once. */
export async function prepareDatabase(database: Database, config: Config, logger: Logger) {
  await migrateAndSetup(database, async () => {
    const result = await firstRunSetup(database.db, {
      seed: config.seedSampleContent,
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
    })
    if (result.seededPosts > 0) logger.info({ posts: result.seededPosts }, 'sample content seeded')
    if (result.createdAdmin) logger.info({ username: result.createdAdmin }, 'first admin created')
    if (result.generatedPassword) {
      // Deliberately outside the structured log: the one time this password is ever shown.
      process.stdout.write(
        [
          '',
          '  ┌──────────────────────────────────────────────────────────────',
          '  │ First run: an admin account was created.',
          `  │   Sign in at  ${config.publicUrl}/admin/login`,
          `  │   Username    ${result.createdAdmin}`,
          `  │   Password    ${result.generatedPassword}`,
          '  │ This password is shown only now. Change it with:',
          `  │   npm run admin -- reset-password ${result.createdAdmin}`,
          '  └──────────────────────────────────────────────────────────────',
          '',
        ].join('\n') + '\n',
      )
    }
  })
}

/**
 * The recorder of short-link clicks with this instance's click log, after queueing what the log
 * holds from a crash (docs/decisions/041). A log folder that cannot be written is logged and the
 * clicks are kept in memory only, as before the log: a redirect must not depend on the disk.
 */
async function openClickRecorder(database: Database, config: Config, logger: Logger): Promise<ClickRecorder> {
  let log: ClickLog
  const oneConnection = database.kind === 'pglite'
  const root = clickLogRoot(config.clickLogDir, database.kind === 'postgres' ? config.databaseUrl : undefined)
  try {
    log = ClickLog.open(root)
  } catch (error) {
    logger.error(
      { err: error, dir: root },
      'the click log cannot be opened: clicks answered just before a crash will be lost (set CLICK_LOG_DIR)',
    )
    return new ClickRecorder(database.db, { logger, oneConnection })
  }
  const clicks = new ClickRecorder(database.db, { logger, log, oneConnection })
  try {
    await clicks.replay()
  } catch (error) {
    await clicks.close().catch(() => {})
    throw error
  }
  return clicks
}

const HOUSEKEEPING_FIRST_MS = 60 * 1000
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000
/**
 * pg-boss starts at the first answer, or this long after the listen when no request comes; deferred
 * pages load once it has started.
 */
const WARM_UP_AFTER_LISTEN_MS = 1000

export interface RunningServer {
  url: string
  server: ServerType
  services: AppServices
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the database. */
  stop: () => Promise<void>
}

/**
 * Opens the database (unless `opening` already does: server/main.ts starts that first, so PGlite's
 * files are read and its WebAssembly compiled while the rest of the server loads), migrates, and
 * listens. Pages with a `warm()` (server/pages.ts, deferredProductionPages) load after the listen,
 * like the job queue (docs/decisions/042-fast-restart.md).
 */
export async function startServer(
  config: Config,
  logger: Logger,
  pages?: PageHandler & { warm?: () => void },
  opening: Promise<OpenedDatabase> = openDatabase(config),
): Promise<RunningServer> {
  const started = performance.now()
  const { database, release } = await opening
  let clicks: ClickRecorder
  try {
    await prepareDatabase(database, config, logger)
    clicks = await openClickRecorder(database, config, logger)
  } catch (error) {
    await database.close()
    release()
    throw error
  }
  const pageCache = new PageCache(config.pageCache)
  const redirects = new RedirectTable(database.db, config.publicUrl, { logger })
  let changes: ChangeFeed
  try {
    // Another instance's change reaches this one's cached pages and redirects alike.
    const onChange = () => {
      pageCache.invalidate()
      redirects.invalidate()
    }
    changes =
      config.databaseUrl && database.kind === 'postgres'
        ? await postgresChangeFeed(
            config.databaseUrl,
            database.db,
            { onChange, onHealth: (listening) => pageCache.setSuspended(!listening) },
            logger,
          )
        : localChangeFeed({ onChange })
  } catch (error) {
    await database.close()
    release()
    throw error
  }
  // Every change of public content, whoever made it, empties the cache here and on every instance.
  // Before the jobs start: a job overdue at start runs at once, and its change must reach the others.
  onContentChange(database.db, changes.publish)
  // After the migrations, beside the server: jobs that fell due while no instance ran are taken
  // as soon as it has started (late, once). pg-boss starts after the first answer (or a second
  // after the listen, or when a request adds a job), so a restart's first request does not wait
  // behind its queries (docs/decisions/039).
  const secretKey = loadSecretKey(config, logger)
  const jobs = startJobs(database, config, logger, { deferred: true, secretKey })
  const services = createServices(database, config, logger, { pageCache, jobs, clicks, secretKey, redirects })

  const root = new Hono<AppEnv>()
  root.use(securityHeaders())
  // Fingerprinted build assets never change under one name.
  root.use(
    '/assets/*',
    serveStatic({
      root: path.relative(process.cwd(), clientDir) || '.',
      // The build writes .br and .gz beside each script and style sheet (vite.config.ts).
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  // Files copied from public/ (favicon and the like): only paths that look like a file name.
  const publicFiles = serveStatic({
    root: path.relative(process.cwd(), clientDir) || '.',
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
  })
  root.use('*', (c, next) =>
    c.req.method === 'GET' &&
    /^\/[\w.-]+\.(?:svg|ico|png|webp|avif|jpg|txt|webmanifest|mp4|webm|woff2)$/.test(c.req.path)
      ? publicFiles(c, next)
      : next(),
  )
  root.route('/', createApp({ services, pages }))

  // Each chore in turn; one that fails is logged and does not keep the next from its turn.
  const chore = async (failure: string, work: () => Promise<void>) => {
    try {
      await work()
    } catch (error) {
      logger.warn({ err: error }, failure)
    }
  }
  const housekeeping = async () => {
    await chore('housekeeping failed', async () => {
      await purgeExpiredSessions(database.db)
      await services.throttle.prune?.()
    })
    await chore('click IP retention failed', async () => {
      const blanked = await blankExpiredClickIps(database.db, config.clickIpRetentionDays)
      if (blanked > 0) logger.info({ blanked, days: config.clickIpRetentionDays }, 'old click IP addresses blanked')
    })
    await chore('visit retention failed', async () => {
      await deleteOldSalts(database.db)
      const rolled = await rollUpOldVisits(database.db, config.analyticsRetentionDays)
      if (rolled > 0) logger.info({ rolled, days: config.analyticsRetentionDays }, 'old visits rolled up')
    })
    await chore('activity retention failed', async () => {
      const deleted = await deleteOldActivity(database.db, config.activityRetentionDays)
      if (deleted > 0) logger.info({ deleted, days: config.activityRetentionDays }, 'old activity log rows deleted')
    })
  }
  // Hourly, and first a minute after the start: off the start's path (a restart answers within a
  // second, docs/decisions/039), and not in the way of the first requests.
  let timer = setTimeout(() => {
    timer = setInterval(housekeeping, HOUSEKEEPING_EVERY_MS).unref()
    void housekeeping()
  }, HOUSEKEEPING_FIRST_MS).unref()

  // Remembered short links and cached public answers are answered before Hono (docs/decisions/017),
  // with the headers every answer carries. Reading those loads Node's fetch classes (0.1-0.3 s), so
  // it happens after the listen (docs/decisions/039); until then Hono answers everything.
  let fastPathHeaders: OutgoingHttpHeaders | undefined
  const alwaysHeaders = () => fastPathHeaders
  let server: ServerType
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve(
        {
          fetch: root.fetch,
          hostname: config.host,
          port: config.port,
          createServer: ((options: object, listener: Parameters<typeof shortLinkFastPath>[2]) =>
            createServer(
              options,
              shortLinkFastPath(
                services,
                alwaysHeaders,
                redirectFastPath(services, alwaysHeaders, cachedPageFastPath(services, alwaysHeaders, listener)),
              ),
            )) as typeof createServer,
        },
        () => resolve(s),
      )
      s.once('error', reject)
    })
  } catch (error) {
    // e.g. the port is taken: leave nothing held behind.
    clearTimeout(timer)
    await clicks.close().catch(() => {})
    await jobs.stop().catch(() => {})
    await changes.close()
    await database.close()
    release()
    throw error
  }
  // Keep idle connections longer than the usual load-balancer idle time (60 s): a server that
  // closes a kept-alive socket first races the proxy's (or a client's) next request on it.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }
  // What waits for the first answer: pg-boss, then the page build (unless a page request loaded it
  // already). Not both at once: loading the build would hold up the jobs that fell due while no
  // instance ran, which must start within seconds of the first answer (schedule-restart.test.ts).
  const warmUp = () => {
    jobs.begin()
    if (pages?.warm) jobs.ready().then(pages.warm, pages.warm)
  }
  server.once('request', (_req, res) => res.once('close', warmUp))
  const warmUpTimer = setTimeout(warmUp, WARM_UP_AFTER_LISTEN_MS).unref()
  answerHeaders().then(
    (headers) => {
      fastPathHeaders = headers
    },
    (error) => logger.error({ err: error }, 'fast-path headers could not be read; Hono answers everything'),
  )
  const address = server.address() as AddressInfo
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${address.port}`
  logger.info(
    { url, publicUrl: config.publicUrl, database: database.kind, ms: Math.round(performance.now() - started) },
    'server listening',
  )

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(timer)
      clearTimeout(warmUpTimer)
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      const deadline = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), config.shutdownTimeoutMs).unref(),
      )
      if ((await Promise.race([closed, deadline])) === 'timeout') {
        logger.warn('in-flight requests still running at the shutdown deadline; closing them')
        if ('closeAllConnections' in server) server.closeAllConnections()
      }
      // Clicks already answered by a redirect may still be queued: write them before the database
      // closes. Those that cannot be written stay in the click log for the next start.
      await services.clicks.close().catch((error) => {
        logger.error(
          { err: error, pending: services.clicks.pending },
          'queued clicks could not be written; kept in the click log',
        )
      })
      await services.visits.flush().catch((error) => {
        logger.error({ err: error, lost: services.visits.pending }, 'queued visits could not be written')
      })
      await services.redirects.close().catch((error) => {
        logger.warn({ err: error }, 'redirect hits could not be written')
      })
      await jobs.stop().catch((error) => logger.error({ err: error }, 'job queue did not stop cleanly'))
      await changes.close()
      await database.close()
      release()
      logger.info('server stopped')
    })()
    return stopping
  }
  return { url, server, services, stop }
}
