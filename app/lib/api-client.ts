import type { z } from 'zod'

/**
 * docs/product.md §8 (generic): a non-OK answer raises an error whose message is the status code, a colon
 * and a space, then the body text (or the status text when the body is empty). The parsed JSON
 * body, when there is one, is kept so screens can show the server's own sentence.
 */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`)
    this.name = 'ApiError'
    this.status = status
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {}
    this.body = body
  }

  /** The server's sentence (`error` or `message`), if the body carried one. */
  get serverMessage(): string | null {
    const b = this.body as { error?: unknown; message?: unknown } | null
    if (b && typeof b.message === 'string' && b.message) return b.message
    if (b && typeof b.error === 'string' && b.error) return b.error
    return null
  }

  get fields(): Record<string, string> {
    const f = (this.body as { fields?: unknown } | null)?.fields
    return f && typeof f === 'object' ? (f as Record<string, string>) : {}
  }
}

/** docs/product.md §7: every request sends cookies; a body is JSON with a JSON content type. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText)
  const json: unknown = await res.json()
  return options.schema ? options.schema.parse(json) : (json as T)
}

/**
 * Sends a file as the request body itself (application/octet-stream) to `path` with POST: for the
 * one address that takes a file instead of JSON (the import, issue 31). The same errors as
 * `apiRequest`: a non-OK answer raises an `ApiError` with the server's sentence.
 */
export async function apiUpload<T>(path: string, file: Blob, schema?: z.ZodType<T>): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/octet-stream' },
    body: file,
  })
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText)
  const json: unknown = await res.json()
  return schema ? schema.parse(json) : (json as T)
}

export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>) => apiRequest<T>('GET', path, { schema }),
  post: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) => apiRequest<T>('POST', path, { body, schema }),
  put: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) => apiRequest<T>('PUT', path, { body, schema }),
  patch: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) => apiRequest<T>('PATCH', path, { body, schema }),
  delete: <T>(path: string, schema?: z.ZodType<T>) => apiRequest<T>('DELETE', path, { schema }),
}

/**
 * docs/product.md §7's default data loader: a GET whose 401 is an error by default, or null when asked.
 */
export function getQueryFn<T>(path: string, on401: 'throw' | 'returnNull' = 'throw') {
  return async (): Promise<T | null> => {
    try {
      return await api.get<T>(path)
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null
      throw error
    }
  }
}
