import { ApiError } from '#app/lib/api-client.ts'

/** docs/product.md §9 durations, as the busy buttons show them. */
export const TOPICS_DURATION = '(10-15s)'
export const CONTENT_DURATION = '15-30s'
export const IMAGE_DURATION = '20-30s'

/** fetch() rejects with a TypeError when the request never got an answer (offline, reset, CORS). */
export const isNetworkError = (error: unknown) => error instanceof TypeError

/** The server's own sentence for a refused call, or null (network failures, unexpected bodies). */
export const serverSentence = (error: unknown): string | null =>
  error instanceof ApiError ? error.serverMessage : null

/** A sentence ends with its punctuation; a raw message ('Failed to fetch') gets a full stop. */
export const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)
