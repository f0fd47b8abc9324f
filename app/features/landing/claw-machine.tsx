import { CLAW_REST } from '#app/features/landing/claw.ts'
import { CLAW_PRIZES } from '#app/features/landing/content.ts'

/**
 * docs/product.md §4: the claw follows the pointer within its limits while hovered, a click grabs for 1 s,
 * and leaving puts it back. It is a button, so keyboard users can grab too.
 */
export function ClawMachine() {
  // At rest in the HTML; landing-page.ts moves it (not when motion is reduced).
  const pos = CLAW_REST
  return (
    <button
      type="button"
      data-testid="claw-machine"
      data-x={pos.x}
      data-y={pos.y}
      data-grabbing="false"
      className="relative mx-auto block aspect-[4/5] w-full max-w-sm cursor-crosshair overflow-hidden rounded-[2rem] border-8 border-violet-900 bg-gradient-to-b from-violet-950 to-slate-950 shadow-2xl"
    >
      {/* The name is the visible hint below, introduced: voice control users can say what they see. */}
      <span className="sr-only">Claw machine: </span>
      {/* Glass, rail and prize pit are drawn in one SVG; the claw is positioned from state. */}
      <svg viewBox="0 0 320 400" className="absolute inset-0 size-full" aria-hidden="true">
        <defs>
          <linearGradient id="claw-glass" x1="0" x2="1">
            <stop offset="0" stopColor="#fff" stopOpacity="0.08" />
            <stop offset="0.5" stopColor="#fff" stopOpacity="0.02" />
            <stop offset="1" stopColor="#fff" stopOpacity="0.1" />
          </linearGradient>
        </defs>
        <rect x="0" y="0" width="320" height="22" fill="#4c1d95" />
        {[20, 60, 100, 140, 180, 220, 260, 300].map((cx, i) => (
          <circle key={cx} cx={cx} cy="11" r="4" fill={i % 2 ? '#f9a8d4' : '#c4b5fd'} />
        ))}
        <rect x="0" y="300" width="320" height="100" fill="#2e1065" />
        <rect x="0" y="296" width="320" height="6" fill="#7c3aed" />
        <rect x="0" y="22" width="320" height="274" fill="url(#claw-glass)" />
        <rect x="250" y="330" width="50" height="50" rx="6" fill="#1e1b4b" stroke="#a78bfa" strokeDasharray="4 3" />
        <text x="275" y="360" textAnchor="middle" fontSize="10" fill="#c4b5fd">
          PRIZE
        </text>
      </svg>
      <ul className="absolute inset-x-6 top-[64%] flex flex-wrap justify-center gap-2" aria-hidden="true">
        {[...CLAW_PRIZES, ...CLAW_PRIZES.slice(0, 3)].map(({ icon: Icon, color }, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
            key={i}
            className="flex size-11 items-center justify-center rounded-full shadow-lg ring-2 ring-white/20"
            style={{ backgroundColor: color }}
          >
            <Icon className="size-5 text-white" />
          </li>
        ))}
      </ul>
      <span
        data-testid="claw"
        aria-hidden="true"
        className="absolute top-0 left-1/2 flex w-16 flex-col items-center transition-transform duration-150 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(calc(-50% + ${pos.x}px))` }}
      >
        <span
          data-claw-rope=""
          className="block w-1 bg-slate-300 transition-[height] ease-in-out motion-reduce:transition-none"
          style={{ height: `${pos.y + 10}px`, transitionDuration: '150ms' }}
        />
        <svg viewBox="0 0 64 48" className="w-16" aria-hidden="true">
          <rect x="22" y="0" width="20" height="12" rx="3" fill="#e2e8f0" />
          <path
            data-claw-left=""
            d="M26 12 L10 28 L14 44"
            stroke="#f472b6"
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
          <path
            data-claw-right=""
            d="M38 12 L54 28 L50 44"
            stroke="#f472b6"
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
        </svg>
      </span>
      <span className="absolute inset-x-0 bottom-4 text-center text-sm font-medium text-violet-100">
        <span data-claw-hint="" className="motion-reduce:hidden">
          Move to aim · click to grab
        </span>
        <span className="hidden motion-reduce:inline">Rewards your audience will love</span>
      </span>
    </button>
  )
}
