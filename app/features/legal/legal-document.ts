import type { ReactNode } from 'react'

/** One numbered section of a legal document; `id` is its anchor in the table of contents. */
export interface LegalSection {
  id: string
  title: string
  /** A one-sentence plain-English summary shown above the formal text. */
  summary: string
  body: ReactNode
}

export interface LegalDocument {
  title: string
  /** Shown under the title, e.g. who the document is for. */
  subtitle?: string
  lead: ReactNode
  sections: LegalSection[]
  /** A closing line after the last section (how to ask questions). */
  closing: ReactNode
}

/** Both documents were last revised on the same day (docs/product.md §9). */
export const LEGAL_LAST_UPDATED = { iso: '2024-05-29', label: '29 May 2024' } as const

export const LEGAL_PATHS = { terms: '/legal/terms', privacy: '/legal/privacy' } as const
