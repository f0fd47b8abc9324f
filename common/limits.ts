/** Field limits of docs/product.md §3 and §9, shared by the database schema, the API contract and the forms. */
export const TITLE_MAX = 255
export const SLUG_MAX = 255
export const CATEGORY_MAX = 100
export const AUTHOR_MAX = 100
export const SHORT_URL_MAX = 255
export const STATUS_MAX = 50
export const IP_ADDRESS_MAX = 45

/** Bounds the spec leaves open ("not shown"); chosen in docs/decisions/003-input-bounds.md. */
export const EXCERPT_MAX = 1_000
export const CONTENT_MAX = 12_000_000
export const TAG_MAX = 50
export const TAGS_MAX = 20
export const IMAGE_URL_MAX = 2_048
export const IMAGES_MAX = 5
/** Issue 15: an image's alt text (screen readers read about 125 characters well). */
export const ALT_MAX = 250

export const CONTACT_NAME_MAX = 100
export const CONTACT_EMAIL_MAX = 254
export const CONTACT_COMPANY_MAX = 100
export const CONTACT_MESSAGE_MAX = 5_000

export const USERNAME_MAX = 64
export const PASSWORD_MAX = 256
export const PASSWORD_MIN = 12

/** 5 MB, docs/product.md §5/§9: an image must be smaller than this many bytes ("under 5 MB, i.e. 5242880"). */
export const IMAGE_BYTES_MAX = 5_242_880
/** The one reading of that rule for every check (browser, upload, import): 5,242,880 is too large. */
export const isImageTooLarge = (bytes: number) => bytes >= IMAGE_BYTES_MAX
export const IMAGE_SIDE_MAX = 2_400
/** Pixels an image may hold before it is decoded: width × height × frames (docs/decisions/020). */
export const IMAGE_PIXELS_MAX = 100_000_000

export const CATEGORIES = ['technology', 'company', 'market-trends', 'new-releases'] as const
export type Category = (typeof CATEGORIES)[number]

/** Issue 16 (analytics): a page path, a referrer host, a UTM value. */
export const ANALYTICS_PATH_MAX = 500
export const REFERRER_HOST_MAX = 253
export const UTM_VALUE_MAX = 100
/** The widest range one analytics request may ask for (about two years). */
export const ANALYTICS_RANGE_DAYS = 731

/**
 * Issue 27: the days a date the API takes may name (UTC, both included). A zod ISO date reaches
 * from year 0 to 9999, and PostgreSQL refuses year 0 and anything past 9999-12-31 (a day after it
 * is '+010000-…'): without this bound such a query answered 500.
 */
export const DATE_MIN = '2000-01-01'
export const DATE_MAX = '2099-12-31'
export const DATE_RANGE_MESSAGE = `Must be between ${DATE_MIN} and ${DATE_MAX}`
const DATE_MIN_MS = Date.parse(DATE_MIN)
const DATE_END_MS = Date.parse(DATE_MAX) + 86_400_000
/** Whether an ISO 8601 date or moment (already checked as such) falls within DATE_MIN … DATE_MAX. */
export const isWithinApiDates = (iso: string) => {
  const t = Date.parse(iso)
  return t >= DATE_MIN_MS && t < DATE_END_MS
}
