import type { AttributionView } from '#common/contract/analytics.ts'
import { toCsv } from '#common/csv.ts'

// The cell rule (formula-safe, RFC 4180) is shared with the server's activity log export.
export { csvCell, toCsv } from '#common/csv.ts'

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
