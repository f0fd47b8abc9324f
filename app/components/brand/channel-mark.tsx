import { XLogo } from '#app/components/brand/x-logo.tsx'
import { cn } from '#app/lib/utils.ts'
import type { Channel } from '#common/channel-names.ts'

/** Each network's colour and a short monogram (lucide has no brand icons; X has its own mark). */
const MARKS: Record<Exclude<Channel, 'x'>, { glyph: string; className: string }> = {
  linkedin: { glyph: 'in', className: 'bg-[#0a66c2]' },
  bluesky: { glyph: 'B', className: 'bg-[#0866ff]' },
  mastodon: { glyph: 'M', className: 'bg-[#563acc]' },
  threads: { glyph: '@', className: 'bg-slate-900' },
}

/** A network's small square mark. Decorative: the text beside it names the network. */
export function ChannelMark({ channel, className }: { channel: Channel; className?: string }) {
  const mark = channel === 'x' ? null : MARKS[channel]
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-6 shrink-0 items-center justify-center rounded-md text-[11px] leading-none font-bold text-white',
        mark ? mark.className : 'bg-slate-900',
        className,
      )}
    >
      {mark ? mark.glyph : <XLogo className="size-3" />}
    </span>
  )
}
