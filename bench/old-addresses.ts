import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import {
  alternatingRounds,
  amountSettings,
  type Baseline,
  beginDatabaseBench,
  emptyServerEnv,
  fixed,
  loadAmount,
  ratioLine,
  rawGet,
  replayable,
  runsSummary,
  setting,
  signIn,
  startBaseline,
  stopBench,
  table,
} from './lib.ts'

// Issue 31: an old address moved here (a redirect of /admin/redirects, an imported post's
// permalink) answered from memory with its 301, against a bare node:http server answering the same
// 301 byte for byte, in the same run (the machine is shared: only the ratio means something).
// The site holds REDIRECTS redirects, as after importing years of WordPress posts.

const { CONNECTIONS, REQUESTS, WARMUP, ROUNDS } = amountSettings()
const REDIRECTS = setting('BENCH_REDIRECTS', 5_000, 1, 50_000)
const TARGET = 0.5
const OLD = '/2019/05/old-address-2500/'

/** REDIRECTS old permalinks, imported as one CSV through the admin API. */
async function addRedirects(url: string) {
  const lines = ['from,to']
  for (let i = 0; i < REDIRECTS; i++) lines.push(`/2019/05/old-address-${i}/,/blog/new-address-${i}`)
  const res = await fetch(`${url}/api/admin/redirects/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await signIn(url), origin: url },
    body: JSON.stringify({ csv: lines.join('\n') }),
  })
  if (res.status !== 200) throw new Error(`the redirect import answered ${res.status}: ${await res.text()}`)
}

const load = (url: string, amount: number) => loadAmount(url, amount, CONNECTIONS)

async function main() {
  const started = beginDatabaseBench(
    `${REDIRECTS} redirects; ${CONNECTIONS} connections; warm-up ${WARMUP} requests per side, then ${ROUNDS} ` +
      `round(s) of ${REQUESTS} requests per side`,
  )
  let server: TestServer | undefined
  let baseline: Baseline | undefined
  let failed = false
  try {
    server = await startTestServer({ keepDataDir: true, env: emptyServerEnv })
    await addRedirects(server.url)
    // The first request reads the table into memory (through Hono); the rest are the fast path.
    const first = await rawGet(`${server.url}${OLD}`)
    if (first.status !== 301) throw new Error(`GET ${OLD} answered ${first.status}`)
    const headers = replayable(first.headers)
    // The fast path's answer (no request id: the request log is behind it) is what the baseline replays.
    const fast = await rawGet(`${server.url}${OLD}`)
    baseline = await startBaseline({ [OLD]: { status: 301, headers: replayable(fast.headers), bodyBase64: '' } })
    process.stdout.write(`GET ${OLD} → 301 ${headers.location}\n`)

    const appUrl = `${server.url}${OLD}`
    const baseUrl = `${baseline.url}${OLD}`
    if (WARMUP > 0) {
      await load(baseUrl, WARMUP)
      await load(appUrl, WARMUP)
    }
    const runs = await alternatingRounds(ROUNDS, '301', (side) => load(side === 'app' ? appUrl : baseUrl, REQUESTS))
    const a = runsSummary(runs.app, '301')
    const b = runsSummary(runs.base, '301')
    const ratio = a.rps / b.rps
    process.stdout.write(
      `\n${table(
        [`GET ${OLD}`, 'req/s', 'not 301', 'errors'],
        [
          ['app (table in memory, hits counted)', fixed(a.rps), String(a.notStatus), String(a.errors)],
          ['baseline (node:http 301)', fixed(b.rps), String(b.notStatus), String(b.errors)],
        ],
      )}\n`,
    )
    process.stdout.write(ratioLine(ratio, TARGET))
    if (a.notStatus > 0 || a.errors > 0) failed = true
    process.stdout.write(`\ntotal time ${fixed((performance.now() - started) / 1000, 1)} s\n`)
  } finally {
    await stopBench(server, baseline)
  }
  if (failed) {
    process.stderr.write('FAIL: answers other than 301, or errors (see above)\n')
    process.exitCode = 1
  }
}

await main()
