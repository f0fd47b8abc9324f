// Issue 29: networks connected from the admin's Channels screen. The server's environment wins
// for a network it sets; a network it leaves unset is taken from channel_connections, whose
// secrets are one secret-box string (server/services/secret-box.ts) under SECRET_KEY.
import { eq } from 'drizzle-orm'
import { CHANNEL_FIELDS, ChannelFieldsInput, type ConnectableChannel } from '#common/contract/channels.ts'
import { fieldMessages } from '#common/contract/errors.ts'
import { type Config, networkSettings, noTrailingSlash, type SocialConfig } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { channelConnections } from '#server/db/schema.ts'
import { open, SecretBoxError, seal } from '#server/services/secret-box.ts'

/** A network's row as read: its secrets opened (null when none are stored or they cannot be opened). */
export interface StoredConnection {
  channel: ConnectableChannel
  secrets: Record<string, string> | null
  settings: Record<string, string>
  slots: string[]
  account: string | null
  verifiedAt: Date | null
}

/** How long the rows are kept in memory; a save or delete here forgets them at once. */
const CACHE_MS = 5_000
const cache = new WeakMap<Db, { until: number; rows: Promise<Map<ConnectableChannel, StoredConnection>> }>()

export function forgetConnections(db: Db) {
  cache.delete(db)
}

async function readRows(db: Db, key: Buffer): Promise<Map<ConnectableChannel, StoredConnection>> {
  const rows = await db.select().from(channelConnections)
  const out = new Map<ConnectableChannel, StoredConnection>()
  for (const row of rows) {
    const channel = row.channel as ConnectableChannel
    let secrets: Record<string, string> | null = null
    if (row.secrets) {
      try {
        secrets = JSON.parse(open(key, row.secrets)) as Record<string, string>
      } catch (error) {
        // A key changed since: the network reads as not connected until its settings are saved again.
        if (!(error instanceof SecretBoxError) && !(error instanceof SyntaxError)) throw error
      }
    }
    out.set(channel, {
      channel,
      secrets,
      settings: row.settings,
      slots: row.slots,
      account: row.account,
      verifiedAt: row.verifiedAt,
    })
  }
  return out
}

/** The stored connections by network, remembered for a few seconds. */
export function storedConnections(db: Db, key: Buffer): Promise<Map<ConnectableChannel, StoredConnection>> {
  const now = Date.now()
  const hit = cache.get(db)
  if (hit && hit.until > now) return hit.rows
  const rows = readRows(db, key)
  cache.set(db, { until: now + CACHE_MS, rows })
  rows.catch(() => cache.delete(db))
  return rows
}

const defaultOf = (channel: ConnectableChannel, field: string) =>
  CHANNEL_FIELDS[channel].find((f) => f.key === field)?.defaultValue ?? ''

/** A stored network's settings in the shape of SocialConfig; null when they are not all there. */
function settingsOf(
  row: StoredConnection | undefined,
): Omit<SocialConfig, 'retryDelaySeconds' | 'postingClaimSeconds'> {
  const none = { linkedin: null, bluesky: null, mastodon: null, threads: null }
  if (!row?.secrets) return none
  const s = row.settings
  const secret = row.secrets
  const value = (field: string) => s[field] || defaultOf(row.channel, field)
  switch (row.channel) {
    case 'linkedin':
      return {
        ...none,
        linkedin: networkSettings.linkedin({
          baseUrl: value('baseUrl'),
          accessToken: secret.accessToken,
          organizationId: s.organizationId,
          tokenExpiresOn: s.tokenExpiresOn,
        }),
      }
    case 'bluesky':
      return secret.appPassword && s.handle
        ? {
            ...none,
            bluesky: {
              serviceUrl: noTrailingSlash(value('serviceUrl')),
              handle: s.handle,
              appPassword: secret.appPassword,
            },
          }
        : none
    case 'mastodon':
      return { ...none, mastodon: networkSettings.mastodon({ url: s.url, accessToken: secret.accessToken }) }
    case 'threads':
      return {
        ...none,
        threads: networkSettings.threads({
          baseUrl: value('baseUrl'),
          userId: s.userId,
          accessToken: secret.accessToken,
          tokenExpiresOn: s.tokenExpiresOn,
        }),
      }
  }
}

/** Where a network's settings in use come from. */
export function sourceOf(
  config: Pick<Config, 'social'>,
  stored: Map<ConnectableChannel, StoredConnection>,
  channel: ConnectableChannel,
): 'environment' | 'screen' | null {
  if (config.social[channel]) return 'environment'
  return settingsOf(stored.get(channel))[channel] ? 'screen' : null
}

/** The social settings in use: a network set by the environment wins, a stored one is used otherwise. */
export async function effectiveSocial(db: Db, config: Pick<Config, 'social'>, key: Buffer): Promise<SocialConfig> {
  const stored = await storedConnections(db, key)
  const { social } = config
  return {
    ...social,
    linkedin: social.linkedin ?? settingsOf(stored.get('linkedin')).linkedin,
    bluesky: social.bluesky ?? settingsOf(stored.get('bluesky')).bluesky,
    mastodon: social.mastodon ?? settingsOf(stored.get('mastodon')).mastodon,
    threads: social.threads ?? settingsOf(stored.get('threads')).threads,
  }
}

export type SaveResult = { ok: true } | { ok: false; fields: Record<string, string> }

/**
 * Stores a network's settings: the secrets sealed as one string, the rest as they are. A secret
 * left empty keeps the stored one; the first save needs them all.
 */
export async function saveConnection(
  db: Db,
  key: Buffer,
  channel: ConnectableChannel,
  input: Record<string, string>,
  userId: number | null,
): Promise<SaveResult> {
  const parsed = ChannelFieldsInput[channel].safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldMessages(parsed.error) }
  const values = parsed.data as Record<string, string | undefined>
  const before = (await readRows(db, key)).get(channel)
  const secrets: Record<string, string> = {}
  const settings: Record<string, string> = {}
  const missing: Record<string, string> = {}
  for (const field of CHANNEL_FIELDS[channel]) {
    const value = values[field.key] ?? ''
    if (field.secret) {
      const kept = value || before?.secrets?.[field.key]
      if (kept) secrets[field.key] = kept
      else missing[field.key] = `Paste the ${field.label.toLowerCase()}.`
    } else if (value) settings[field.key] = value
  }
  if (Object.keys(missing).length > 0) return { ok: false, fields: missing }
  const sealed = seal(key, JSON.stringify(secrets))
  const changed = {
    secrets: sealed,
    settings,
    // New settings may answer for another account: the last test no longer says.
    account: null,
    verifiedAt: null,
    updatedAt: new Date(),
    updatedBy: userId,
  }
  await upsertRow(db, channel, changed)
  return { ok: true }
}

/** Writes `changed` into a network's row (made when there is none yet), and forgets the remembered rows. */
async function upsertRow(
  db: Db,
  channel: ConnectableChannel,
  changed: Partial<typeof channelConnections.$inferInsert>,
) {
  await db
    .insert(channelConnections)
    .values({ channel, ...changed })
    .onConflictDoUpdate({ target: channelConnections.channel, set: changed })
  forgetConnections(db)
}

/** Forgets a network's settings (its posting times stay). Answers whether there were any. */
export async function deleteConnection(db: Db, channel: ConnectableChannel, userId: number | null): Promise<boolean> {
  const [row] = await db
    .update(channelConnections)
    .set({ secrets: null, settings: {}, account: null, verifiedAt: null, updatedAt: new Date(), updatedBy: userId })
    .where(eq(channelConnections.channel, channel))
    .returning({ channel: channelConnections.channel })
  forgetConnections(db)
  return row !== undefined
}

/** A network's posting times, sorted, each once. */
export async function saveSlots(
  db: Db,
  channel: ConnectableChannel,
  slots: string[],
  userId: number | null,
): Promise<string[]> {
  const sorted = [...new Set(slots)].sort()
  const changed = { slots: sorted, updatedAt: new Date(), updatedBy: userId }
  await upsertRow(db, channel, changed)
  return sorted
}

/** What a good 'Test connection' answered. */
export async function recordVerified(db: Db, channel: ConnectableChannel, account: string): Promise<Date> {
  const verifiedAt = new Date()
  const changed = { account: account.slice(0, 255), verifiedAt }
  await upsertRow(db, channel, changed)
  return verifiedAt
}
