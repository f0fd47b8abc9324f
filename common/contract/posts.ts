import { z } from 'zod'
import { atMost, required, requiredText } from '#common/contract/errors.ts'
import { ReviewState } from '#common/contract/review.ts'
import { FOCUS_KEYWORD_MAX } from '#common/contract/seo-check.ts'
import {
  ALT_MAX,
  AUTHOR_MAX,
  CATEGORY_MAX,
  CONTENT_MAX,
  EXCERPT_MAX,
  IMAGE_URL_MAX,
  IMAGES_MAX,
  SLUG_MAX,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from '#common/limits.ts'

/** An address a browser can load safely: http(s), or a path on this site. Never javascript: or data:. */
export const ImageRef = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX))
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), {
    message: 'Must be an http(s) URL or a path on this site',
  })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, atMost(max))
    .nullish()
    .transform((v) => (v ? v : null))

/** Tags and similar lists ignore blanks and duplicates (docs/product.md §5). */
export const TagList = z
  .array(z.string().trim().max(TAG_MAX, atMost(TAG_MAX)))
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags.filter((t) => t !== ''))])

export const SLUG_PATTERN = /^[a-z0-9_]+(?:-+[a-z0-9_]+)*$/

/** The form's fields without defaults: PostInput adds them for a create, PostUpdate must not. */
const postFields = {
  title: requiredText('Title is required', TITLE_MAX),
  slug: requiredText('Slug is required', SLUG_MAX).regex(
    SLUG_PATTERN,
    'Use lowercase letters, numbers, hyphens and underscores only',
  ),
  excerpt: optionalText(EXCERPT_MAX),
  content: z
    .string(required('Content is required'))
    .max(CONTENT_MAX, atMost(CONTENT_MAX))
    .refine((v) => v.trim() !== '', 'Content is required'),
  featuredImage: ImageRef.nullish().transform((v) => (v ? v : null)),
  images: z
    .array(ImageRef.refine((v) => v !== '', 'Must not be empty'))
    .max(IMAGES_MAX, `Maximum ${IMAGES_MAX} images allowed`),
  category: optionalText(CATEGORY_MAX),
  tags: TagList,
  author: optionalText(AUTHOR_MAX),
  isPublished: z.boolean(),
  aiGenerated: z.boolean(),
  /** Issue 4: the article an AI rewrite was made from. */
  sourceUrl: z
    .string('Must be text')
    .trim()
    .max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX))
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'Must be an http(s) URL' })
    .nullish()
    .transform((v) => (v ? v : null)),
  sourceTitle: optionalText(TITLE_MAX),
  /** Issue 15: alt text of the featured image and the listed images, by URL ('' = decorative). */
  imageAlts: z
    .record(z.string().max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX)), z.string().trim().max(ALT_MAX, atMost(ALT_MAX)))
    .refine((v) => Object.keys(v).length <= IMAGES_MAX + 1, `At most ${IMAGES_MAX + 1} alt texts`),
  /** Issue 32: the SEO assistant's focus keyword, kept so the score is the same when the post is reopened. */
  focusKeyword: optionalText(FOCUS_KEYWORD_MAX),
}

export const PostInput = z.object({
  ...postFields,
  images: postFields.images.default([]),
  tags: postFields.tags.default([]),
  isPublished: postFields.isPublished.default(false),
  aiGenerated: postFields.aiGenerated.default(false),
  imageAlts: postFields.imageAlts.default({}),
})
export type PostInput = z.input<typeof PostInput>
export type PostValues = z.output<typeof PostInput>

/** Issue 28: a post's version, as every admin answer carries it and a save sends it back. */
export const PostVersion = z
  .number('Must be a whole number')
  .int('Must be a whole number')
  .min(1, 'Must be at least 1')
  .max(2_147_483_647, 'Must be at most 2147483647')

/** The version a change was based on (issue 28); left out, the change is not checked (decision 047). */
export const BasedOn = { version: PostVersion.optional() }

/** POST publish / unpublish / restore: an optional body naming the version the change was based on. */
export const VersionBody = z.object(BasedOn)
/** Issue 30: the publish call may also send the post as a newsletter. */
export const PublishExtras = z.object({ sendNewsletter: z.boolean('Must be true or false').optional() })

/**
 * PUT accepts the full form, or any subset of it; at least one field. A field left out is left
 * as it is (no defaults here: `{title}` must not unpublish the post or empty its tags). `version`
 * (or an If-Match header) is the version the form was loaded at; it is not a field to change.
 */
export const PostUpdate = z
  .object({
    ...postFields,
    ...BasedOn,
    /**
     * Issue 32: the editor saved a draft by itself (decision 052): refused for a published or
     * scheduled post, and its revision is one per session of work. Not a field to change.
     */
    autosave: z.boolean('Must be true or false').optional(),
  })
  .partial()
  .refine(({ version: _based, autosave: _auto, ...v }) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change',
  })
export type PostUpdate = z.output<typeof PostUpdate>
export type PostChanges = Omit<PostUpdate, 'version' | 'autosave'>

export const Post = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
  featuredImage: z.string().nullable(),
  images: z.array(z.string()),
  aiGenerated: z.boolean(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  author: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  isPublished: z.boolean(),
  viewCount: z.number().int(),
  sourceUrl: z.string().nullable(),
  sourceTitle: z.string().nullable(),
  imageAlts: z.record(z.string(), z.string()),
  /** Issue 32: the SEO assistant's focus keyword; null when none. */
  focusKeyword: z.string().nullable(),
  /** Issue 14: a draft goes live by itself at this moment (ISO 8601, UTC); null when not scheduled. */
  scheduledAt: z.string().nullable(),
  /** Issue 14: a published post goes back to draft at this moment; null when not scheduled. */
  unpublishAt: z.string().nullable(),
  /** Issue 28: the review queue's state of a draft (common/contract/review.ts); null when none. */
  reviewState: ReviewState.nullable(),
  /** The Editor's note of 'Request changes'; null otherwise. */
  reviewNote: z.string().nullable(),
  /** When it was last submitted for review (ISO 8601), and by whom (a user id). */
  reviewRequestedAt: z.string().nullable(),
  reviewRequestedBy: z.number().int().nullable(),
  /** Issue 28: 1 when created, one more on every change (decision 047). */
  version: z.number().int(),
  /** Issue 28: the staff account that made the last change; null for the command line and jobs. */
  updatedBy: z.number().int().nullable(),
})
export type Post = z.infer<typeof Post>

/**
 * Issue 28: the 409 of a change based on an older version: the version now saved, when, and by
 * whom (null: the command line or the schedule).
 */
export const VersionConflict = z.object({
  version: z.number().int(),
  updatedAt: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
export type VersionConflict = z.infer<typeof VersionConflict>
export const VersionConflictAnswer = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.record(z.string(), z.string()),
  conflict: VersionConflict,
})

/** Issue 13: the most posts one page of GET /api/blog may ask for. */
export const POST_LIST_LIMIT_MAX = 100

export const PostListQuery = z.object({
  published: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional(),
  /** Issue 13: a page of the list (newest first); without `limit`, every post, as docs/product.md §7 says. */
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(POST_LIST_LIMIT_MAX, `Must be at most ${POST_LIST_LIMIT_MAX}`)
    .optional(),
  offset: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be at least 0')
    .max(1_000_000, 'Must be at most 1000000')
    .optional(),
})
export type PostListQuery = z.infer<typeof PostListQuery>

/** A row's id in a path: 1 to 2,147,483,647 (a PostgreSQL integer), written without a sign or zeros in front. */
export const positiveId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Must be a positive integer')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Must be a positive integer'))

export const PostId = z.object({ id: positiveId })

export const CreatePostResponse = z.object({ success: z.literal(true), message: z.string(), post: Post })
export const MutationResponse = z.object({ success: z.literal(true), message: z.string() })

/** Issue 15 §4: a published post this one could link to, and the phrase of this post to link. */
export const LinkSuggestion = z.object({
  postId: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** Occurs as plain text in this post's content, as written there. */
  anchorText: z.string(),
})
export type LinkSuggestion = z.infer<typeof LinkSuggestion>
export const LinkSuggestions = z.array(LinkSuggestion)
