/**
 * The one script of a public page that is not hydrated (a post and the blog list loaded as a
 * document; routes with `handle.hydrate === false`, app/root.tsx): what they do is in
 * app/islands/page.ts. docs/decisions/043-pages-without-hydration.md
 *
 * Built by Vite as a classic script of its own (imported with `?worker&url` in root.tsx: a bundle
 * with no imports and a hashed name), loaded with `defer`.
 */
import { startPage } from './page.ts'

startPage()
