/**
 * A small stand-in for tailwind-merge on public pages (decision 037, addendum): the later of two
 * Tailwind classes of the same kind (same variants) wins, with tailwind-merge's algorithm
 * (right to left, a class is dropped when a class of its group, or of a group that overrides it,
 * came later). It knows the class groups the app's public components use; a class it does not know
 * is kept as it is. `class-merge.test.ts` checks it against tailwind-merge on every pair of the
 * classes written in public code. Admin screens (and the server) use tailwind-merge itself.
 */

const SIZES = /^(?:xs|sm|base|lg|md|xl|[2-9]xl)$/
const LENGTH = /^\[(?:length:|[\d.]+(?:px|r?em|%|pt|vh|vw|dvh|svh|ch|ex)\]$|calc\()/
const SIDE = '(?:x|y|s|e|t|r|b|l)'
const WIDTH = /^(?:\d+|\[length:.*|\[[\d.]+px\])$/

/** Literal classes and the group they belong to. */
const LITERAL: Record<string, string> = {}
const literals = (group: string, names: string) => {
  for (const name of names.split(' ')) LITERAL[name] = group
}
literals(
  'display',
  'block inline-block inline flex inline-flex table inline-table table-row table-cell flow-root grid inline-grid contents list-item hidden',
)
literals('position', 'static fixed absolute relative sticky')
literals('visibility', 'visible invisible collapse')
literals('sr', 'sr-only not-sr-only')
literals('isolation', 'isolate isolation-auto')
literals('text-decoration', 'underline overline line-through no-underline')
literals('text-transform', 'uppercase lowercase capitalize normal-case')
literals('font-style', 'italic not-italic')
literals('font-smoothing', 'antialiased subpixel-antialiased')
literals('text-overflow', 'truncate text-ellipsis text-clip')
literals('grow', 'grow')
literals('shrink', 'shrink')
literals('border-w', 'border')
literals('rounded', 'rounded')
literals('shadow', 'shadow')
literals('ring-w', 'ring')
literals('outline-w', 'outline')
literals('transition', 'transition')
literals('blur', 'blur')
literals('backdrop-blur', 'backdrop-blur')
literals('fvn-spacing', 'tabular-nums proportional-nums')

/** `prefix-value` classes: [prefix, group, or a function of the value giving the group]. */
type Rule = [string, string | ((value: string) => string | undefined)]
const sided = (base: string) => (side: string) => (side === '' ? base : `${base}-${side}`)
const RULES: Rule[] = [
  ...['p', 'px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl', 'm', 'mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'].map(
    (p): Rule => [p, p],
  ),
  ...['w', 'h', 'size', 'min-w', 'min-h', 'max-w', 'max-h', 'gap', 'gap-x', 'gap-y', 'space-x', 'space-y'].map(
    (p): Rule => [p, p],
  ),
  ...['inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end', 'z', 'order'].map(
    (p): Rule => [p, p],
  ),
  ...['scroll-m', 'scroll-mx', 'scroll-my', 'scroll-mt', 'scroll-mr', 'scroll-mb', 'scroll-ml'].map(
    (p): Rule => [p, p],
  ),
  ...['opacity', 'duration', 'delay', 'ease', 'animate', 'cursor', 'pointer-events', 'select', 'aspect', 'leading'].map(
    (p): Rule => [p, p],
  ),
  ...['tracking', 'whitespace', 'items', 'justify', 'self', 'content', 'basis', 'fill', 'stroke', 'align', 'break'].map(
    (p): Rule => [p, p],
  ),
  ...['justify-self', 'justify-items', 'place-self', 'place-items', 'place-content'].map((p): Rule => [p, p]),
  ...['underline-offset', 'decoration', 'scale', 'scale-x', 'scale-y', 'rotate', 'translate-x', 'translate-y'].map(
    (p): Rule => [p, p],
  ),
  ...['grid-cols', 'grid-rows', 'col-span', 'col-start', 'col-end', 'row-span', 'row-start', 'row-end'].map(
    (p): Rule => [p, p],
  ),
  ...['line-clamp', 'outline-offset', 'overflow', 'overflow-x', 'overflow-y', 'blur', 'backdrop-blur'].map(
    (p): Rule => [p, p],
  ),
  ['from', 'gradient-from'],
  ['via', 'gradient-via'],
  ['to', 'gradient-to'],
  ['object', (v) => (/^(?:contain|cover|fill|none|scale-down)$/.test(v) ? 'object-fit' : 'object-position')],
  ['list', (v) => (/^(?:inside|outside)$/.test(v) ? 'list-position' : 'list-style-type')],
  ['flex', (v) => (/^(?:row|col)(?:-reverse)?$/.test(v) ? 'flex-direction' : /wrap/.test(v) ? 'flex-wrap' : 'flex')],
  ['grow', 'grow'],
  ['shrink', 'shrink'],
  [
    'font',
    (v) =>
      /^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(v) ? 'font-weight' : 'font-family',
  ],
  [
    'text',
    (v) =>
      SIZES.test(v) || LENGTH.test(v)
        ? 'font-size'
        : /^(?:left|center|right|justify|start|end)$/.test(v)
          ? 'text-alignment'
          : /^(?:wrap|nowrap|balance|pretty)$/.test(v)
            ? 'text-wrap'
            : /^(?:ellipsis|clip)$/.test(v)
              ? 'text-overflow'
              : 'text-color',
  ],
  [
    'bg',
    (v) =>
      // tailwind-merge 3 takes Tailwind 3's `bg-gradient-to-r` for a colour: so does this.
      /^(?:linear-|radial|conic|none$)/.test(v)
        ? 'bg-image'
        : /^clip-/.test(v)
          ? 'bg-clip'
          : /^(?:auto|cover|contain)$/.test(v)
            ? 'bg-size'
            : /^(?:center|top|bottom|left|right)/.test(v)
              ? 'bg-position'
              : /^(?:repeat|no-repeat)/.test(v)
                ? 'bg-repeat'
                : /^(?:fixed|local|scroll)$/.test(v)
                  ? 'bg-attachment'
                  : 'bg-color',
  ],
  [
    'border',
    (v) => {
      const m = new RegExp(`^(?:(${SIDE})(?:-|$))?(.*)$`).exec(v) as RegExpExecArray
      const side = sided('')(m[1] ?? '')
      const rest = m[2] as string
      if (rest === '' || WIDTH.test(rest)) return `border-w${side}`
      if (/^(?:solid|dashed|dotted|double|hidden|none)$/.test(rest)) return 'border-style'
      return `border-color${side}`
    },
  ],
  [
    'rounded',
    (v) => {
      const m = /^(?:(ss|se|ee|es|tl|tr|br|bl|s|e|t|r|b|l)(?:-|$))?/.exec(v) as RegExpExecArray
      return m[1] ? `rounded-${m[1]}` : 'rounded'
    },
  ],
  ['shadow', (v) => (/^(?:2xs|xs|sm|md|lg|xl|2xl|none|inner)$|^\[/.test(v) ? 'shadow' : 'shadow-color')],
  ['ring', (v) => (/^(?:\d+|inset)$/.test(v) ? (v === 'inset' ? 'ring-inset' : 'ring-w') : 'ring-color')],
  [
    'outline',
    (v) =>
      /^\d+$/.test(v)
        ? 'outline-w'
        : /^(?:none|hidden|solid|dashed|dotted|double)$/.test(v)
          ? 'outline-style'
          : 'outline-color',
  ],
  ['transition', 'transition'],
  ['ring-offset', (v) => (/^\d+$/.test(v) ? 'ring-offset-w' : 'ring-offset-color')],
  ['break-after', 'break-after'],
  ['break-before', 'break-before'],
  ['break-inside', 'break-inside'],
]

/** The classes each group overrides when it comes later, as tailwind-merge's default config has them. */
const CONFLICTS: Record<string, string[]> = {
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  'scroll-m': ['scroll-mx', 'scroll-my', 'scroll-mt', 'scroll-mr', 'scroll-mb', 'scroll-ml'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'].concat(
    ['ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'].map((c) => `rounded-${c}`),
  ),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((s) => `border-w-${s}`),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((s) => `border-color-${s}`),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  'line-clamp': ['display', 'overflow'],
  flex: ['basis', 'grow', 'shrink'],
}

function groupOf(base: string): string | undefined {
  // An arbitrary property (`[animation:…]`) is its own group, by property.
  if (base.startsWith('[')) return /^\[[\w-]+:/.exec(base)?.[0]
  const name = base.startsWith('-') ? base.slice(1) : base
  const literal = LITERAL[name]
  if (literal) return literal
  // The longest matching prefix wins (`gap-x-2` is gap-x, not gap).
  let best: Rule | undefined
  for (const rule of RULES) {
    const prefix = rule[0]
    if (name.startsWith(`${prefix}-`) && (!best || prefix.length > best[0].length)) best = rule
  }
  if (!best) return undefined
  const value = name.slice(best[0].length + 1)
  return typeof best[1] === 'string' ? best[1] : best[1](value)
}

/** Splits `hover:sm:!p-2` into its variants and the class, ignoring colons inside brackets. */
function parse(cls: string): { variants: string[]; base: string; important: boolean } {
  const variants: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i]
    if (c === '[' || c === '(') depth++
    else if (c === ']' || c === ')') depth--
    else if (c === ':' && depth === 0) {
      variants.push(cls.slice(start, i))
      start = i + 1
    }
  }
  let base = cls.slice(start)
  let important = false
  if (base.startsWith('!')) {
    important = true
    base = base.slice(1)
  } else if (base.endsWith('!')) {
    important = true
    base = base.slice(0, -1)
  }
  return { variants, base, important }
}

/** Variants sorted as tailwind-merge sorts them: arbitrary ones (`[&_svg]`) keep their place. */
function variantKey(variants: string[]): string {
  const out: string[] = []
  let run: string[] = []
  for (const v of variants) {
    if (v.startsWith('[')) {
      out.push(...run.sort(), v)
      run = []
    } else run.push(v)
  }
  out.push(...run.sort())
  return out.join(':')
}

const cache = new Map<string, string>()

export function mergeClasses(classList: string): string {
  const cached = cache.get(classList)
  if (cached !== undefined) return cached
  const seen = new Set<string>()
  const kept: string[] = []
  const classes = classList.trim().split(/\s+/)
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i] as string
    if (cls === '') continue
    const { variants, base, important } = parse(cls)
    const group = groupOf(base)
    if (!group) {
      kept.push(cls)
      continue
    }
    const key = `${variantKey(variants)}${important ? '!' : ''}:`
    if (seen.has(key + group)) continue
    seen.add(key + group)
    for (const other of CONFLICTS[group] ?? []) seen.add(key + other)
    kept.push(cls)
  }
  const result = kept.reverse().join(' ')
  if (cache.size > 500) cache.clear()
  cache.set(classList, result)
  return result
}
