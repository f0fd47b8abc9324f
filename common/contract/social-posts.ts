import { z } from 'zod'
import { CHANNELS } from '#common/channel-names.ts'
// Also for its zod configuration (jitless), which must run before any parse.
import { atMost } from '#common/contract/errors.ts'
import { XPostScheduleInput } from '#common/contract/schedule.ts'
import { PublishXInput, shortLinkFields, X_POST_STATUSES } from '#common/contract/x-posts.ts'

/**
 * Issue 29: a social post on any network (docs/decisions/058-social-posts.md). An X post is the
 * social post with channel 'x'; the X endpoints keep their own shape (common/contract/x-posts.ts).
 */
export const SocialChannel = z.enum(CHANNELS, { error: 'Must be x, linkedin, bluesky, mastodon or threads' })

/** The longest text a writer may keep for one social post (a thread of many parts included). */
export const SOCIAL_TEXT_MAX = 10_000
export const LINK_PLACES = ['first', 'last'] as const

export const CreateSocialPostInput = z.object({
  channel: SocialChannel,
  customContent: PublishXInput.shape.customContent,
})
export type CreateSocialPostInput = z.input<typeof CreateSocialPostInput>

export const SocialPostListQuery = z.object({ channel: SocialChannel.optional() })

/** PATCH /api/social-posts/{id}: the text, and whether it goes as a thread with the link where. */
export const UpdateSocialPostInput = z
  .object({
    text: z
      .string('Must be text')
      .trim()
      .min(1, 'Must not be empty')
      .max(SOCIAL_TEXT_MAX, atMost(SOCIAL_TEXT_MAX))
      .optional(),
    asThread: z.boolean('Must be true or false').optional(),
    linkAt: z.enum(LINK_PLACES, { error: 'Must be first or last' }).optional(),
  })
  .refine((v) => v.text !== undefined || v.asThread !== undefined || v.linkAt !== undefined, {
    message: 'Send text, asThread or linkAt',
    path: ['text'],
  })
export type UpdateSocialPostInput = z.input<typeof UpdateSocialPostInput>

/** A time, or right after the article: XPostScheduleInput's rule (its X-only linkInReply is ignored here). */
export const SocialPostScheduleInput = XPostScheduleInput
export type SocialPostScheduleInput = z.input<typeof SocialPostScheduleInput>

export const SocialPost = z.object({
  id: z.number().int(),
  blogPostId: z.number().int(),
  channel: SocialChannel,
  /** The custom text, or the post's title and excerpt. */
  originalContent: z.string(),
  /** The writer's text, without the link. */
  text: z.string(),
  /** Each part exactly as the network receives it (the link where it goes); one unless asThread. */
  parts: z.array(z.string()),
  /** Whether `parts` may each be posted: every part within the network's limit (and LinkedIn's hook). */
  fits: z.boolean(),
  /** The network's count of the longest part and its limit, for the counter. */
  used: z.number().int(),
  limit: z.number().int(),
  /** LinkedIn: the first paragraph fits before 'see more'; true elsewhere. */
  hookFits: z.boolean(),
  asThread: z.boolean(),
  linkAt: z.enum(LINK_PLACES),
  ...shortLinkFields,
  createdAt: z.string(),
  status: z.enum(X_POST_STATUSES),
  /** The network's id and address of the (first) post once it is there. */
  remoteId: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  /** How many parts are on the network (a thread cut short goes on from there). */
  postedParts: z.number().int(),
  errorMessage: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  postedAt: z.string().nullable(),
})
export type SocialPost = z.infer<typeof SocialPost>

export const SocialPostList = z.object({ socialPosts: z.array(SocialPost) })
export const SocialPostResponse = z.object({ success: z.literal(true), message: z.string(), socialPost: SocialPost })
export type SocialPostResponse = z.infer<typeof SocialPostResponse>

/** GET /api/social-posts/capabilities: which networks this server can post to, and the quick times. */
export const SocialCapabilities = z.object({
  channels: z.array(
    z.object({
      channel: SocialChannel,
      label: z.string(),
      connected: z.boolean(),
      /** The network's posting times ('HH:MM'): its own from the Channels screen, else X's. */
      slots: z.array(z.string()),
      /** When the token in use stops working (ISO), where the network's tokens expire; else null. */
      tokenExpiresAt: z.string().nullable(),
    }),
  ),
  /** X's posting times (X_POSTING_SLOTS). */
  slots: z.array(z.string()),
})
export type SocialCapabilities = z.infer<typeof SocialCapabilities>
