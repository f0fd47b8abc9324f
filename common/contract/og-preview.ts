import { z } from 'zod'
import { atMost } from '#common/contract/errors.ts'
import { AUTHOR_MAX, CATEGORY_MAX, TITLE_MAX } from '#common/limits.ts'

/**
 * Issue 32: GET /api/admin/og-preview: the link-preview image of a post not saved yet, from the
 * editor's values (what /og/{slug} draws from the saved post). docs/decisions/053-post-preview.md
 */
export const OgPreviewQuery = z.object({
  title: z.string().max(TITLE_MAX, atMost(TITLE_MAX)).default(''),
  category: z.string().max(CATEGORY_MAX, atMost(CATEGORY_MAX)).default(''),
  author: z.string().max(AUTHOR_MAX, atMost(AUTHOR_MAX)).default(''),
  publishedAt: z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date and time' }).optional(),
})
export type OgPreviewQuery = z.output<typeof OgPreviewQuery>

export const OG_PREVIEW_PATH = '/api/admin/og-preview'

/** The address of the preview image for these values. */
export function ogPreviewPath(values: {
  title: string
  category: string | null
  author: string | null
  publishedAt: string | null
}) {
  const query = new URLSearchParams({
    title: values.title,
    category: values.category ?? '',
    author: values.author ?? '',
  })
  if (values.publishedAt) query.set('publishedAt', values.publishedAt)
  return `${OG_PREVIEW_PATH}?${query}`
}
