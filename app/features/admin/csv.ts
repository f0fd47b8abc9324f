import type { AttributionView } from '#common/contract/analytics.ts'

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so a visitor's message can never execute in Excel or Sheets.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows joined with CRLF, as RFC 4180 says; a byte order mark so Excel reads UTF-8. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

export interface SubmissionRow {
  id: number
  name: string
  email: string
  company: string | null
  message: string
  createdAt: string
  attribution: AttributionView | null
}

/** Issue 16: how each lead came, one column a value, empty when the form sent no attribution. */
export const SUBMISSION_COLUMNS = [
  'Received',
  'Name',
  'Email',
  'Company',
  'Message',
  'Landing page',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'X post id',
  'Post id',
  'Post title',
] as const

export function submissionsCsv(submissions: readonly SubmissionRow[]): string {
  return toCsv([
    SUBMISSION_COLUMNS,
    ...submissions.map(({ attribution: a, ...s }) => [
      s.createdAt,
      s.name,
      s.email,
      s.company,
      s.message,
      a?.landingPath,
      a?.referrer,
      a?.utmSource,
      a?.utmMedium,
      a?.utmCampaign,
      a?.xPostId,
      a?.postId,
      a?.postTitle,
    ]),
  ])
}

/** 'contact-submissions-2026-11-21.csv', dated in the admin's own time zone. */
export function csvFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `contact-submissions-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}
