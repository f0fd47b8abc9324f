import { type RunningServer, startServer } from '#server/boot.ts'
import { type Config, ConfigError, loadConfig } from '#server/config.ts'
import { DataDirLockedError } from '#server/db/lock.ts'
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
    // Imported only now: loadConfig() has set NODE_ENV, and React picks its build when first loaded.
    const { loadProductionPages } = await import('#server/pages.ts')
    running = await startServer(config, logger, await loadProductionPages())
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
