import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_IMPORT_BYTES_MAX,
  SUBSCRIBER_IMPORT_CONSENT_VERSION,
  SUBSCRIBER_IMPORT_LINES_MAX,
  SUBSCRIBER_STATES,
  type SubscriberFilter,
  type SubscriberImportResult,
  type SubscriberList,
  type SubscriberListQuery,
  type SubscriberRow,
} from '#common/contract/subscribers.ts'
import { parseCsv, toCsv } from '#common/csv.ts'
import { CONTACT_EMAIL_MAX } from '#common/limits.ts'
import type { Db } from '#server/db/client.ts'
import { pageWithTotal } from '#server/db/paging.ts'
import { siteSettings, subscribers } from '#server/db/schema.ts'

// Issue 30, the admin slice (docs/decisions/062-subscriber-admin.md): list, export, import and
// erase subscribers.

/**
 * A subscriber's source, named as the analytics API names a lead's (server/services/analytics.ts
 * `leadSource`): the first touch's utm_source, else its referring host, else 'direct'; an
 * imported address without a first touch is 'import'.
 */
export const subscriberSource = sql<string>`coalesce(
  nullif(lower(${subscribers.attribution}->>'utmSource'), ''),
  nullif(${subscribers.attribution}->>'referrer', ''),
  case when ${subscribers.consentForm} = 'import' then 'import' else 'direct' end)`

/** The site_settings row that counts erased addresses: the only thing kept of them. */
export const ERASED_KEY = 'subscribers_erased'

function conditions(filter: Omit<SubscriberFilter, 'state'>, state?: SubscriberFilter['state']): SQL | undefined {
  return and(
    // The address is stored lower-cased; position() needs no escaping of % and _ as LIKE would.
    filter.q ? sql`position(${filter.q} in ${subscribers.email}) > 0` : undefined,
    filter.source ? sql`${subscriberSource} = ${filter.source}` : undefined,
    state ? eq(subscribers.state, state) : undefined,
  )
}

const columns = {
  id: subscribers.id,
  email: subscribers.email,
  state: subscribers.state,
  source: subscriberSource,
  consentForm: subscribers.consentForm,
  createdAt: subscribers.createdAt,
  confirmedAt: subscribers.confirmedAt,
}

export async function listSubscribers(db: Db, query: SubscriberListQuery): Promise<SubscriberList> {
  const { page, pageSize, ...filter } = query
  const where = conditions(filter, filter.state)
  const [{ rows, total }, byState, sources, [erased]] = await Promise.all([
    pageWithTotal(
      db,
      db
        .select(columns)
        .from(subscribers)
        .where(where)
        .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
        .$dynamic(),
      { table: subscribers, where, page, pageSize },
    ),
    db
      .select({ state: subscribers.state, n: count() })
      .from(subscribers)
      .where(conditions(filter))
      .groupBy(subscribers.state),
    db
      .select({ source: subscriberSource, n: count() })
      .from(subscribers)
      .groupBy(subscriberSource)
      .orderBy(desc(count()), subscriberSource),
    db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, ERASED_KEY)),
  ])
  const counts = Object.fromEntries(SUBSCRIBER_STATES.map((s) => [s, 0])) as SubscriberList['counts']
  for (const row of byState) counts[row.state] = Number(row.n)
  return {
    subscribers: rows.map(toRow),
    total,
    page,
    pageSize,
    counts,
    sources: sources.map((s) => ({ source: s.source, count: Number(s.n) })),
    erased: Number(erased?.value ?? 0),
  }
}

function toRow(r: {
  id: number
  email: string
  state: SubscriberRow['state']
  source: string
  consentForm: SubscriberRow['consentForm']
  createdAt: Date
  confirmedAt: Date | null
}): SubscriberRow {
  return {
    id: r.id,
    email: r.email,
    state: r.state,
    source: r.source,
    consentForm: r.consentForm,
    subscribedAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
  }
}

/** Every subscriber the filter keeps, newest first, as CSV (common/csv.ts: formula-safe). */
export async function subscribersCsv(db: Db, filter: SubscriberFilter): Promise<string> {
  const rows = await db
    .select(columns)
    .from(subscribers)
    .where(conditions(filter, filter.state))
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
  return toCsv([
    SUBSCRIBER_CSV_COLUMNS,
    ...rows.map((r) => [
      r.email,
      r.state,
      r.source,
      r.consentForm,
      r.createdAt.toISOString(),
      r.confirmedAt?.toISOString() ?? '',
    ]),
  ])
}

/** A file the import refuses as a whole: nothing was written. `tooLarge` answers 413. */
export class ImportRefused extends Error {
  readonly tooLarge: boolean
  constructor(message: string, tooLarge = false) {
    super(message)
    this.tooLarge = tooLarge
  }
}

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'mail'])
const Address = z.email('Not a valid email address').max(CONTACT_EMAIL_MAX, 'Longer than 254 characters')
/** Rows a statement inserts at most: PostgreSQL takes at most 65,535 parameters a statement. */
const INSERT_CHUNK = 1000

/**
 * Imports the addresses of a CSV file with an email column (any other column is ignored). A new
 * address is kept pending (no email is sent: it waits for the reader to subscribe themselves) or,
 * when the importer says so, confirmed; the consent is recorded as the importer's ('import').
 * An address already kept is left as it was, whatever its state: an import never brings back
 * someone who left. Throws ImportRefused, writing nothing, when the file is not such a CSV.
 */
export async function importSubscribers(
  db: Db,
  input: { csv: string; confirmed: boolean },
  now = new Date(),
): Promise<SubscriberImportResult> {
  if (Buffer.byteLength(input.csv, 'utf8') > SUBSCRIBER_IMPORT_BYTES_MAX) {
    throw new ImportRefused('The file is too large: import at most 2 MB at a time.', true)
  }
  const records = parseCsv(input.csv)
  if (!records) throw new ImportRefused('This is not a CSV file: a quote is never closed.')
  const nonBlank = records.filter((r) => r.cells.some((c) => c.trim() !== ''))
  const [header, ...rows] = nonBlank
  const column = header?.cells.findIndex((c) => EMAIL_HEADERS.has(c.trim().toLowerCase())) ?? -1
  if (!header || column === -1) {
    throw new ImportRefused('The file needs a first line naming its columns, one of them "email".')
  }
  if (rows.length > SUBSCRIBER_IMPORT_LINES_MAX) {
    throw new ImportRefused(
      `The file has ${rows.length.toLocaleString('en-US')} lines: import at most ${SUBSCRIBER_IMPORT_LINES_MAX.toLocaleString('en-US')} at a time.`,
      true,
    )
  }
  const invalid: SubscriberImportResult['invalid'] = []
  const addresses = new Set<string>()
  let repeated = 0
  for (const row of rows) {
    const raw = (row.cells[column] ?? '').trim()
    if (raw === '') {
      invalid.push({ line: row.line, reason: 'No email address' })
      continue
    }
    const parsed = Address.safeParse(raw)
    if (!parsed.success) {
      invalid.push({ line: row.line, reason: parsed.error.issues[0]?.message ?? 'Not a valid email address' })
      continue
    }
    const email = parsed.data.toLowerCase()
    if (addresses.has(email)) repeated += 1
    else addresses.add(email)
  }
  const list = [...addresses]
  let added = 0
  await db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(subscribers)
        .values(
          list.slice(i, i + INSERT_CHUNK).map((email) => ({
            email,
            state: input.confirmed ? ('confirmed' as const) : ('pending' as const),
            consentedAt: now,
            consentForm: 'import' as const,
            consentVersion: SUBSCRIBER_IMPORT_CONSENT_VERSION,
            confirmedAt: input.confirmed ? now : null,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({ target: subscribers.email })
        .returning({ id: subscribers.id })
      added += inserted.length
    }
  })
  return { added, skipped: list.length - added + repeated, invalid }
}

/**
 * Erases a subscriber: the row goes, and only the count of erased addresses grows (one statement
 * each, in one transaction). False when there was no such subscriber.
 */
export async function eraseSubscriber(db: Db, id: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id })
    if (gone.length === 0) return false
    await tx
      .insert(siteSettings)
      .values({ key: ERASED_KEY, value: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: sql`to_jsonb(coalesce((${siteSettings.value})::text::int, 0) + 1)`, updatedAt: now },
      })
    return true
  })
}
