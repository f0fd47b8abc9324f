import { useEffect, useState } from 'react'
import { initialTyping, nextTyping, typedText, typingDelay } from '#app/features/landing/typing.ts'

/**
 * The hero's typed text; stays empty (the static words show instead) when motion is reduced.
 * The timer chain drives itself instead of waiting for each render to schedule the next step,
 * so the cadence is exactly the spec's whatever React's render timing (and fake clocks work).
 */
export function useTypedWord(words: readonly string[], enabled: boolean): string {
  const [state, setState] = useState(initialTyping)
  useEffect(() => {
    if (!enabled) return
    let current = initialTyping
    let timer: ReturnType<typeof setTimeout>
    const step = () => {
      current = nextTyping(current, words)
      setState(current)
      timer = setTimeout(step, typingDelay(current))
    }
    setState(current)
    timer = setTimeout(step, typingDelay(current))
    return () => clearTimeout(timer)
  }, [words, enabled])
  return typedText(state, words)
}
