import type { RunningServer } from '#server/boot.ts'
import { type Config, ConfigError, loadConfig } from '#server/config.ts'
import { DataDirLockedError } from '#server/db/lock.ts'
import { openDatabase } from '#server/db/open.ts'
import { createLogger } from '#server/logger.ts'

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.logLevel)
  let running: RunningServer
  try {
    // The database opens first: PGlite reads its files and compiles its WebAssembly on other
    // threads while this one loads the server and the pages (issue 13 §3). Its failure (a locked
    // data folder, say) is handled where startServer awaits it.
    const opening = openDatabase(config)
    opening.catch(() => {})
    // Imported only now: loadConfig() has set NODE_ENV, and React picks its build when first loaded.
    const [{ startServer }, { deferredProductionPages }] = await Promise.all([
      import('#server/boot.ts'),
      import('#server/pages.ts'),
    ])
    // The page build loads after the listen, at the first answer or the first page request
    // (docs/decisions/042-fast-restart.md). One that cannot load stops the server, as it did when it
    // loaded before the listen.
    const pages = deferredProductionPages()
    pages.loaded.catch((error) => {
      logger.fatal({ err: error }, 'could not load the pages')
      process.exit(1)
    })
    running = await startServer(config, logger, pages, opening)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message)
      process.stderr.write(`\n${error.message}\n`)
      process.exit(1)
    }
    logger.fatal({ err: error }, 'could not start')
    process.exit(1)
  }
  let signals = 0
  const shutdown = (signal: string) => {
    signals += 1
    if (signals > 1) process.exit(1)
    logger.info({ signal }, 'shutting down')
    running.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

await main()
