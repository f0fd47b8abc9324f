import { cva } from 'class-variance-authority'
import { Play } from 'lucide-react'
import { cn } from '#app/lib/utils.ts'

const placeholder = cva('relative flex size-full items-center justify-center overflow-hidden bg-gradient-to-br', {
  variants: {
    tone: {
      violet: 'from-violet-700 via-fuchsia-700 to-pink-600',
      indigo: 'from-indigo-700 via-violet-700 to-fuchsia-600',
      pink: 'from-fuchsia-700 via-pink-600 to-rose-500',
      deep: 'from-violet-950 via-violet-800 to-pink-700',
    },
  },
  defaultVariants: { tone: 'violet' },
})

const TONES = ['violet', 'indigo', 'pink', 'deep'] as const

/** The same category always gets the same gradient, so a grid of placeholders is not uniform. */
function toneFor(key: string | null | undefined): (typeof TONES)[number] {
  if (!key) return 'violet'
  let hash = 0
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return TONES[hash % TONES.length] as (typeof TONES)[number]
}

/** The branded gradient shown when a post has no image or its image fails to load. */
export function PostPlaceholder({
  label,
  tone,
  className,
}: {
  label?: string
  /** Any key (the category): picks one of the brand gradients. */
  tone?: string | null
  className?: string
}) {
  const art = (
    <>
      <div className="absolute -top-1/4 -left-1/4 size-3/4 rounded-full bg-white/10 blur-2xl" />
      <div className="absolute -right-1/4 -bottom-1/3 size-3/4 rounded-full bg-pink-300/20 blur-2xl" />
      <div className="relative flex flex-col items-center gap-3 text-white">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/30 backdrop-blur-sm">
          <Play className="size-6 fill-white" aria-hidden="true" />
        </span>
        {label ? (
          <span aria-hidden="true" className="text-sm font-semibold tracking-wide uppercase">
            {label}
          </span>
        ) : null}
      </div>
    </>
  )
  const classes = cn(placeholder({ tone: toneFor(tone) }), className)
  // Labelled, it stands in for the post's image; unlabelled, it only decorates a card.
  return label ? (
    <div data-slot="post-placeholder" role="img" aria-label={label} className={classes}>
      {art}
    </div>
  ) : (
    <div data-slot="post-placeholder" aria-hidden="true" className={classes}>
      {art}
    </div>
  )
}
