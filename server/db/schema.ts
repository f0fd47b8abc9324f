import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { ACTIVITY_TEXT_MAX, type ActivityKind, type ActivityObjectType } from '#common/contract/activity.ts'
import type { Attribution } from '#common/contract/analytics.ts'
import {
  DELIVERY_STATES,
  type DeliveryState,
  NEWSLETTER_PREHEADER_MAX,
  NEWSLETTER_STATES,
  NEWSLETTER_SUBJECT_MAX,
  type NewsletterState,
} from '#common/contract/newsletters.ts'
import { AUTHOR_SLUG_MAX, BIO_MAX } from '#common/contract/profile.ts'
import { REVIEW_STATES, type ReviewState } from '#common/contract/review.ts'
import { REVISION_REASONS } from '#common/contract/revisions.ts'
import { FOCUS_KEYWORD_MAX } from '#common/contract/seo-check.ts'
import type { InvitationMailState } from '#common/contract/staff.ts'
import {
  CONSENT_FORMS,
  type ConsentForm,
  SUBSCRIBER_STATES,
  type SubscriberState,
} from '#common/contract/subscribers.ts'
import { SHORT_CODE_MAX } from '#common/contract/x-posts.ts'
import {
  ANALYTICS_PATH_MAX,
  AUTHOR_MAX,
  CATEGORY_MAX,
  CONTACT_COMPANY_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  IMAGE_URL_MAX,
  IP_ADDRESS_MAX,
  REFERRER_HOST_MAX,
  SHORT_URL_MAX,
  SLUG_MAX,
  STATUS_MAX,
  TITLE_MAX,
  USERNAME_MAX,
  UTM_VALUE_MAX,
} from '#common/limits.ts'
import { ROLES, type Role } from '#common/roles.ts'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const timestamptz = (name?: string) =>
  name ? timestamp(name, { withTimezone: true }) : timestamp({ withTimezone: true })

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: TITLE_MAX }).notNull(),
    slug: varchar({ length: SLUG_MAX }).notNull().unique(),
    excerpt: text(),
    content: text().notNull(),
    featuredImage: text(),
    images: text().array().notNull().default(sql`'{}'::text[]`),
    aiGenerated: boolean().notNull().default(false),
    category: varchar({ length: CATEGORY_MAX }),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    author: varchar({ length: AUTHOR_MAX }),
    publishedAt: timestamptz(),
    updatedAt: timestamptz().notNull().defaultNow(),
    isPublished: boolean().notNull().default(false),
    viewCount: integer().notNull().default(0),
    // Issue 4: the article an AI rewrite was made from (shown as 'Source' on the admin screens).
    sourceUrl: text(),
    sourceTitle: varchar({ length: TITLE_MAX }),
    // Issue 15: the alt text of the featured image and the image list, by image URL.
    imageAlts: jsonb().$type<Record<string, string>>().notNull().default({}),
    // Issue 32: the SEO assistant's focus keyword (decision 052).
    focusKeyword: varchar({ length: FOCUS_KEYWORD_MAX }),
    // Issue 14: when a draft goes live by itself, and when a published post goes back to draft.
    // The columns are the truth; a job of the queue only triggers the change (decision 035).
    scheduledAt: timestamptz(),
    unpublishAt: timestamptz(),
    // Issue 28, the review queue: a draft waiting for an editor ('in_review') or sent back to its
    // writer with a note ('changes_requested'); null otherwise. Publishing or scheduling clears it.
    reviewState: varchar({ length: 20 }).$type<ReviewState>(),
    reviewNote: text(),
    reviewRequestedAt: timestamptz(),
    reviewRequestedBy: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // Issue 28: one more on every change, so a save based on an older one is refused (decision 047).
    version: integer().notNull().default(1),
    // Issue 28: who made the last change (null: the command line, the first-run seed, the schedule's jobs).
    updatedBy: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.publishedAt),
    index().on(t.isPublished),
    index().on(t.slug),
    index().on(t.category),
    index().on(t.scheduledAt),
    check('blog_posts_view_count_non_negative', sql`${t.viewCount} >= 0`),
    check(
      'blog_posts_review_state_known',
      sql`${t.reviewState} in (${sql.raw(REVIEW_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
    index().on(t.reviewState, t.reviewRequestedAt),
  ],
)

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: varchar({ length: USERNAME_MAX }).notNull().unique(),
    /** A scrypt hash in PHC-like form, never the password itself. */
    password: text().notNull(),
    /** Issue 28: common/roles.ts. The first account is the owner; accounts made before roles, administrators. */
    role: varchar({ length: 20 }).$type<Role>().notNull().default('administrator'),
    /** Set while suspended: no session of a suspended account is honoured. */
    suspendedAt: timestamptz(),
    /** The profile of issue 28: the name shown, and the address an invitation was sent to. */
    name: varchar({ length: 80 }),
    email: varchar({ length: 254 }),
    lastSignInAt: timestamptz(),
    // Issue 28, the public profile: the author page /blog/author/{slug} exists once a slug is set.
    bio: varchar({ length: BIO_MAX }),
    /** A stored image's address (/images/{hash}.{ext}), uploaded through the image pipeline. */
    avatar: varchar({ length: IMAGE_URL_MAX }),
    slug: varchar({ length: AUTHOR_SLUG_MAX }).unique(),
  },
  (t) => [check('users_role_known', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`)],
)

/**
 * Issue 28: a single-use invitation to join the staff with a role, valid 7 days. Only the token's
 * hash is kept; the link is shown to the inviter once.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    email: varchar({ length: 254 }).notNull(),
    role: varchar({ length: 20 }).$type<Role>().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    acceptedAt: timestamptz(),
    revokedAt: timestamptz(),
    /**
     * Issue 28, its email (docs/decisions/055-mail.md): null when mail was not set up (the link
     * was only shown), else 'queued', 'sent' or 'failed' (refused for good, `mailError` says why).
     */
    mailState: varchar({ length: 10 }).$type<InvitationMailState>(),
    /** The link's token sealed with the secret box until the email is sent or given up; then null. */
    mailToken: text(),
    /** A sending run's claim: another run leaves the row alone until then (a dead run's lapses). */
    mailClaimedUntil: timestamptz(),
    /**
     * The queue job whose run holds that claim. The same job run again means its earlier run died
     * (the queue gives a dead process's jobs back only then): it takes the claim back at once.
     */
    mailClaimJob: text(),
    mailedAt: timestamptz(),
    mailError: text(),
  },
  (t) => [
    check('staff_invitations_mail_state_known', sql`${t.mailState} in ('queued', 'sent', 'failed')`),
    check('staff_invitations_role_known', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
)

/**
 * Issue 28: the staff who wrote a post, in byline order. Being one of them is what makes a post
 * someone's own (common/roles.ts `publishOwn`, `draft`); the creator is the first.
 */
export const postAuthors = pgTable(
  'post_authors',
  {
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index().on(t.userId)],
)

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: CONTACT_NAME_MAX }).notNull(),
    email: varchar({ length: CONTACT_EMAIL_MAX }).notNull(),
    company: varchar({ length: CONTACT_COMPANY_MAX }),
    message: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    /** Issue 16: the sender's first touch (common/contract/analytics.ts Attribution); null without one. */
    attribution: jsonb().$type<Attribution>(),
  },
  (t) => [index().on(t.createdAt)],
)

/**
 * Issue 30: a reader subscribed to new posts by email, with double opt-in
 * (docs/decisions/060-subscribers.md). One row per address, lower-cased.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: varchar({ length: CONTACT_EMAIL_MAX }).notNull().unique(),
    state: varchar({ length: 12 }).$type<SubscriberState>().notNull().default('pending'),
    /** The consent record: when (the latest subscribe), on which form, under which consent text. */
    consentedAt: timestamptz().notNull(),
    consentForm: varchar({ length: 12 }).$type<ConsentForm>().notNull(),
    consentVersion: text().notNull(),
    /** The reader's first touch, kept as the contact form keeps it; null without one. */
    attribution: jsonb().$type<Attribution>(),
    /** The confirmation link's token, only as its SHA-256 hash; null once used or withdrawn. */
    confirmTokenHash: varchar({ length: 64 }).unique(),
    /** 48 h after the token was issued (so issued at this minus 48 h: at most one email per 10 minutes). */
    confirmExpiresAt: timestamptz(),
    confirmedAt: timestamptz(),
    unsubscribedAt: timestamptz(),
    /** The confirmation email, as the invitation's (055): null when mail was off, else queued, sent, failed. */
    mailState: varchar({ length: 10 }).$type<InvitationMailState>(),
    /** The confirmation link's token sealed with the secret box until the email is sent or given up. */
    mailToken: text(),
    mailClaimedUntil: timestamptz(),
    mailClaimJob: text(),
    mailedAt: timestamptz(),
    mailError: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check('subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'subscribers_state_known',
      sql`${t.state} in (${sql.raw(SUBSCRIBER_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check(
      'subscribers_consent_form_known',
      sql`${t.consentForm} in (${sql.raw(CONSENT_FORMS.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('subscribers_mail_state_known', sql`${t.mailState} in ('queued', 'sent', 'failed')`),
  ],
)

/**
 * Issue 30: a post sent as a newsletter (docs/decisions/061-newsletters.md). At most one per post
 * that is not cancelled (a partial unique index). `sendAt` follows the post's publish moment.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    subject: varchar({ length: NEWSLETTER_SUBJECT_MAX }).notNull(),
    preheader: varchar({ length: NEWSLETTER_PREHEADER_MAX }).notNull().default(''),
    state: varchar({ length: 10 }).$type<NewsletterState>().notNull().default('scheduled'),
    sendAt: timestamptz().notNull(),
    /** The 'Read on the site' short link's code (/s/{code}), like a social post's. */
    shortCode: varchar({ length: SHORT_CODE_MAX }).notNull().unique('newsletters_short_code_unique'),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('newsletters_one_per_post').on(t.postId).where(sql`${t.state} <> 'cancelled'`),
    index().on(t.state, t.sendAt),
    check(
      'newsletters_state_known',
      sql`${t.state} in (${sql.raw(NEWSLETTER_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
)

/**
 * The outbox: one row per (newsletter, subscriber), claimed before its email is sent and marked
 * sent right after the SMTP server's 250. A deleted subscriber leaves the row (and the counts).
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    newsletterId: integer()
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriberId: integer().references(() => subscribers.id, { onDelete: 'set null' }),
    state: varchar({ length: 8 }).$type<DeliveryState>().notNull().default('queued'),
    claimedUntil: timestamptz(),
    claimJob: text(),
    tries: integer().notNull().default(0),
    /** A 4xx's next try is not before this. */
    retryAt: timestamptz(),
    error: text(),
    sentAt: timestamptz(),
  },
  (t) => [
    unique('newsletter_deliveries_once').on(t.newsletterId, t.subscriberId),
    index('newsletter_deliveries_queued').on(t.newsletterId, t.state),
    // A reader's deliveries: erasing a subscriber (set null) and the unsubscribes a send brought (064).
    index('newsletter_deliveries_reader').on(t.subscriberId, t.sentAt),
    check(
      'newsletter_deliveries_state_known',
      sql`${t.state} in (${sql.raw(DELIVERY_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
)

export const xPosts = pgTable(
  'x_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    blogPostId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    originalContent: text().notNull(),
    rewrittenContent: text().notNull(),
    shortUrl: varchar({ length: SHORT_URL_MAX }).notNull(),
    clickCount: integer().notNull().default(0),
    publishedAt: timestamptz().notNull().defaultNow(),
    status: varchar({ length: STATUS_MAX }).notNull().default('draft'),
    // Issue 5: the short link's code (PUBLIC_URL/s/{code}), the tallies beside clickCount, and
    // the outcome of 'Post to X'. docs/decisions/012-click-recording-in-batches.md
    shortCode: varchar({ length: SHORT_CODE_MAX }).notNull().unique('x_posts_short_code_unique'),
    uniqueClickCount: integer().notNull().default(0),
    botClickCount: integer().notNull().default(0),
    tweetId: varchar({ length: 32 }),
    tweetUrl: varchar({ length: 255 }),
    errorMessage: text(),
    /** Set while a 'Post to X' call is in flight: the claim that stops a double post. */
    postingAt: timestamptz(),
    // Issue 14: when a scheduled X post is due, when it reached X, and 'Share a thread' (the
    // link goes in a first reply instead of the post itself).
    scheduledAt: timestamptz(),
    postedAt: timestamptz(),
    linkInReply: boolean().notNull().default(false),
    replyTweetId: varchar({ length: 32 }),
    // Issue 29: the table holds every network's social posts (docs/decisions/058-social-posts.md);
    // an X post is a row with channel 'x', and its tweet columns above stay as they were. For the
    // other networks: the first part's id and address, each posted part as the network answered
    // (a thread cut by a crash goes on from there), and the writer's thread choice.
    channel: varchar({ length: 16 }).notNull().default('x'),
    remoteId: varchar({ length: 500 }),
    remoteUrl: varchar({ length: 500 }),
    postedParts: jsonb().$type<{ id: string; url: string | null; cid?: string }[]>().notNull().default([]),
    asThread: boolean().notNull().default(false),
    linkAt: varchar({ length: 8 }).notNull().default('last'),
  },
  (t) => [
    index().on(t.blogPostId),
    index().on(t.scheduledAt),
    check('x_posts_status_known', sql`${t.status} in ('draft', 'scheduled', 'published', 'failed')`),
    check('x_posts_channel_known', sql`${t.channel} in ('x', 'linkedin', 'bluesky', 'mastodon', 'threads')`),
    check('x_posts_link_at_known', sql`${t.linkAt} in ('first', 'last')`),
    check(
      'x_posts_counts_non_negative',
      sql`${t.clickCount} >= 0 and ${t.uniqueClickCount} >= 0 and ${t.botClickCount} >= 0`,
    ),
  ],
)

export const clickTracking = pgTable(
  'click_tracking',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    xPostId: integer()
      .notNull()
      .references(() => xPosts.id, { onDelete: 'cascade' }),
    ipAddress: varchar({ length: IP_ADDRESS_MAX }),
    userAgent: text(),
    referrer: text(),
    clickedAt: timestamptz().notNull().defaultNow(),
    // Issue 5: decided when the click is written (no click from this IP and user agent in the
    // 30 minutes before), so blanking old IPs later leaves the figures as they were.
    isUnique: boolean().notNull().default(false),
    /** The referrer's host name, for topReferrers; null when there was none ('direct'). */
    referrerHost: varchar({ length: 255 }),
  },
  (t) => [
    // One index besides the key: every other one cost each click's write (docs/decisions/041,
    // 069); the IP retention finds its rows through click_ip_hours instead.
    index('click_tracking_repeat_lookup').on(t.xPostId, t.ipAddress, t.clickedAt),
  ],
)

/**
 * Where the clicks of each hour (UTC, by clicked_at) lie in click_tracking: the lowest and highest
 * id written with an IP. Raised by the batch that writes them (one row an hour, not an index entry
 * a click); the hourly IP retention blanks an hour's ids once the whole hour is past the retention
 * and deletes its row. A click written late (replayed after a crash) widens its hour again, or
 * brings the row back. docs/decisions/069-click-ip-retention-by-hour.md
 */
export const clickIpHours = pgTable('click_ip_hours', {
  hour: timestamptz().primaryKey(),
  firstId: integer().notNull(),
  lastId: integer().notNull(),
})

/**
 * How far each click log segment has been written into click_tracking (docs/decisions/041): the
 * byte offset after the last click applied, raised in the same transaction as the clicks, so a
 * replay after a crash or a retried batch never writes a click twice. One row per segment file;
 * a segment's row is deleted after its file.
 */
export const clickLogSegments = pgTable('click_log_segments', {
  segment: varchar({ length: 100 }).primaryKey(),
  appliedBytes: bigint({ mode: 'number' }).notNull(),
})

/** Admin sessions: only the SHA-256 of the cookie token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
)

/** Uploaded images, content-addressed by the SHA-256 of the re-encoded bytes. */
export const storedImages = pgTable('stored_images', {
  hash: varchar({ length: 64 }).primaryKey(),
  mimeType: varchar({ length: 50 }).notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamptz().notNull().defaultNow(),
})

/** WebP width variants of a stored image, made once on first request and kept. */
export const imageVariants = pgTable(
  'image_variants',
  {
    hash: varchar({ length: 64 })
      .notNull()
      .references(() => storedImages.hash, { onDelete: 'cascade' }),
    width: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] })],
)

/**
 * Rate-limit and login lock-out counters. Used when the database is PostgreSQL so that
 * several instances share them; on PGlite (one process) the same counters live in memory.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 400 }).primaryKey(),
  hits: integer().notNull().default(0),
  windowStart: timestamptz().notNull().defaultNow(),
  failures: integer().notNull().default(0),
  lockouts: integer().notNull().default(0),
  lockedUntil: timestamptz(),
})

/**
 * Issue 15: a post's editable fields after each create, update, publish, unpublish, schedule and
 * restore (who, when, why). docs/decisions/032-revisions.md
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
    reason: varchar({ length: 20 }).notNull(),
    /** The admin who made the change; null for the CLI, the first-run seed and jobs. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index().on(t.postId, t.id),
    check(
      'post_revisions_reason_known',
      sql`${t.reason} in (${sql.raw(REVISION_REASONS.map((r) => `'${r}'`).join(', '))})`,
    ),
  ],
)

/**
 * Issue 16: one public page view by a person's browser (bots are never stored). No IP address and
 * no cookie: `visitorHash` is a hash of the day's salt, the IP, the user agent and the site, so a
 * visitor is recognised within one UTC day only. docs/decisions/036-cookieless-analytics.md
 */
export const visits = pgTable(
  'visits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitedAt: timestamptz().notNull().defaultNow(),
    path: varchar({ length: ANALYTICS_PATH_MAX }).notNull(),
    postId: integer().references(() => blogPosts.id, { onDelete: 'set null' }),
    /** The session's first touch: where it came from, its landing UTM values, its X post. */
    referrerHost: varchar({ length: REFERRER_HOST_MAX }),
    utmSource: varchar({ length: UTM_VALUE_MAX }),
    utmMedium: varchar({ length: UTM_VALUE_MAX }),
    utmCampaign: varchar({ length: UTM_VALUE_MAX }),
    xPostId: integer().references(() => xPosts.id, { onDelete: 'set null' }),
    device: varchar({ length: 10 }).notNull(),
    visitorHash: varchar({ length: 16 }).notNull(),
  },
  (t) => [
    index().on(t.visitedAt),
    index().on(t.postId, t.visitedAt),
    index().on(t.xPostId, t.visitedAt),
    check('visits_device_known', sql`${t.device} in ('desktop', 'mobile', 'tablet')`),
  ],
)

/** Visits older than ANALYTICS_RETENTION_DAYS, rolled up per day, post, X post, source and device. */
export const visitRollups = pgTable(
  'visit_rollups',
  {
    day: date().notNull(),
    postId: integer().references(() => blogPosts.id, { onDelete: 'set null' }),
    xPostId: integer().references(() => xPosts.id, { onDelete: 'set null' }),
    source: varchar({ length: REFERRER_HOST_MAX }).notNull(),
    device: varchar({ length: 10 }).notNull(),
    views: integer().notNull(),
    /** Distinct visitors of this group that day (a visitor in two groups counts in both). */
    visitors: integer().notNull(),
  },
  (t) => [index().on(t.day), index().on(t.postId, t.day)],
)

/** The exact totals of a rolled-up day: views and distinct visitors of the whole site. */
export const visitDayTotals = pgTable('visit_day_totals', {
  day: date().primaryKey(),
  views: integer().notNull(),
  visitors: integer().notNull(),
})

/**
 * The secret salt of each UTC day's visitor hashes, apart from the visits. The hourly housekeeping
 * deletes every salt older than today, so a hash cannot be recomputed or linked across days.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date().primaryKey(),
  salt: varchar({ length: 64 }).notNull(),
})

/**
 * Issue 28: the activity log, one row per event (common/contract/activity.ts ACTIVITY_KINDS). The
 * username is kept as it was, so a deleted account's rows still read; no user and no username is
 * the schedule. No IP address: `ipHash` is hash(the day's salt, IP) as the throttles key it.
 * Deleted after ACTIVITY_RETENTION_DAYS. docs/decisions/045-activity-log.md
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz().notNull().defaultNow(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    username: varchar({ length: USERNAME_MAX }),
    kind: varchar({ length: 40 }).$type<ActivityKind>().notNull(),
    objectType: varchar({ length: 20 }).$type<ActivityObjectType>(),
    objectId: integer(),
    objectLabel: varchar({ length: ACTIVITY_TEXT_MAX }),
    detail: varchar({ length: ACTIVITY_TEXT_MAX }),
    ipHash: varchar({ length: 16 }),
  },
  (t) => [index().on(t.at), index().on(t.userId, t.at), index().on(t.kind, t.at)],
)

/**
 * Issue 28: a person's TOTP secret, encrypted at rest (server/services/secret-box.ts). A row
 * without enabledAt is an enrolment not yet confirmed with a code. lastTimeStep: the time step of
 * the last code taken, so a code is good once. docs/decisions/046-two-factor.md
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabledAt: timestamptz(),
  lastTimeStep: integer(),
  createdAt: timestamptz().notNull().defaultNow(),
})

/** Issue 28: single-use recovery codes of two-factor sign-in; only their hashes are kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar({ length: 64 }).notNull(),
    usedAt: timestamptz(),
  },
  (t) => [unique().on(t.userId, t.codeHash)],
)

/**
 * Issue 28: the second step of a sign-in: a password was right, the code is still to come. Only
 * the token's hash is kept; it lasts 5 minutes and opens no session by itself.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: varchar({ length: 64 }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
)

/** Site-wide settings an Administrator changes from the admin (issue 28: require two-factor sign-in). */
export const siteSettings = pgTable('site_settings', {
  key: varchar({ length: 100 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
})

/**
 * Issue 29: a network connected from the admin's Channels screen (LinkedIn, Bluesky, Mastodon,
 * Threads) instead of the server's environment, which wins when it sets the same network.
 * `secrets` is one secret-box string (server/services/secret-box.ts) holding the network's tokens
 * as JSON; `settings` holds the rest (base URL, handle, organization id…). `slots`: the network's
 * posting times ('HH:MM'); `account`/`verifiedAt`: what the last good 'Test connection' answered.
 */
export const channelConnections = pgTable(
  'channel_connections',
  {
    channel: varchar({ length: 16 }).primaryKey(),
    secrets: text(),
    settings: jsonb().$type<Record<string, string>>().notNull().default({}),
    slots: text().array().notNull().default(sql`'{}'::text[]`),
    account: varchar({ length: 255 }),
    verifiedAt: timestamptz(),
    updatedAt: timestamptz().notNull().defaultNow(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('channel_connections_channel_known', sql`${t.channel} in ('linkedin', 'bluesky', 'mastodon', 'threads')`),
  ],
)

/**
 * Issue 31: an old address answered with a 301 to its new one, before the not-found page. `fromPath`
 * is a path on this site (with its query when it has one), decoded and without a trailing slash
 * (server/services/redirects.ts `normalizePath`); `toPath` is a path here or an http(s) address.
 * `origin`: typed in on /admin/redirects ('manual'), a post's renamed slug ('slug'), an imported
 * post's old address ('import'). Hits are counted in memory and added in batches. decision 065.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fromPath: text().notNull().unique(),
    toPath: text().notNull(),
    origin: varchar({ length: 10 }).notNull().default('manual'),
    hits: integer().notNull().default(0),
    lastHitAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.toPath),
    check('redirects_origin_known', sql`${t.origin} in ('manual', 'slug', 'import')`),
    check('redirects_not_to_itself', sql`${t.fromPath} <> ${t.toPath}`),
  ],
)

/**
 * Issue 31: one import of a WordPress, Ghost or Markdown file. The file is kept until the import
 * has run (the job reads it again; a restart resumes it), then emptied. `report` is the dry run's
 * answer (ImportReport, common/contract/import.ts); `done`/`total` the job's progress; `result`
 * what it did. `state`: 'checked' (dry run only) → 'queued' → 'running' → 'done' | 'failed'.
 */
export const importRuns = pgTable('import_runs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  format: varchar({ length: 10 }).notNull(),
  fileName: varchar({ length: 255 }).notNull(),
  file: bytea(),
  state: varchar({ length: 10 }).notNull().default('checked'),
  report: jsonb().notNull(),
  done: integer().notNull().default(0),
  total: integer().notNull().default(0),
  result: jsonb(),
  createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz().notNull().defaultNow(),
  startedAt: timestamptz(),
  finishedAt: timestamptz(),
})

/**
 * Issue 31: which post an item of an import became, by its source ('wordpress https://old.example',
 * 'ghost', 'markdown') and its id there: a second import of the same file finds it and adds nothing.
 */
export const importedPosts = pgTable(
  'imported_posts',
  {
    source: varchar({ length: 300 }).notNull(),
    sourceId: varchar({ length: 300 }).notNull(),
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    runId: integer().references(() => importRuns.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] }), index().on(t.postId)],
)
