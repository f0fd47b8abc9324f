import type { Logger } from '#server/logger.ts'

export interface BatchQueueOptions {
  logger?: Logger
  /** An event waits at most this long before its batch is written. */
  flushMs?: number
  /** A batch is written as soon as this many events wait. */
  batchSize?: number
  /** Rows per INSERT at most (a backlog is written in several). */
  maxBatchRows?: number
  /** Events kept in memory while the database is unreachable; later ones are dropped and logged. */
  maxPending?: number
  /** The time events are stamped with; tests inject a clock. */
  now?: () => Date
}

/**
 * Events answered at once and written later in batches (short-link clicks, page visits): one
 * queue per process. `flush()` writes everything queued; the server awaits it on a clean stop
 * before closing the database, so nothing it acknowledged is lost.
 * docs/decisions/012-click-recording-in-batches.md
 */
export class BatchQueue<T> {
  readonly #write: (batch: readonly T[]) => Promise<void>
  readonly #what: string
  readonly #logger: Logger | undefined
  readonly #flushMs: number
  readonly #batchSize: number
  readonly #maxBatchRows: number
  readonly #maxPending: number
  readonly now: () => Date
  #queue: T[] = []
  #timer: ReturnType<typeof setTimeout> | null = null
  #chain: Promise<void> = Promise.resolve()
  #writing = false
  #dropped = 0

  constructor(write: (batch: readonly T[]) => Promise<void>, options: BatchQueueOptions & { what: string }) {
    this.#write = write
    this.#what = options.what
    this.#logger = options.logger
    this.#flushMs = options.flushMs ?? 250
    // Measured on PGlite (bench/redirects.ts): a statement costs about as much as 100 clicks, so
    // under load the batches should be large (1,000 gave 0.41 of the bare redirect, 5,000 gave
    // 0.51); at low rates the timer writes what there is.
    this.#batchSize = options.batchSize ?? 5_000
    this.#maxBatchRows = options.maxBatchRows ?? 5_000
    this.#maxPending = options.maxPending ?? 100_000
    this.now = options.now ?? (() => new Date())
  }

  /** Events waiting to be written. */
  get pending(): number {
    return this.#queue.length
  }

  /** Events dropped because the queue was full (the database unreachable for long). */
  get dropped(): number {
    return this.#dropped
  }

  /** Events that can still be queued before the bound drops them. */
  get room(): number {
    return Math.max(0, this.#maxPending - this.#queue.length)
  }

  /** True when the next event would be dropped (the database unreachable for long). */
  get full(): boolean {
    return this.#queue.length >= this.#maxPending
  }

  /**
   * Queues events kept elsewhere while they waited (a crash's click log), ahead of the bound:
   * they were within it when first recorded.
   */
  requeue(items: readonly T[]): void {
    if (items.length === 0) return
    for (const item of items) this.#queue.push(item)
    if (!this.#writing) this.#timer ??= setTimeout(() => this.#kick(true), this.#flushMs).unref()
  }

  /** Queues one event; never waits. Answers false when it had to be dropped. */
  record(item: T): boolean {
    if (this.#queue.length >= this.#maxPending) {
      this.#dropped += 1
      if (this.#dropped === 1 || this.#dropped % 1_000 === 0) {
        this.#logger?.error({ dropped: this.#dropped }, `${this.#what} queue full: ${this.#what} dropped`)
      }
      return false
    }
    this.#queue.push(item)
    // A running write takes the waiting events next; otherwise write a full batch now, or soon.
    if (this.#writing) return true
    if (this.#queue.length >= this.#batchSize) this.#kick(false)
    else this.#timer ??= setTimeout(() => this.#kick(true), this.#flushMs).unref()
    return true
  }

  /** Writes every queued event (including those queued while it runs); rejects if the database fails. */
  flush(): Promise<void> {
    return this.#run(true)
  }

  /** Resolves when the writes started so far have ended, without starting one (tests, diagnostics). */
  settled(): Promise<void> {
    return this.#chain
  }

  #kick(all: boolean) {
    this.#run(all).catch((error) => {
      this.#logger?.warn({ err: error, pending: this.#queue.length }, `writing ${this.#what} failed; will retry`)
    })
  }

  #run(all: boolean): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer)
      this.#timer = null
    }
    // One write at a time, in order: a batch sees the events of the batches before it.
    const run = this.#chain.then(() => this.#drain(all))
    this.#chain = run.catch(() => {})
    return run
  }

  async #drain(all: boolean) {
    this.#writing = true
    try {
      while (this.#queue.length > 0 && (all || this.#queue.length >= this.#batchSize)) {
        const batch = this.#queue.splice(0, this.#maxBatchRows)
        try {
          await this.#write(batch)
        } catch (error) {
          // Keep them, oldest first, and try again later.
          this.#queue.unshift(...batch)
          this.#timer ??= setTimeout(() => this.#kick(true), Math.max(this.#flushMs, 1_000)).unref()
          throw error
        }
      }
    } finally {
      this.#writing = false
    }
    if (this.#queue.length > 0) this.#timer ??= setTimeout(() => this.#kick(true), this.#flushMs).unref()
  }
}
