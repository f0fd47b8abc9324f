import { z } from 'zod'
import { CHANNEL_LABELS, type Channel } from '#common/channel-names.ts'

/**
 * Issue 29: the Channels screen (/admin/channels, GET|PUT|DELETE /api/admin/channels/…): a network
 * connected from the admin instead of the server's environment. The secrets go in and never come
 * back out; the answers say only which of them are set.
 */
export const CONNECTABLE_CHANNELS = ['linkedin', 'bluesky', 'mastodon', 'threads'] as const
export type ConnectableChannel = (typeof CONNECTABLE_CHANNELS)[number]

export const ConnectableChannelParam = z.object({ channel: z.enum(CONNECTABLE_CHANNELS) })

/** One setting of a network, as the form shows it. */
export interface ChannelField {
  key: string
  label: string
  /** Kept sealed, never answered back; a password input. */
  secret: boolean
  /** What it is and where to find it on the network. */
  help: string
  /** Used when left empty (the network's public API address). */
  defaultValue?: string
  /** A date (YYYY-MM-DD) rather than text. */
  date?: boolean
}

/** How many days ahead an expiring token is warned of (issue 29). */
export const EXPIRY_WARNING_DAYS = 7

const tokenExpiry = (network: string): ChannelField => ({
  key: 'tokenExpiresOn',
  label: 'Token expires on',
  secret: false,
  date: true,
  help: `${network} tokens last 60 days: the date shown when you made it. You are warned ${EXPIRY_WARNING_DAYS} days ahead, and nothing is scheduled past it.`,
})

const ACCESS_TOKEN_MAX = 2000

export const CHANNEL_FIELDS: Record<ConnectableChannel, ChannelField[]> = {
  linkedin: [
    {
      key: 'organizationId',
      label: 'Organization id',
      secret: false,
      help: 'The number of your LinkedIn Page: in its admin address, linkedin.com/company/{number}/admin.',
    },
    {
      key: 'accessToken',
      label: 'Access token',
      secret: true,
      help: 'A token of your app with the w_organization_social scope, from the LinkedIn Developer Portal (your app → Auth → OAuth 2.0 tools).',
    },
    tokenExpiry('LinkedIn'),
    {
      key: 'baseUrl',
      label: 'API address',
      secret: false,
      help: 'Leave as it is unless you post through a proxy.',
      defaultValue: 'https://api.linkedin.com/rest',
    },
  ],
  bluesky: [
    {
      key: 'handle',
      label: 'Handle',
      secret: false,
      help: 'The account’s handle, e.g. yourname.bsky.social (without the @).',
    },
    {
      key: 'appPassword',
      label: 'App password',
      secret: true,
      help: 'Made in Bluesky under Settings → Privacy and security → App passwords; not your sign-in password.',
    },
    {
      key: 'serviceUrl',
      label: 'Service address',
      secret: false,
      help: 'Your PDS; leave as it is for accounts on bsky.social.',
      defaultValue: 'https://bsky.social',
    },
  ],
  mastodon: [
    {
      key: 'url',
      label: 'Server address',
      secret: false,
      help: 'Your Mastodon server, e.g. https://mastodon.social.',
    },
    {
      key: 'accessToken',
      label: 'Access token',
      secret: true,
      help: 'In Mastodon under Preferences → Development → New application (scope write:statuses and read:accounts), then “Your access token”.',
    },
  ],
  threads: [
    {
      key: 'userId',
      label: 'User id',
      secret: false,
      help: 'The number of the Threads account, as the Graph API answers it for /me.',
    },
    {
      key: 'accessToken',
      label: 'Access token',
      secret: true,
      help: 'A long-lived token with threads_basic and threads_content_publish, from your app in the Meta developer dashboard.',
    },
    tokenExpiry('Threads'),
    {
      key: 'baseUrl',
      label: 'API address',
      secret: false,
      help: 'Leave as it is unless you post through a proxy.',
      defaultValue: 'https://graph.threads.net/v1.0',
    },
  ],
}

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${what} is too long.`)
    .refine((v) => {
      try {
        const url = new URL(v)
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      } catch {
        return false
      }
    }, `The ${what} must be an http(s) address.`)
const optionalDate = z
  .union([z.literal(''), z.iso.date({ error: 'The date is YYYY-MM-DD, e.g. 2027-01-31.' })])
  .optional()
const optionalUrl = (what: string) => z.union([z.literal(''), httpUrl(what)]).optional()
const token = (what: string, max: number) => z.string().trim().max(max, `The ${what} is too long.`).optional()
const digits = (what: string, max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${max}}$`), `The ${what} is a number of up to ${max} digits.`)

/**
 * The settings a person pastes. A secret left out (or empty) keeps the stored one; the first save
 * needs every secret (the server says which is missing).
 */
export const ChannelFieldsInput = {
  linkedin: z.strictObject({
    organizationId: digits('organization id', 20),
    accessToken: token('access token', ACCESS_TOKEN_MAX),
    tokenExpiresOn: optionalDate,
    baseUrl: optionalUrl('API address'),
  }),
  bluesky: z.strictObject({
    handle: z
      .string()
      .trim()
      .transform((v) => v.replace(/^@/, ''))
      .pipe(z.string().min(1, 'Enter the handle.').max(253, 'The handle is too long.')),
    appPassword: token('app password', 200),
    serviceUrl: optionalUrl('service address'),
  }),
  mastodon: z.strictObject({
    url: httpUrl('server address'),
    accessToken: token('access token', ACCESS_TOKEN_MAX),
  }),
  threads: z.strictObject({
    userId: digits('user id', 30),
    accessToken: token('access token', ACCESS_TOKEN_MAX),
    tokenExpiresOn: optionalDate,
    baseUrl: optionalUrl('API address'),
  }),
} satisfies Record<ConnectableChannel, z.ZodType>

export const SaveChannelInput = z.strictObject({ fields: z.record(z.string(), z.string()) })
export type SaveChannelInput = z.infer<typeof SaveChannelInput>

export const SLOTS_MAX = 12
export const Slot = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A posting time is HH:MM, e.g. 09:00.')
export const ChannelSlotsInput = z.strictObject({
  slots: z.array(Slot).max(SLOTS_MAX, `At most ${SLOTS_MAX} posting times.`),
})
export type ChannelSlotsInput = z.infer<typeof ChannelSlotsInput>

export const ChannelConnection = z.object({
  channel: z.enum(['x', ...CONNECTABLE_CHANNELS]),
  label: z.string(),
  connected: z.boolean(),
  /** Where the settings in use come from: the server's environment wins over the screen. */
  source: z.enum(['environment', 'screen']).nullable(),
  /** The account the last good 'Test connection' answered. */
  account: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Posting times, 'HH:MM'; a network without its own uses X's. */
  slots: z.array(z.string()),
  /** When the token in use stops working (LinkedIn, Threads), ISO 8601; null when not known. */
  tokenExpiresAt: z.string().nullable(),
  fields: z.object({
    /** The settings that are not secret, as in use. */
    values: z.record(z.string(), z.string()),
    /** Which secret settings are set (never their values). */
    secretsSet: z.record(z.string(), z.boolean()),
  }),
})
export type ChannelConnection = z.infer<typeof ChannelConnection>

export const ChannelList = z.object({ channels: z.array(ChannelConnection) })
export type ChannelList = z.infer<typeof ChannelList>

export const ChannelTestResult = z.object({ account: z.string(), verifiedAt: z.string() })
export type ChannelTestResult = z.infer<typeof ChannelTestResult>

export const channelLabel = (channel: Channel) => CHANNEL_LABELS[channel]

export const ENVIRONMENT_WINS = "set by the server's environment; change it there"
