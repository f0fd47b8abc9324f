// The baseline of bench/api.ts: a bare node:http server answering fixed responses, run as its own
// process. The parent sends { routes } over IPC and gets { port } back. Nothing but node:http here:
// whatever this costs per request is the floor any Node server pays on this machine.
import http from 'node:http'

export interface BaselineRoute {
  status: number
  /** Response headers to repeat verbatim (no date, connection or length: set per response). */
  headers: Record<string, string>
  bodyBase64: string
}

export type BaselineMessage = { routes: Record<string, BaselineRoute> }

function serve({ routes }: BaselineMessage) {
  const table = new Map(
    Object.entries(routes).map(([path, r]) => {
      const body = Buffer.from(r.bodyBase64, 'base64')
      return [path, { status: r.status, body, headers: { ...r.headers, 'content-length': String(body.length) } }]
    }),
  )
  const server = http.createServer((req, res) => {
    const route = table.get(req.url ?? '')
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(route.status, route.headers).end(route.body)
  })
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 })
  })
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
  process.on('disconnect', () => process.exit(0))
}

process.once('message', (message) => serve(message as BaselineMessage))
