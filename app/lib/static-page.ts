import { createContext } from 'react'

/**
 * True while the server renders a page that is sent without React (app/root.tsx,
 * app/lib/route-handle.ts): a component whose behaviour needs the browser then writes what the
 * island script (app/islands/public-page.ts) needs to do it instead, such as CoverImage's fallback.
 */
export const StaticPage = createContext(false)
