import type { AttributionInput } from '#common/contract/analytics.ts'
import type { ContactInput } from '#common/contract/contact.ts'

/** docs/product.md §4/§5/§8 and §9: the contact form's messages and timings, as the spec words them. */
export const CONTACT_SUCCESS_MS = 3000
export const CONTACT_MESSAGES = {
  missing: { title: 'Error', description: 'Please fill in all required fields.' },
  failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
  success: {
    title: 'Quest Started! 🎯',
    description: "Your message has been sent. We'll get back to you within 24 hours!",
  },
} as const

export interface ContactFields {
  name: string
  email: string
  company: string
  message: string
  /** Honeypot: people never see or fill it. */
  website: string
}

export const emptyContact: ContactFields = { name: '', email: '', company: '', message: '', website: '' }

/** Name, e-mail and message are required; whitespace alone counts as missing. */
export function missingRequired(fields: ContactFields): boolean {
  return [fields.name, fields.email, fields.message].some((v) => v.trim() === '')
}

/** The JSON body of POST /api/contact; `attribution` is the session's first touch (issue 16), if kept. */
export function contactPayload(fields: ContactFields, attribution: AttributionInput | null = null): ContactInput {
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    company: fields.company.trim() === '' ? null : fields.company.trim(),
    message: fields.message.trim(),
    ...(fields.website ? { website: fields.website } : {}),
    ...(attribution ? { attribution } : {}),
  }
}

/** What the server answered to the form posted without JavaScript (the landing route's action). */
export type ContactResult =
  | { status: 'sent' }
  | { status: 'refused'; error: string; fields: Record<string, string>; values: Record<string, string> }

/** The form's starting values: what the visitor typed when a plain post was refused, else empty. */
export function initialContact(result: ContactResult | undefined): ContactFields {
  if (result?.status !== 'refused') return emptyContact
  const v = result.values
  return { name: v.name ?? '', email: v.email ?? '', company: v.company ?? '', message: v.message ?? '', website: '' }
}
