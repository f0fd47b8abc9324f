// `npm run dev`: Vite in middleware mode (hot reload for the pages) in front of the same Hono app.
// docs/decisions/002-server-runs-typescript-directly.md
import { createServer as createHttpServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { createServer as createViteServer } from 'vite'
import { createApp } from '#server/app.ts'
import { prepareDatabase } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/open.ts'
import { startJobs } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import { pageHandlerFor } from '#server/pages.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { createServices } from '#server/services.ts'

const config = loadConfig(undefined, { NODE_ENV: 'development' })
const logger = createLogger(config.logLevel)
const { database, release } = await openDatabase(config)
await prepareDatabase(database, config, logger)
const secretKey = loadSecretKey(config, logger)
const jobs = startJobs(database, config, logger, { secretKey })
const services = createServices(database, config, logger, { jobs, secretKey })

const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })
const pages = pageHandlerFor(
  () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  'development',
)
const app = createApp({ services, pages })
const listener = getRequestListener(app.fetch)

const server = createHttpServer((req, res) => {
  vite.middlewares(req, res, () => listener(req, res))
})
server.listen(config.port, config.host, () => {
  logger.info({ url: `http://localhost:${config.port}` }, 'dev server listening (hot reload on)')
})

const stop = async () => {
  server.close()
  await vite.close()
  await services.clicks.flush().catch(() => {})
  await jobs.stop().catch(() => {})
  await database.close()
  release()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
