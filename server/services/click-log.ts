// The click log: every click a redirect answers is appended here with one write before the 302
// goes out, so a process killed before the click's batch reached the database loses nothing; the
// next start replays what the database does not have. docs/decisions/041-crash-safe-clicks.md
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'
import { DataDirLockedError, lockDataDir } from '#server/db/lock.ts'

/** Where a logged click ends in the log: the byte offset after its line in one segment file. */
export interface LogPosition {
  segment: string
  end: number
}

/** What a line holds: the fields of a click (server/services/clicks.ts extends them), nothing derived. */
export interface LoggedClickFields {
  xPostId: number
  ipAddress: string
  userAgent: string | null
  referrer: string | null
  clickedAt: Date
  /** A crawler or link-preview bot: tallied on the X post, never stored as a click. */
  bot: boolean
}

/** A segment is closed and a new one begun once it holds this much (about 40,000 clicks). */
export const ROTATE_BYTES = 8 * 1024 * 1024
/** Instances sharing one log folder (PostgreSQL) take one slot each; more than this is refused. */
const MAX_SLOTS = 64
const SEGMENT_NAME = /^[0-9a-z]{9}-[0-9a-f]{16}\.log$/
const SLOT_NAME = /^\d{1,2}$/

/**
 * The log folder of one database: PGlite's log is `root` itself (its data folder is the
 * database); on PostgreSQL a folder per server and database name, so a log left for one database
 * is never replayed into another that the same folder's next instance uses.
 */
export function clickLogRoot(root: string, databaseUrl?: string): string {
  if (!databaseUrl) return root
  const url = new URL(databaseUrl)
  const id = `${url.hostname}:${url.port || '5432'}/${decodeURIComponent(url.pathname.slice(1))}`
  return path.join(root, `pg-${createHash('sha256').update(id).digest('hex').slice(0, 16)}`)
}

/** Names sort in the order they were made (time first), and never repeat across instances. */
function newSegmentName(): string {
  return `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(8).toString('hex')}.log`
}

/** One line per click: a JSON array, so no field (a user agent, a referrer) can break the line. */
export function clickLine(c: LoggedClickFields): string {
  return `${JSON.stringify([c.xPostId, c.clickedAt.getTime(), c.bot ? 1 : 0, c.ipAddress, c.userAgent, c.referrer])}\n`
}

function parseLine(text: string): LoggedClickFields | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!Array.isArray(value) || value.length !== 6) return null
  const [xPostId, at, bot, ip, ua, ref] = value as unknown[]
  if (!Number.isSafeInteger(xPostId) || (xPostId as number) <= 0) return null
  if (typeof at !== 'number' || !Number.isFinite(at) || (bot !== 0 && bot !== 1) || typeof ip !== 'string') return null
  if ((ua !== null && typeof ua !== 'string') || (ref !== null && typeof ref !== 'string')) return null
  return {
    xPostId: xPostId as number,
    clickedAt: new Date(at),
    bot: bot === 1,
    ipAddress: ip,
    userAgent: ua,
    referrer: ref,
  }
}

export interface ParsedSegment {
  clicks: (LoggedClickFields & { logged: LogPosition })[]
  /** The end of the last click read (`from` when none). */
  end: number
  /** Complete lines that are not a click (a torn write after a power loss): skipped. */
  skipped: number
  /** Bytes after the last line end: a line cut short by the crash, ignored. */
  partial: number
}

/** The clicks of a segment's bytes after `from` (a line boundary: where the database stopped). */
export function parseSegment(segment: string, bytes: Buffer, from = 0): ParsedSegment {
  const clicks: ParsedSegment['clicks'] = []
  let end = from
  let skipped = 0
  let start = from
  for (;;) {
    const newline = bytes.indexOf(10, start)
    if (newline === -1) break
    const click = parseLine(bytes.toString('utf8', start, newline))
    start = newline + 1
    if (click) {
      end = start
      clicks.push({ ...click, logged: { segment, end } })
    } else skipped += 1
  }
  return { clicks, end, skipped, partial: bytes.length - start }
}

interface SegmentState {
  /** The end of its last click; grows while it is the active segment. */
  end: number
  /** How far the database has it. */
  applied: number
  closed: boolean
}

/**
 * One instance's click log: a folder (a slot under the log root, held by a lock file like the
 * data folder's) of segment files. The instance appends to one active segment; the batch writer
 * tells the log which positions the database has (`committed`), and a closed segment whose every
 * click is in the database is deleted. Segments found at open (left by a crash, or by an instance
 * whose slot is no longer held) are `leftovers`, to be replayed.
 */
export class ClickLog {
  readonly dir: string
  readonly leftovers: readonly string[]
  readonly #release: () => void
  readonly #rotateBytes: number
  readonly #segments = new Map<string, SegmentState>()
  #fd: number | null = null
  #active = ''
  #closed = false

  private constructor(dir: string, release: () => void, leftovers: string[], rotateBytes: number) {
    this.dir = dir
    this.#release = release
    this.leftovers = leftovers
    this.#rotateBytes = rotateBytes
    this.#begin()
  }

  /**
   * Takes the first free slot under `root` (`root/0`, `root/1`, …), moves into it the segments of
   * slots whose holder is gone (a rename: each is taken by one instance only), and begins a new
   * segment. Throws when the folder cannot be written.
   */
  static open(root: string, { rotateBytes = ROTATE_BYTES } = {}): ClickLog {
    mkdirSync(root, { recursive: true })
    let slot = -1
    let release: (() => void) | undefined
    for (let i = 0; i < MAX_SLOTS && !release; i++) {
      try {
        release = lockDataDir(path.join(root, String(i)))
        slot = i
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error
      }
    }
    if (!release) throw new Error(`Every click log slot under ${root} is held by a running instance.`)
    const dir = path.join(root, String(slot))
    try {
      for (const other of readdirSync(root)) {
        if (!SLOT_NAME.test(other) || other === String(slot)) continue
        let releaseOther: () => void
        try {
          releaseOther = lockDataDir(path.join(root, other))
        } catch (error) {
          if (error instanceof DataDirLockedError) continue
          throw error
        }
        try {
          for (const name of readdirSync(path.join(root, other))) {
            if (SEGMENT_NAME.test(name)) renameSync(path.join(root, other, name), path.join(dir, name))
          }
        } finally {
          releaseOther()
        }
      }
      const leftovers = readdirSync(dir)
        .filter((name) => SEGMENT_NAME.test(name))
        .sort()
      return new ClickLog(dir, release, leftovers, rotateBytes)
    } catch (error) {
      release()
      throw error
    }
  }

  /** The segment new clicks go to. */
  get active(): string {
    return this.#active
  }

  /** Appends one click with one write (no fsync: see the decision record) and says where it ended. */
  append(click: LoggedClickFields): LogPosition {
    if (this.#fd === null) throw new Error('the click log is closed, or no segment could be made')
    const state = this.#segments.get(this.#active) as SegmentState
    const line = clickLine(click)
    let written = 0
    try {
      // A regular file takes the whole line in one write; a short one (a full disk) is finished.
      written = writeSync(this.#fd, line)
      const bytes = Buffer.byteLength(line)
      if (written < bytes) {
        const rest = Buffer.from(line)
        while (written < bytes) written += writeSync(this.#fd, rest, written)
      }
    } catch (error) {
      // Part of the line may be in the file: no line may follow it there, or every later offset
      // would be off. Go on in a new segment, or stop logging if none can be made.
      this.#abandonActive()
      throw error
    }
    state.end += written
    const position = { segment: this.#active, end: state.end }
    if (state.end >= this.#rotateBytes) this.#rotate()
    return position
  }

  /**
   * Appends several clicks with one write (the redirects of one turn of the event loop, see
   * ClickRecorder.recordThen) and says where each ended: undefined for a click whose line a failed
   * write did not finish (`error` then says why; the log goes on in a new segment, as `append`).
   */
  appendGroup(clicks: readonly LoggedClickFields[]): { positions: (LogPosition | undefined)[]; error?: unknown } {
    if (this.#fd === null)
      return { positions: [], error: new Error('the click log is closed, or no segment could be made') }
    const segment = this.#active
    const state = this.#segments.get(segment) as SegmentState
    const lines = clicks.map(clickLine)
    const text = lines.join('')
    let written = 0
    let error: unknown
    try {
      written = writeSync(this.#fd, text)
      const bytes = Buffer.byteLength(text)
      if (written < bytes) {
        const rest = Buffer.from(text)
        while (written < bytes) written += writeSync(this.#fd, rest, written)
      }
    } catch (failure) {
      error = failure
    }
    const positions: (LogPosition | undefined)[] = []
    let end = state.end
    for (const line of lines) {
      const next = end + Buffer.byteLength(line)
      if (next > state.end + written) break
      end = next
      positions.push({ segment, end })
    }
    state.end = end
    if (error !== undefined) {
      // Part of a line may be in the file: no line may follow it there (as in `append`).
      this.#abandonActive()
      return { positions, error }
    }
    if (state.end >= this.#rotateBytes) this.#rotate()
    return { positions }
  }

  /**
   * Reads a leftover segment after `applied` (what the database already has) and starts tracking
   * it, so that it is deleted once the clicks read are in the database.
   */
  readLeftover(segment: string, applied: number): ParsedSegment {
    const parsed = parseSegment(segment, readFileSync(path.join(this.dir, segment)), applied)
    this.#segments.set(segment, { end: parsed.end, applied, closed: true })
    return parsed
  }

  /**
   * Notes the positions a committed batch reached; deletes the closed segments the database now
   * has in full and answers their names (their rows in click_log_segments can go). Never throws:
   * it runs after the batch's commit.
   */
  committed(positions: Iterable<LogPosition>): string[] {
    for (const { segment, end } of positions) {
      const state = this.#segments.get(segment)
      if (state && end > state.applied) state.applied = end
    }
    return this.sweep()
  }

  /** Deletes the closed segments the database has in full; answers their names. */
  sweep(): string[] {
    const deleted: string[] = []
    for (const [segment, state] of this.#segments) {
      if (!state.closed || state.applied < state.end) continue
      try {
        unlinkSync(path.join(this.dir, segment))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') continue
      }
      this.#segments.delete(segment)
      deleted.push(segment)
    }
    return deleted
  }

  /**
   * Closes the active segment and gives the slot back; answers the segments deleted because the
   * database has them in full. Call after the last batch; anything else stays for the next start.
   */
  close(): string[] {
    if (this.#closed) return []
    this.#closed = true
    if (this.#fd !== null) closeSync(this.#fd)
    this.#fd = null
    const active = this.#segments.get(this.#active)
    if (active) active.closed = true
    const deleted = this.sweep()
    this.#release()
    return deleted
  }

  #begin() {
    const name = newSegmentName()
    this.#fd = openSync(path.join(this.dir, name), 'a')
    this.#active = name
    this.#segments.set(name, { end: 0, applied: 0, closed: false })
  }

  #abandonActive() {
    const fd = this.#fd as number
    const state = this.#segments.get(this.#active) as SegmentState
    state.closed = true
    try {
      this.#begin()
    } catch {
      this.#fd = null
    }
    try {
      closeSync(fd)
    } catch {}
  }

  #rotate() {
    const previous = this.#segments.get(this.#active) as SegmentState
    const fd = this.#fd as number
    try {
      this.#begin()
    } catch {
      // No new segment (a full disk?): keep appending to this one; the next append tries again.
      return
    }
    previous.closed = true
    closeSync(fd)
  }
}
