import { type Context, Hono } from 'hono'
import { CHANNEL_LABELS } from '#common/channel-names.ts'
import {
  CHANNEL_FIELDS,
  type ChannelConnection,
  type ChannelList,
  ChannelSlotsInput,
  type ChannelTestResult,
  CONNECTABLE_CHANNELS,
  type ConnectableChannel,
  ConnectableChannelParam,
  ENVIRONMENT_WINS,
  SaveChannelInput,
} from '#common/contract/channels.ts'
import { validationSentence } from '#common/contract/errors.ts'
import type { Config, SocialConfig } from '#server/config.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { ChannelApiError } from '#server/services/channels/adapter.ts'
import {
  deleteConnection,
  effectiveSocial,
  recordVerified,
  type StoredConnection,
  saveConnection,
  saveSlots,
  sourceOf,
  storedConnections,
} from '#server/services/channels/connections.ts'
import { adapterOf, notConnected, slotsOf } from '#server/services/channels/index.ts'

const failure = { success: false }
const TEST_TIMEOUT_MS = 20_000

/** The settings in use that are not secret, and which secrets are set. */
function fieldsOf(config: Config, channel: ConnectableChannel, row: StoredConnection | undefined) {
  const env = config.social[channel] as Record<string, string> | null
  const values: Record<string, string> = {}
  const secretsSet: Record<string, boolean> = {}
  for (const field of CHANNEL_FIELDS[channel]) {
    if (field.secret) secretsSet[field.key] = env ? true : Boolean(row?.secrets?.[field.key])
    else {
      const value = env ? env[field.key] : row?.secrets ? row.settings[field.key] : undefined
      values[field.key] = value ?? field.defaultValue ?? ''
    }
  }
  return { values, secretsSet }
}

/** When the token in use stops working, where the network says (LinkedIn, Threads). */
function expiryIn(social: SocialConfig, channel: ConnectableChannel): Date | null {
  const settings = social[channel]
  return settings && 'tokenExpiresAt' in settings ? (settings.tokenExpiresAt ?? null) : null
}

async function listChannels(c: Context<AppEnv>): Promise<ChannelList> {
  const { config } = c.var
  const stored = await storedConnections(c.var.db, c.var.services.secretKey)
  const social = await effectiveSocial(c.var.db, config, c.var.services.secretKey)
  const x: ChannelConnection = {
    channel: 'x',
    label: CHANNEL_LABELS.x,
    connected: config.x.credentials !== null,
    source: config.x.credentials ? 'environment' : null,
    account: null,
    verifiedAt: null,
    slots: config.x.slots,
    tokenExpiresAt: null,
    fields: { values: { baseUrl: config.x.baseUrl }, secretsSet: { credentials: config.x.credentials !== null } },
  }
  const others = CONNECTABLE_CHANNELS.map((channel): ChannelConnection => {
    const row = stored.get(channel)
    const source = sourceOf(config, stored, channel)
    return {
      channel,
      label: CHANNEL_LABELS[channel],
      connected: source !== null,
      source,
      account: source ? (row?.account ?? null) : null,
      verifiedAt: source ? (row?.verifiedAt?.toISOString() ?? null) : null,
      slots: slotsOf(config, row),
      tokenExpiresAt: expiryIn(social, channel)?.toISOString() ?? null,
      fields: fieldsOf(config, channel, row),
    }
  })
  return { channels: [x, ...others] }
}

const setByEnvironment = (c: Context<AppEnv>, channel: ConnectableChannel) =>
  apiError(c, 409, `${CHANNEL_LABELS[channel]} is ${ENVIRONMENT_WINS}.`, {}, failure)

/**
 * Issue 29, the Channels screen (mounted at /api/admin): connect LinkedIn, Bluesky, Mastodon and
 * Threads by pasting their settings, test them, and set each network's posting times. Those who
 * manage site settings (common/roles.ts `staff`). The secrets go in sealed and never come back.
 */
export const channelsApi = new Hono<AppEnv>()
  .get('/channels', allow('staff'), async (c) => c.json<ChannelList>(await listChannels(c)))
  .put(
    '/channels/:channel',
    allow('staff'),
    validate('param', ConnectableChannelParam, failure),
    validate('json', SaveChannelInput, failure),
    async (c) => {
      const { channel } = c.req.valid('param')
      if (c.var.config.social[channel]) return setByEnvironment(c, channel)
      const result = await saveConnection(
        c.var.db,
        c.var.services.secretKey,
        channel,
        c.req.valid('json').fields,
        c.var.userId,
      )
      if (!result.ok) {
        const fields = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [`fields.${k}`, v]))
        return apiError(c, 400, validationSentence(fields), fields, failure)
      }
      await recordFrom(c, { kind: 'channel.connect', detail: CHANNEL_LABELS[channel] })
      const saved = (await listChannels(c)).channels.find((x) => x.channel === channel)
      return c.json({ success: true, message: `${CHANNEL_LABELS[channel]} settings saved.`, channel: saved })
    },
  )
  .delete('/channels/:channel', allow('staff'), validate('param', ConnectableChannelParam, failure), async (c) => {
    const { channel } = c.req.valid('param')
    if (c.var.config.social[channel]) return setByEnvironment(c, channel)
    if (await deleteConnection(c.var.db, channel, c.var.userId))
      await recordFrom(c, { kind: 'channel.disconnect', detail: CHANNEL_LABELS[channel] })
    return c.json({ success: true, message: `${CHANNEL_LABELS[channel]} disconnected.` })
  })
  .post('/channels/:channel/test', allow('staff'), validate('param', ConnectableChannelParam, failure), async (c) => {
    const { channel } = c.req.valid('param')
    const social = await effectiveSocial(c.var.db, c.var.config, c.var.services.secretKey)
    if (!social[channel]) return apiError(c, 409, notConnected(channel), {}, failure)
    const adapter = await adapterOf(social, channel)
    if (!adapter)
      return apiError(c, 409, `Posting to ${CHANNEL_LABELS[channel]} is not available on this server yet.`, {}, failure)
    try {
      const { account } = await adapter.verify(
        AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(TEST_TIMEOUT_MS)]),
      )
      const verifiedAt = await recordVerified(c.var.db, channel, account)
      await recordFrom(c, { kind: 'channel.test', detail: `${CHANNEL_LABELS[channel]}: ${account}` })
      return c.json<ChannelTestResult>({ account, verifiedAt: verifiedAt.toISOString() })
    } catch (error) {
      if (!(error instanceof ChannelApiError)) throw error
      c.var.log.warn({ channel, reason: error.message }, 'channel test refused')
      // 502: our request was fine, the network (upstream) said no.
      return apiError(c, 502, error.message, {}, failure)
    }
  })
  .put(
    '/channels/:channel/slots',
    allow('staff'),
    validate('param', ConnectableChannelParam, failure),
    validate('json', ChannelSlotsInput, failure),
    async (c) => {
      const { channel } = c.req.valid('param')
      const slots = await saveSlots(c.var.db, channel, c.req.valid('json').slots, c.var.userId)
      await recordFrom(c, { kind: 'channel.slots', detail: `${CHANNEL_LABELS[channel]}: ${slots.join(', ') || 'X’s'}` })
      return c.json({ success: true, message: 'Posting times saved.', slots: slotsOf(c.var.config, { slots }) })
    },
  )
