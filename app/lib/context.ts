import { createContext } from 'react-router'
import type { PageContext } from '#server/http/env.ts'

export type { PageContext }

/** The key of what the server hands every page request (server/pages.ts): services and the viewer. */
export const pageContext = createContext<PageContext>()
