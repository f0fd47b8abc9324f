import { z } from 'zod'
import { atMost, required } from '#common/contract/errors.ts'
import { ALT_MAX, CONTENT_MAX, EXCERPT_MAX, IMAGE_URL_MAX, IMAGES_MAX, SLUG_MAX, TITLE_MAX } from '#common/limits.ts'

/** A focus keyword is a search phrase, a few words long. */
export const FOCUS_KEYWORD_MAX = 100

// Half-written posts are checked too: empty strings are fine, missing fields are not.
const text = (name: string, max: number) => z.string(required(`${name} is required`)).max(max, atMost(max))

/** `POST /api/blog/seo-check` (issue 15 §2): the fields of a post as the editor holds them. */
export const SeoCheckInput = z.object({
  title: text('Title', TITLE_MAX),
  slug: text('Slug', SLUG_MAX),
  excerpt: text('Excerpt', EXCERPT_MAX)
    .nullable()
    .transform((v) => v ?? ''),
  content: text('Content', CONTENT_MAX),
  focusKeyword: z.string().trim().max(FOCUS_KEYWORD_MAX, atMost(FOCUS_KEYWORD_MAX)).nullish(),
  imageAlts: z
    .record(z.string().max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX)), z.string().max(ALT_MAX, atMost(ALT_MAX)))
    .refine((v) => Object.keys(v).length <= IMAGES_MAX + 1, `At most ${IMAGES_MAX + 1} alt texts`)
    .optional(),
})
export type SeoCheckInput = z.input<typeof SeoCheckInput>

export const SeoCheckResult = z.object({
  score: z.number().int().min(0).max(100),
  checks: z.array(z.object({ id: z.string(), status: z.enum(['good', 'improve', 'problem']), message: z.string() })),
})
export type SeoCheckResult = z.infer<typeof SeoCheckResult>
