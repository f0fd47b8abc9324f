// How the production server process is started: `npm start` (scripts/start.js) and the test and
// bench servers (tests/helpers/server-process.ts) use the same settings, so what is tested and
// measured is what runs. docs/decisions/038-server-memory.md
// Plain JavaScript (typed by JSDoc, checked by tsc): `npm start` loads it before the server, and a
// TypeScript file there costs Node's type stripping, ~50 ms of every restart (decision 068).

/**
 * V8 flags on the server's command line (Node refuses them in NODE_OPTIONS):
 * - `--liftoff-only`: PGlite's PostgreSQL (WebAssembly) is compiled once by V8's baseline compiler
 *   and never again by TurboFan, whose compile took up to ~450 MB at its peak and left 50-70 MB of
 *   malloc behind;
 * - `--heap-growing-percent=60`: after a full garbage collection V8 lets the heap grow by 60 % of
 *   what is live before the next one, instead of up to 4 times, so garbage (PGlite's results,
 *   image bytes, rendered pages) no longer piles up to 100-150 MB between collections.
 *   (`--optimize-for-size` saved a little more but made uncached page renders ~20 % slower.)
 * An operator's own flags come after these and win (`--no-liftoff-only`, `--heap-growing-percent=0`).
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--heap-growing-percent=60']

/** Semi-spaces of 4 MB for V8's young generation instead of up to 64 MB (allowed in NODE_OPTIONS). */
export const SERVER_NODE_OPTIONS = '--max-semi-space-size=4'

/**
 * glibc's malloc: two arenas instead of one per thread, and blocks of 128 KB or more always mapped
 * on their own, so they go back to the system when freed (glibc raises that bar to 32 MB as large
 * blocks come and go, then keeps them). An operator's own MALLOC_* values win.
 */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

/**
 * The environment the server runs with: ours, then the operator's, with NODE_OPTIONS joined (V8 takes a flag's last value).
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function serverProcessEnv(env) {
  return {
    ...SERVER_MALLOC_ENV,
    ...env,
    NODE_OPTIONS: `${SERVER_NODE_OPTIONS} ${env.NODE_OPTIONS ?? ''}`.trim(),
  }
}
