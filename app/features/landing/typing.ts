/** docs/product.md §4/§9: the hero types each word (100 ms a letter), holds it 2 s, deletes it (50 ms a letter). */
export const TYPE_MS = 100
export const DELETE_MS = 50
export const HOLD_MS = 2000
export const HERO_WORDS = ['Engage.', 'Reward.', 'Convert.'] as const

export interface TypingState {
  wordIndex: number
  /** How many letters of the current word are shown. */
  length: number
  phase: 'typing' | 'holding' | 'deleting'
}

export const initialTyping: TypingState = { wordIndex: 0, length: 0, phase: 'typing' }

/** How long the current state stays on screen before `nextTyping` is applied. */
export function typingDelay(state: TypingState): number {
  if (state.phase === 'holding') return HOLD_MS
  return state.phase === 'typing' ? TYPE_MS : DELETE_MS
}

/** One step of the cycle: type a letter, hold the full word, delete a letter, move to the next word. */
export function nextTyping(state: TypingState, words: readonly string[]): TypingState {
  const word = words[state.wordIndex] ?? ''
  if (state.phase === 'typing') {
    const length = Math.min(word.length, state.length + 1)
    return { ...state, length, phase: length === word.length ? 'holding' : 'typing' }
  }
  if (state.phase === 'holding') return { ...state, phase: 'deleting' }
  const length = Math.max(0, state.length - 1)
  if (length > 0) return { ...state, length }
  return { wordIndex: (state.wordIndex + 1) % words.length, length: 0, phase: 'typing' }
}

export function typedText(state: TypingState, words: readonly string[]): string {
  return (words[state.wordIndex] ?? '').slice(0, state.length)
}
