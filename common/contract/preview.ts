import { z } from 'zod'
import { atMost } from '#common/contract/errors.ts'
import { ImageRef, TagList } from '#common/contract/posts.ts'
import {
  ALT_MAX,
  AUTHOR_MAX,
  CATEGORY_MAX,
  CONTENT_MAX,
  EXCERPT_MAX,
  IMAGE_URL_MAX,
  IMAGES_MAX,
  SLUG_MAX,
  TITLE_MAX,
} from '#common/limits.ts'

const text = (max: number) => z.string('Must be text').max(max, atMost(max)).default('')

/**
 * Issue 32: what the editor's Preview sends, its form's values as they are, unsaved. Looser than a
 * save (an empty title or body previews as empty) but with the same bounds, so nothing previews
 * that could not be saved. `id` names the saved post whose byline, dates and views it keeps.
 * docs/decisions/053-post-preview.md
 */
export const PreviewInput = z.object({
  id: z.number('Must be a number').int('Must be a whole number').min(1).max(2_147_483_647).optional(),
  title: text(TITLE_MAX),
  slug: text(SLUG_MAX),
  excerpt: text(EXCERPT_MAX),
  content: text(CONTENT_MAX),
  featuredImage: ImageRef.default(''),
  category: text(CATEGORY_MAX),
  tags: TagList.default([]),
  author: text(AUTHOR_MAX),
  imageAlts: z
    .record(z.string().max(IMAGE_URL_MAX, atMost(IMAGE_URL_MAX)), z.string().max(ALT_MAX, atMost(ALT_MAX)))
    .refine((v) => Object.keys(v).length <= IMAGES_MAX + 1, `At most ${IMAGES_MAX + 1} alt texts`)
    .default({}),
})
export type PreviewInput = z.input<typeof PreviewInput>
export type PreviewValues = z.output<typeof PreviewInput>

/** The preview page's views: the post as its public page, or its link card as X and LinkedIn show it. */
export const PREVIEW_VIEWS = ['page', 'share'] as const
export type PreviewView = (typeof PREVIEW_VIEWS)[number]

/** The page the editor's Preview posts its form to, inside an iframe of the same origin. */
export const PREVIEW_PATH = '/admin/blog/preview'

/** What X and LinkedIn read from a post's page (its Open Graph and X card tags), and the site's host. */
export interface ShareCard {
  title: string
  description: string
  image: string
  imageAlt: string
  host: string
}
