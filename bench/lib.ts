// Shared helpers of the benches: build check, bounded settings, tight readiness polling, tables.
import { existsSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { serverBuildFile } from '#server/paths.ts'
import { buildSite } from '#tests/helpers/server-process.ts'

/** The server imports the React Router build at start; build it once when it is missing. */
export function ensureBuild() {
  if (existsSync(serverBuildFile)) return
  process.stdout.write(`No page build at ${serverBuildFile}: building it first (not part of any figure).\n`)
  buildSite()
}

/** An integer setting from the environment, clamped so a typo cannot make a bench run for hours. */
export function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got ${raw}`)
  return Math.min(max, Math.max(min, n))
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const fixed = (n: number, digits = 0) => n.toFixed(digits)

/** Monospace table: first column left-aligned, the others right-aligned. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function machineLine(): string {
  const cpus = os.cpus()
  return `node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`
}

/** Status of one GET on a fresh connection, or null when nothing answers (yet). */
export function statusOf(url: string, timeoutMs = 2_000): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? null))
      res.on('error', () => resolve(null))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(null))
  })
}

/**
 * Polls until `url` answers 200, every `intervalMs` (tight, so the wait adds at most a few ms to a
 * start-up figure; startTestServer polls every 150 ms, too coarse for timing). Rejects when the
 * process exits first or after `timeoutMs`.
 */
export async function waitForOk(
  url: string,
  exited: Promise<unknown>,
  { intervalMs = 5, timeoutMs = 60_000 } = {},
): Promise<void> {
  let gone = false
  exited.then(() => {
    gone = true
  })
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if ((await statusOf(url)) === 200) return
    if (gone) throw new Error(`process exited before ${url} answered 200`)
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
