import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { RouterContext } from 'react-router'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import type { PageHandler } from '#server/app.ts'
import type { PageContext } from '#server/http/env.ts'
import { serverBuildFile } from '#server/paths.ts'

/** Wraps a React Router server build (production file or Vite's dev module) as a page handler. */
export function pageHandlerFor(getBuild: () => Promise<ServerBuild>, mode: 'production' | 'development'): PageHandler {
  const handle = createRequestHandler(getBuild, mode)
  return async (request, services, userId, clientIp = '', nonce = undefined) => {
    const build = await getBuild()
    // The key must be the build's own copy of pageContext: app code is bundled separately.
    const key = (build.entry.module as unknown as { pageContext: RouterContext<PageContext> }).pageContext
    const context = new RouterContextProvider()
    context.set(key, { services, userId, clientIp, nonce })
    return handle(request, context)
  }
}

export async function loadProductionPages(): Promise<PageHandler> {
  if (!existsSync(serverBuildFile)) throw new Error(`No page build at ${serverBuildFile}: run npm run build`)
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild
  return pageHandlerFor(async () => build, 'production')
}
