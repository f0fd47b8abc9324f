import { createContext } from 'react-router'
import type { AppServices } from '#server/http/env.ts'

/** Filled by the server for every page request; loaders read services and the viewer from it. */
export interface PageContext {
  services: AppServices
  userId: number | null
}

export const pageContext = createContext<PageContext>()
