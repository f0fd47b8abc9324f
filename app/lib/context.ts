import { createContext } from 'react-router'
import type { AppServices } from '#server/http/env.ts'

/** Filled by the server for every page request; loaders read services and the viewer from it. */
export interface PageContext {
  services: AppServices
  userId: number | null
  /** The visitor's address (behind a trusted proxy, the forwarded one): per-address limits. */
  clientIp: string
  /** This rendering's CSP nonce: React Router and React put it on every inline script. */
  nonce?: string | undefined
}

export const pageContext = createContext<PageContext>()
