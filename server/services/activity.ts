// Issue 28: the activity log. Who did what to which object, when, from which IP hash; written
// where each action succeeds, read by /admin/activity. docs/decisions/045-activity-log.md
import { and, desc, eq, gte, isNull, lt, ne, type SQL, sql } from 'drizzle-orm'
import {
  ACTIVITY_TEXT_MAX,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityKind,
  type ActivityList,
  type ActivityObjectType,
  type ActivityPerson,
  SYSTEM_PERSON,
} from '#common/contract/activity.ts'
import { toCsv } from '#common/csv.ts'
import type { Db } from '#server/db/client.ts'
import { pageWithTotal } from '#server/db/paging.ts'
import { activityLog, blogPosts, users } from '#server/db/schema.ts'
import { createLogger, type Logger } from '#server/logger.ts'
import { throttleAddress } from '#server/services/visits.ts'

export interface NewActivity {
  kind: ActivityKind
  /** Who did it; null for the schedule (the job queue) or an unknown account. */
  userId: number | null
  /** The object it was done to. */
  object?: { type: ActivityObjectType; id: number | null; label?: string | null | undefined } | undefined
  detail?: string | null | undefined
  /** The client's address: only its hash with the day's salt is kept. Absent for the schedule. */
  ip?: string | null | undefined
  at?: Date
}

/** A record that failed is logged here when the caller gave no logger (the schedule's jobs). */
let fallbackLog: Logger | undefined
const fallback = () => {
  fallbackLog ??= createLogger('warn')
  return fallbackLog
}

const cut = (text: string | null | undefined) =>
  text === null || text === undefined
    ? null
    : text.length > ACTIVITY_TEXT_MAX
      ? `${text.slice(0, ACTIVITY_TEXT_MAX - 1)}…`
      : text

/**
 * Writes one row of the log, best effort: a failure is logged and swallowed, never failing the
 * action it records (which has already succeeded). The username is read as it is now, so the row
 * still reads once the account is gone.
 */
export async function recordActivity(
  db: Db,
  entry: NewActivity,
  log: Pick<Logger, 'warn'> = fallback(),
): Promise<void> {
  try {
    const at = entry.at ?? new Date()
    const ipHash = entry.ip ? await throttleAddress(db, entry.ip, at) : null
    const username =
      entry.userId === null ? null : sql`(select ${users.username} from ${users} where ${users.id} = ${entry.userId})`
    await db.insert(activityLog).values({
      at,
      userId: entry.userId,
      username,
      kind: entry.kind,
      objectType: entry.object?.type ?? null,
      objectId: entry.object?.id ?? null,
      objectLabel: cut(entry.object?.label),
      detail: cut(entry.detail),
      ipHash,
    })
  } catch (error) {
    log.warn({ err: error, kind: entry.kind }, 'activity not recorded')
  }
}

/** A post as the log names it: its title now (read before a delete). */
export async function postObject(db: Db, id: number) {
  const [row] = await db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  return { type: 'post' as const, id, label: row?.title ?? null }
}

export const shortText = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text)

/** What the schedule did: no account, and not a failed sign-in of an unknown name. */
const bySchedule = and(isNull(activityLog.userId), isNull(activityLog.username), ne(activityLog.kind, 'sign-in-failed'))

function conditions({ person, kind, from, to }: ActivityFilter): SQL | undefined {
  return and(
    person === SYSTEM_PERSON ? bySchedule : person !== undefined ? eq(activityLog.userId, person) : undefined,
    kind ? eq(activityLog.kind, kind) : undefined,
    from ? gte(activityLog.at, from) : undefined,
    to ? lt(activityLog.at, to) : undefined,
  )
}

type Row = typeof activityLog.$inferSelect

/** Who a row names in words, where the log has no username. */
function personName(r: Row): string | null {
  if (r.username !== null) return r.username
  if (r.userId !== null) return `#${r.userId}`
  return r.kind === 'sign-in-failed' ? 'unknown account' : 'the schedule'
}

const toEntry = (r: Row): ActivityEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  userId: r.userId,
  person: r.username,
  kind: r.kind,
  objectType: r.objectType,
  objectId: r.objectId,
  objectLabel: r.objectLabel,
  detail: r.detail,
  ipHash: r.ipHash,
})

/** Newest first, a page of the rows the filter keeps, their total, and everyone the log names. */
export async function listActivity(
  db: Db,
  filter: ActivityFilter & { page: number; pageSize: number },
): Promise<ActivityList> {
  const { page, pageSize } = filter
  const where = conditions(filter)
  const [{ rows, total }, people] = await Promise.all([
    pageWithTotal(
      db,
      db.select().from(activityLog).where(where).orderBy(desc(activityLog.at), desc(activityLog.id)).$dynamic(),
      { table: activityLog, where, page, pageSize },
    ),
    listPeople(db),
  ])
  return { entries: rows.map(toEntry), total, page, pageSize, people }
}

/** Who the log names: each account by its newest name, and the schedule when it acted. */
async function listPeople(db: Db): Promise<ActivityPerson[]> {
  const rows = await db
    .selectDistinctOn([activityLog.userId], { id: activityLog.userId, name: activityLog.username })
    .from(activityLog)
    .where(sql`${activityLog.userId} is not null or ${bySchedule}`)
    .orderBy(activityLog.userId, desc(activityLog.id))
  return rows
    .map((r) => (r.id === null ? { id: null, name: 'The schedule' } : { id: r.id, name: r.name ?? `#${r.id}` }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

export const ACTIVITY_CSV_COLUMNS = [
  'When (UTC)',
  'Person',
  'User id',
  'Kind',
  'Object type',
  'Object id',
  'Object',
  'Detail',
  'IP hash',
] as const

/** Every row the filter keeps, newest first, as a formula-safe CSV (common/csv.ts). */
export async function activityCsv(db: Db, filter: ActivityFilter): Promise<string> {
  const rows = await db
    .select()
    .from(activityLog)
    .where(conditions(filter))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
  return toCsv([
    ACTIVITY_CSV_COLUMNS,
    ...rows.map((r) => [
      r.at.toISOString(),
      personName(r),
      r.userId,
      r.kind,
      r.objectType,
      r.objectId,
      r.objectLabel,
      r.detail,
      r.ipHash,
    ]),
  ])
}
