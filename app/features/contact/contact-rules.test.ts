import { describe, expect, test } from 'vitest'
import {
  CONTACT_MESSAGES,
  CONTACT_SUCCESS_MS,
  contactPayload,
  emptyContact,
  missingRequired,
} from '#app/features/contact/contact-rules.ts'
import { ContactInput } from '#common/contract/contact.ts'
import { X_LINK_TOUCH } from '#tests/fixtures/touches.ts'

describe('contact form rules', () => {
  test('name, e-mail and message are required, company is optional', () => {
    const filled = { ...emptyContact, name: 'Ada', email: 'ada@example.com', message: 'Hello' }
    expect(missingRequired(filled)).toBe(false)
    expect(missingRequired({ ...filled, name: '' })).toBe(true)
    expect(missingRequired({ ...filled, email: '' })).toBe(true)
    expect(missingRequired({ ...filled, message: '' })).toBe(true)
  })

  test('a field of spaces only counts as missing', () => {
    expect(missingRequired({ ...emptyContact, name: '   ', email: 'a@b.co', message: 'x' })).toBe(true)
  })

  test('the payload is trimmed, sends a blank company as null and leaves out an empty honeypot', () => {
    expect(
      contactPayload({ name: ' Ada ', email: ' ada@example.com', company: ' ', message: ' Hi ', website: '' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', company: null, message: 'Hi' })
  })

  test("the payload carries the session's first touch as attribution when there is one (issue 16)", () => {
    const fields = { name: 'Ada', email: 'ada@example.com', company: '', message: 'Hi', website: '' }
    const attribution = { ...X_LINK_TOUCH, postId: 4 }
    const payload = contactPayload(fields, attribution)
    expect(payload.attribution).toEqual(attribution)
    expect(ContactInput.safeParse(payload).success).toBe(true)
    expect(contactPayload(fields, null)).not.toHaveProperty('attribution')
  })

  test('uses the spec wording and the 3 second success state', () => {
    expect(CONTACT_SUCCESS_MS).toBe(3000)
    expect(CONTACT_MESSAGES.missing).toEqual({ title: 'Error', description: 'Please fill in all required fields.' })
    expect(CONTACT_MESSAGES.failure.description).toBe('Failed to send message. Please try again.')
    expect(CONTACT_MESSAGES.success.title).toBe('Quest Started! 🎯')
  })
})
