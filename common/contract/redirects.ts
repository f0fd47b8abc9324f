import { z } from 'zod'
import { atMost, required, requiredText, wholeNumber } from '#common/contract/errors.ts'
import { pageCounts } from '#common/contract/page-counts.ts'
import { positiveId } from '#common/contract/posts.ts'

// Issue 31: old addresses answered with a 301 (/admin/redirects; docs/decisions/065-import-and-redirects.md).

/** The longest old address or target kept: longer than any permalink a CMS writes. */
export const REDIRECT_PATH_MAX = 2000
export const REDIRECT_PAGE_SIZE_MAX = 100
/** A CSV of redirects: its size in bytes (UTF-8) and its data lines. */
export const REDIRECT_IMPORT_BYTES_MAX = 2 * 1024 * 1024
export const REDIRECT_IMPORT_LINES_MAX = 50_000

export const REDIRECT_ORIGINS = ['manual', 'slug', 'import'] as const
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number]

export const REDIRECT_ORIGIN_LABELS: Record<RedirectOrigin, string> = {
  manual: 'Added here',
  slug: 'Renamed post',
  import: 'Imported',
}

const address = (what: string) => requiredText(`${what} is required`, REDIRECT_PATH_MAX)

/** POST /api/admin/redirects and PUT /api/admin/redirects/{id}: an old address and where it goes now. */
export const RedirectInput = z.object({
  /** A path on this site ('/old-post/', '/?p=12') or a whole address of the old site (its path is kept). */
  from: address('The old address'),
  /** A path on this site ('/blog/new-post') or an http(s) address elsewhere. */
  to: address('The new address'),
})
export type RedirectInput = z.input<typeof RedirectInput>

export const Redirect = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  origin: z.enum(REDIRECT_ORIGINS),
  hits: z.number().int(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Redirect = z.infer<typeof Redirect>

const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/** GET /api/admin/redirects(.csv)?q=&page=&pageSize= ; `q`: part of either address. */
export const RedirectListQuery = z.object({
  q: blankIsNone(z.string().trim().max(REDIRECT_PATH_MAX, atMost(REDIRECT_PATH_MAX))),
  page: wholeNumber(1, 1_000_000, 1),
  pageSize: wholeNumber(1, REDIRECT_PAGE_SIZE_MAX, 50),
})
export type RedirectListQuery = z.output<typeof RedirectListQuery>

export const RedirectList = z.object({
  redirects: z.array(Redirect),
  ...pageCounts,
})
export type RedirectList = z.infer<typeof RedirectList>

/** The export's columns; an import reads the first two (a header line naming them is skipped). */
export const REDIRECT_CSV_COLUMNS = ['from', 'to', 'hits', 'last_hit', 'origin'] as const

/** POST /api/admin/redirects/import: a CSV's text. All of it goes in, or nothing (a line's fault is said). */
export const RedirectImportInput = z.object({
  csv: z.string(required('Choose a CSV file')).min(1, 'The file is empty'),
})
export type RedirectImportInput = z.input<typeof RedirectImportInput>

export const RedirectImportResult = z.object({
  added: z.number().int(),
  /** Old addresses already here: their target replaced by the file's. */
  updated: z.number().int(),
})
export type RedirectImportResult = z.infer<typeof RedirectImportResult>

export const RedirectId = z.object({ id: positiveId })
