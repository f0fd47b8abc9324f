import { useEffect, useState } from 'react'
import type { LegalSection } from '#app/features/legal/legal-document.ts'
import { cn } from '#app/lib/utils.ts'

/** The id of the section heading nearest the top of the viewport, for highlighting the TOC. */
function useActiveSection(ids: string[]) {
  const [active, setActive] = useState<string | null>(null)
  const key = ids.join(' ')
  useEffect(() => {
    const headings = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null)
    if (headings.length === 0 || typeof IntersectionObserver === 'undefined') return
    const visible = new Set<string>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id)
          else visible.delete(entry.target.id)
        }
        const first = headings.find((h) => visible.has(h.id))
        if (first) setActive(first.id)
      },
      // A heading counts once it passes under the sticky header and before the lower two thirds.
      { rootMargin: '-80px 0px -66% 0px' },
    )
    for (const h of headings) observer.observe(h)
    return () => observer.disconnect()
  }, [key])
  return active
}

export function LegalToc({ sections }: { sections: LegalSection[] }) {
  const active = useActiveSection(sections.map((s) => s.id))
  return (
    <aside className="print:hidden lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
      <nav
        aria-labelledby="toc-label"
        className="rounded-xl border bg-slate-50 p-5 lg:border-0 lg:bg-transparent lg:p-0"
      >
        <p id="toc-label" className="text-xs font-semibold uppercase tracking-wider text-slate-600">
          Table of contents
        </p>
        <ol className="mt-3 space-y-0.5 lg:border-l lg:border-slate-200">
          {sections.map((section, index) => {
            const isActive = active === section.id
            return (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  aria-current={isActive ? 'location' : undefined}
                  className={cn(
                    'flex gap-2 rounded-md py-1.5 text-sm leading-snug transition-colors hover:text-primary lg:-ml-px lg:rounded-none lg:border-l-2 lg:pl-4',
                    isActive
                      ? 'text-primary lg:border-primary'
                      : 'text-slate-600 lg:border-transparent lg:hover:border-slate-300',
                  )}
                >
                  <span className="w-6 shrink-0 whitespace-nowrap tabular-nums">{index + 1}.</span>{' '}
                  <span>{section.title}</span>
                </a>
              </li>
            )
          })}
        </ol>
      </nav>
    </aside>
  )
}
