import { expect, test } from 'vitest'
import { REWRITE_PREVIEW_LENGTH, rewritePreview } from '#common/rewrite-preview.ts'

test('the preview length is the 500 characters of docs/product.md §9', () => {
  expect(REWRITE_PREVIEW_LENGTH).toBe(500)
})

test('content of at most 500 characters is shown whole', () => {
  const text = 'a'.repeat(500)
  expect(rewritePreview(text)).toBe(text)
})

test('longer content shows its first 500 characters and an ellipsis', () => {
  const text = `${'b'.repeat(500)}TAIL`
  expect(rewritePreview(text)).toBe(`${'b'.repeat(500)}...`)
})

test('characters are counted whole, so an emoji is never cut in half', () => {
  const text = `${'c'.repeat(499)}🎯🎯🎯`
  expect(rewritePreview(text)).toBe(`${'c'.repeat(499)}🎯...`)
})
