import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { createRequestHandler, RouterContext, RouterContextProvider, ServerBuild } from 'react-router'
import type { PageHandler } from '#server/app.ts'
import type { PageContext } from '#server/http/env.ts'
import { serverBuildFile } from '#server/paths.ts'

/**
 * What `app/entry.server.tsx` exports besides its renderer. The page build carries its own copy of
 * React Router (docs/decisions/039): its request handler and context must serve its routes.
 */
interface BuildEntry {
  createRequestHandler: typeof createRequestHandler
  RouterContextProvider: typeof RouterContextProvider
  pageContext: RouterContext<PageContext>
}

/** Wraps a React Router server build (production file or Vite's dev module) as a page handler. */
export function pageHandlerFor(getBuild: () => Promise<ServerBuild>, mode: 'production' | 'development'): PageHandler {
  let handle: ReturnType<typeof createRequestHandler> | undefined
  return async (request, services, userId, clientIp = '', nonce = undefined) => {
    const entry = (await getBuild()).entry.module as unknown as BuildEntry
    handle ??= entry.createRequestHandler(getBuild, mode)
    const context = new entry.RouterContextProvider()
    context.set(entry.pageContext, { services, userId, clientIp, nonce })
    return handle(request, context)
  }
}

export async function loadProductionPages(): Promise<PageHandler> {
  if (!existsSync(serverBuildFile)) throw new Error(`No page build at ${serverBuildFile}: run npm run build`)
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild
  return pageHandlerFor(async () => build, 'production')
}

/** A page handler whose build loads later: at its first page request, or at `warm()` if sooner. */
export interface DeferredPages extends PageHandler {
  /** Starts loading the build now; does nothing more after the first call. */
  warm: () => void
  /** Settles once the build has loaded (or failed to), after the first `warm()` or page request. */
  loaded: Promise<PageHandler>
}

/**
 * The production pages without loading them yet (docs/decisions/042-fast-restart.md): the page
 * build is the largest module of a start (~0.1 s of this thread), and health checks, the API,
 * short links and assets do not need it. A missing build still fails here, at start.
 */
export function deferredProductionPages(): DeferredPages {
  if (!existsSync(serverBuildFile)) throw new Error(`No page build at ${serverBuildFile}: run npm run build`)
  let warm = () => {}
  const gate = new Promise<void>((resolve) => {
    warm = resolve
  })
  const loaded = gate.then(loadProductionPages)
  const pages: PageHandler = async (...args) => {
    warm()
    return (await loaded)(...args)
  }
  return Object.assign(pages, { warm, loaded })
}
