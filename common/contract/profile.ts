import { z } from 'zod'
import { atMost, requiredText } from '#common/contract/errors.ts'
import { STAFF_NAME_MAX } from '#common/contract/staff.ts'
import { CONTACT_EMAIL_MAX } from '#common/limits.ts'

// Issue 28: the signed-in person's own profile, and the staff who wrote a post (its byline).
// docs/decisions/048-author-profiles.md

/** A short bio: one or two sentences under the name on the author page. */
export const BIO_MAX = 300
export const AUTHOR_SLUG_MAX = 100
/** The most people one byline names. */
export const POST_AUTHORS_MAX = 10

/** Lowercase words joined by single hyphens: what toSlug derives, and all an author's address may hold. */
export const AUTHOR_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** An image of our own pipeline: what POST /api/blog/upload-image answers. */
export const STORED_IMAGE_PATH = /^\/images\/[0-9a-f]{64}\.(?:jpg|png|webp|gif|avif)$/

/** '' and null both clear an optional field. */
const blankIsNull = (v: string | null | undefined) => (v ? v : null)

export const ProfileInput = z
  .object({
    name: requiredText('Name is required', STAFF_NAME_MAX),
    email: z
      .string('Must be text')
      .trim()
      .toLowerCase()
      .max(CONTACT_EMAIL_MAX, atMost(CONTACT_EMAIL_MAX))
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Must be an email address')
      .nullable()
      .transform(blankIsNull),
    bio: z.string('Must be text').trim().max(BIO_MAX, atMost(BIO_MAX)).nullable().transform(blankIsNull),
    avatar: z
      .string('Must be text')
      .trim()
      .refine((v) => v === '' || STORED_IMAGE_PATH.test(v), 'Upload the picture here: it must be an image of this site')
      .nullable()
      .transform(blankIsNull),
    slug: requiredText('Slug is required', AUTHOR_SLUG_MAX).regex(
      AUTHOR_SLUG_PATTERN,
      'Use lowercase letters and numbers, words joined by single hyphens',
    ),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one field to change' })
export type ProfileInput = z.input<typeof ProfileInput>
export type ProfileChange = z.output<typeof ProfileInput>

/** GET/PATCH /api/admin/profile. */
export const Profile = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  /** Null until set: then there is no author page yet. */
  slug: z.string().nullable(),
  /** The slug derived from the name (what the form proposes while there is none). */
  suggestedSlug: z.string(),
})
export type Profile = z.infer<typeof Profile>

export const ProfileSaved = z.object({ success: z.literal(true), profile: Profile })

/** One person of a byline, as the admin post answer lists them. */
export const PostAuthor = z.object({ id: z.number().int(), name: z.string(), slug: z.string().nullable() })
export type PostAuthor = z.infer<typeof PostAuthor>

/** PUT /api/blog/{id}/authors: the staff ids in byline order. */
export const PostAuthorsInput = z.object({
  authors: z
    .array(z.number('Must be a staff id').int('Must be a staff id').min(1, 'Must be a staff id').max(2_147_483_647))
    .min(1, 'Choose at least one author')
    .max(POST_AUTHORS_MAX, `At most ${POST_AUTHORS_MAX} authors`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each author once'),
})
export type PostAuthorsInput = z.infer<typeof PostAuthorsInput>

export const PostAuthorsAnswer = z.object({ success: z.literal(true), authors: z.array(PostAuthor) })

/** An author page's address. */
export const authorPath = (slug: string) => `/blog/author/${encodeURIComponent(slug)}`

/** Page `page` of an author page; page 1 without `?page` (the canonical form). */
export const authorPageHref = (slug: string, page: number) =>
  page > 1 ? `${authorPath(slug)}?page=${page}` : authorPath(slug)
