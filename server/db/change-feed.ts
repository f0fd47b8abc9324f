import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Db } from '#server/db/client.ts'
import type { Logger } from '#server/logger.ts'

/** The PostgreSQL channel on which instances tell each other that public content changed. */
export const CONTENT_CHANNEL = 'vq_content_changed'

export interface ChangeFeedHandlers {
  /** Public content changed here or on another instance: drop what was derived from it. */
  onChange: () => void
  /** false while changes made elsewhere might go unheard (the listening connection is down). */
  onHealth: (listening: boolean) => void
}

export interface ChangeFeed {
  /** Tells this instance, at once, and every other instance that public content changed. */
  publish: () => Promise<void>
  close: () => Promise<void>
}

/** One process (PGlite): a change is only ever made here. */
export function localChangeFeed(handlers: Pick<ChangeFeedHandlers, 'onChange'>): ChangeFeed {
  return {
    publish: async () => handlers.onChange(),
    close: async () => {},
  }
}

/**
 * Several instances on one PostgreSQL database: NOTIFY on every change, LISTEN on a connection of
 * its own. A notification reaches the other instances within milliseconds. While that connection
 * is down the instance cannot know what it missed, so it reports itself unhealthy (the page cache
 * stops serving), reconnects with back-off, and treats the reconnection itself as a change.
 * docs/decisions/015-public-page-cache.md
 */
export async function postgresChangeFeed(
  url: string,
  db: Db,
  handlers: ChangeFeedHandlers,
  logger: Logger,
  options: { retryMs?: number; maxRetryMs?: number } = {},
): Promise<ChangeFeed> {
  // Loaded here: an instance on PGlite never needs the PostgreSQL client (docs/decisions/042).
  const { default: Pg } = await import('pg')
  const retryMs = options.retryMs ?? 500
  const maxRetryMs = options.maxRetryMs ?? 10_000
  let listener: pg.Client | null = null
  let closed = false
  let delay = retryMs
  let timer: NodeJS.Timeout | undefined

  const listen = async () => {
    const client = new Pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
    const lost = (error?: Error) => {
      if (listener !== client) return
      listener = null
      client.removeAllListeners('notification')
      client.end().catch(() => {})
      handlers.onHealth(false)
      if (closed) return
      logger.warn({ err: error }, 'content change feed lost its connection; page cache paused')
      timer = setTimeout(reconnect, delay)
      timer.unref()
      delay = Math.min(delay * 2, maxRetryMs)
    }
    client.on('error', lost)
    client.on('end', () => lost())
    client.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) handlers.onChange()
    })
    await client.connect()
    await client.query(`LISTEN ${CONTENT_CHANNEL}`)
    listener = client
  }

  const reconnect = async () => {
    if (closed) return
    try {
      await listen()
      delay = retryMs
      // Whatever changed while nobody listened is unknown: treat it as a change.
      handlers.onChange()
      handlers.onHealth(true)
      logger.info('content change feed listening again')
    } catch (error) {
      logger.warn({ err: error }, 'content change feed could not reconnect')
      timer = setTimeout(reconnect, delay)
      timer.unref()
      delay = Math.min(delay * 2, maxRetryMs)
    }
  }

  await listen()
  handlers.onHealth(true)

  return {
    publish: async () => {
      handlers.onChange()
      try {
        // Through the pool: NOTIFY needs no connection of its own, only LISTEN does.
        await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`)
      } catch (error) {
        // The other instances' caches expire by their time to live instead.
        logger.error({ err: error }, 'content change could not be announced to other instances')
      }
    },
    close: async () => {
      closed = true
      clearTimeout(timer)
      const client = listener
      listener = null
      await client?.end().catch(() => {})
    },
  }
}
