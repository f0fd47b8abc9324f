// React Router's default Node entry, plus what the Hono server needs from the build's own copy of
// React Router (server/pages.ts): the context key it fills, the request handler and its context.
export { createRequestHandler, RouterContextProvider } from 'react-router'
export { pageContext } from '#app/lib/context.ts'

import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { twMerge } from 'tailwind-merge'
import { pageContext } from '#app/lib/context.ts'
import { deferHydration } from '#app/lib/deferred-hydration.server.ts'
import { withoutReact } from '#app/lib/route-handle.ts'
import { setClassMerge } from '#app/lib/utils.ts'

// Every page is rendered with tailwind-merge itself; public pages hydrate with its small stand-in,
// which gives the same classes there (app/lib/utils.ts).
setClassMerge(twMerge)

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The CSP nonce of this rendering (server/app.ts): on every inline script React and React
  // Router write, and on the deferred-hydration starter (docs/decisions/022).
  const nonce = loadContext.get(pageContext).nonce
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary whose content is ready when the shell is sent stays in place in the
        // HTML, however large. React's default (12,800 bytes) sends a larger one as a hidden
        // element that a script moves into place: a page read without JavaScript (the contact
        // form of decision 028) would miss it. HydrateApart (decision 016, second addendum).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const final = (callback: (error?: Error | null) => void) => {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          }
          // A reader's page fetches its hydration code after the first paint (docs/decisions/016).
          // An admin screen does not wait: its server HTML is the session skeleton, which paints
          // nothing contentful, so the wait would always run to its 3 s fallback.
          const body = new URL(request.url).pathname.startsWith('/admin')
            ? new PassThrough({ final })
            : deferHydration({
                nonce,
                bootstrap: !withoutReact(
                  routerContext.staticHandlerContext.matches.map((m) => routerContext.routeModules[m.route.id]?.handle),
                ),
                final,
              })
          const stream = createReadableStreamFromReadable(body)

          responseHeaders.set('Content-Type', 'text/html')

          pipe(body)

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error)
          }
        },
      },
    )
  })
}
