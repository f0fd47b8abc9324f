/**
 * docs/product.md §5: keywords, key points and tags ignore duplicates and blank values. The server applies
 * the same rule (common/contract/ai.ts uniqueList); this is what the list inputs show as typed.
 */

export type AddOutcome = 'added' | 'blank' | 'duplicate' | 'full'

/** Trims and collapses inner whitespace: '  rewarded   video ' → 'rewarded video'. */
export function normalizeItem(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ')
}

/** True when `list` already holds `raw` (case-insensitive, after normalizing). */
export function hasItem(list: readonly string[], raw: string): boolean {
  const key = normalizeItem(raw).toLowerCase()
  return key !== '' && list.some((item) => item.toLowerCase() === key)
}

/** Adds `raw` to the end unless it is blank, already there, or the list is full. */
export function addItem(
  list: readonly string[],
  raw: string,
  max = Number.POSITIVE_INFINITY,
): { list: string[]; outcome: AddOutcome } {
  const item = normalizeItem(raw)
  if (item === '') return { list: [...list], outcome: 'blank' }
  if (hasItem(list, item)) return { list: [...list], outcome: 'duplicate' }
  if (list.length >= max) return { list: [...list], outcome: 'full' }
  return { list: [...list, item], outcome: 'added' }
}

/** Adds several at once (a pasted "a, b, c"), each under the same rule. */
export function addItems(list: readonly string[], raw: string, max = Number.POSITIVE_INFINITY): string[] {
  return raw.split(/[,\n]/).reduce<string[]>((acc, part) => addItem(acc, part, max).list, [...list])
}

export function removeItem(list: readonly string[], item: string): string[] {
  return list.filter((x) => x !== item)
}

/** Drops blanks and duplicates from a list that came from elsewhere (the AI's tags). */
export function uniqueItems(list: readonly string[], max = Number.POSITIVE_INFINITY): string[] {
  return list.reduce<string[]>((acc, item) => addItem(acc, item, max).list, [])
}
