import { describe, expect, test } from 'vitest'
import { addItem, addItems, hasItem, normalizeItem, removeItem, uniqueItems } from '#app/components/ui/list-rules.ts'

describe('list rules of docs/product.md §5 (keywords, key points, tags)', () => {
  test('an item is trimmed and its inner spaces collapsed', () => {
    expect(normalizeItem('  rewarded   video \n')).toBe('rewarded video')
  })

  test('a new item is added at the end', () => {
    expect(addItem(['gen z'], ' rewarded video ')).toEqual({ list: ['gen z', 'rewarded video'], outcome: 'added' })
  })

  test('a blank item is ignored', () => {
    expect(addItem(['gen z'], '   ')).toEqual({ list: ['gen z'], outcome: 'blank' })
  })

  test('a duplicate is ignored, whatever its case or spacing', () => {
    expect(addItem(['Gen Z'], ' gen   z')).toEqual({ list: ['Gen Z'], outcome: 'duplicate' })
    expect(hasItem(['Gen Z'], 'GEN Z')).toBe(true)
    expect(hasItem(['Gen Z'], '')).toBe(false)
  })

  test('a full list takes no more', () => {
    expect(addItem(['a', 'b'], 'c', 2)).toEqual({ list: ['a', 'b'], outcome: 'full' })
  })

  test('the original list is never changed', () => {
    const list = ['a']
    addItem(list, 'b')
    expect(list).toEqual(['a'])
  })

  test('comma- or line-separated text adds each part under the same rule', () => {
    expect(addItems(['loyalty'], 'vouchers, , Loyalty,\nroblox')).toEqual(['loyalty', 'vouchers', 'roblox'])
  })

  test('remove takes out exactly that item', () => {
    expect(removeItem(['a', 'b', 'c'], 'b')).toEqual(['a', 'c'])
  })

  test('a list from elsewhere loses its blanks and duplicates, keeping the first spelling', () => {
    expect(uniqueItems(['Marketing', 'gen z', '', 'marketing', ' Gen  Z '])).toEqual(['Marketing', 'gen z'])
  })
})
