import { z } from 'zod'
import { positiveId } from '#common/contract/posts.ts'

// Issue 31: importing posts from WordPress, Ghost or a zip of Markdown files (/admin/import;
// docs/decisions/065-import-and-redirects.md). A file is read and checked first (the dry run,
// nothing written but the run itself); 'Import' then runs it as a job with progress.

/** The largest file taken (bytes), and the most posts in one file. */
export const IMPORT_FILE_MAX = 50 * 1024 * 1024
export const IMPORT_FILE_MAX_LABEL = '50 MB'

export const IMPORT_FORMATS = ['wordpress', 'ghost', 'markdown', 'vidquest'] as const
export type ImportFormatName = (typeof IMPORT_FORMATS)[number]
export const IMPORT_FORMAT_LABELS: Record<ImportFormatName, string> = {
  wordpress: 'WordPress export (WXR)',
  ghost: 'Ghost export (JSON)',
  markdown: 'Markdown files (zip)',
  vidquest: 'An export of this site (zip)',
}

export const IMPORT_STATES = ['checked', 'queued', 'running', 'done', 'failed'] as const
export type ImportState = (typeof IMPORT_STATES)[number]

export const ImportItem = z.object({
  sourceId: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(['published', 'draft', 'scheduled']),
  publishedAt: z.string().nullable(),
  /** 'new': it will be added; 'existing': a post from the same item, or with the same slug, is already here. */
  action: z.enum(['new', 'existing']),
  /** The post already here, for 'existing'. */
  postId: z.number().int().nullable(),
  oldPaths: z.array(z.string()),
  images: z.number().int(),
  warnings: z.array(z.string()),
})
export type ImportItem = z.infer<typeof ImportItem>

export const ImportProblem = z.object({
  sourceId: z.string(),
  title: z.string(),
  message: z.string(),
})
export type ImportProblem = z.infer<typeof ImportProblem>

export const ImportResult = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  failed: z.number().int(),
  imagesStored: z.number().int(),
  imagesFailed: z.number().int(),
  redirects: z.number().int(),
  /** What went wrong while importing: an image that could not be fetched, a post refused. */
  problems: z.array(ImportProblem),
})
export type ImportResult = z.infer<typeof ImportResult>

export const ImportReport = z.object({
  id: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  state: z.enum(IMPORT_STATES),
  siteUrl: z.string().nullable(),
  counts: z.object({
    new: z.number().int(),
    existing: z.number().int(),
    skipped: z.number().int(),
    warnings: z.number().int(),
  }),
  items: z.array(ImportItem),
  skipped: z.array(z.object({ sourceId: z.string(), title: z.string(), reason: z.string() })),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  result: ImportResult.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ImportReport = z.infer<typeof ImportReport>

/** POST /api/admin/import?fileName= : the file itself as the body (application/octet-stream). */
export const ImportUploadQuery = z.object({
  fileName: z
    .string()
    .trim()
    .max(255, 'Must be at most 255 characters')
    .optional()
    .transform((v) => v || 'import'),
  /**
   * The old site's address (https://old.example.com): a Ghost export or a zip of Markdown files does
   * not say it, and their images and links are paths on it. A WordPress export says its own.
   */
  siteUrl: z
    .string()
    .trim()
    .max(255, 'Must be at most 255 characters')
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s/?#]+\/?$/i.test(v),
      'Must be the old site’s address, like https://blog.example.com',
    )
    .optional()
    .transform((v) => (v ? v.replace(/\/$/, '') : null)),
})

export const ImportRunId = z.object({ id: positiveId })

/** The address the upload is posted to: it alone takes a file body instead of JSON. */
export const IMPORT_UPLOAD_PATH = '/api/admin/import'
