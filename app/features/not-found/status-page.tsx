import type { LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useSite } from '#app/lib/use-site.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * The shape shared by the not-found and error pages: the site's header and footer around a
 * centred message (a picture, an optional eyebrow, the title, the message, the actions in a row,
 * the first one highlighted) and a line with the site's contact address as a mail link.
 */
/** A way out of the page: a link, or a button that runs `onClick`. */
export type StatusAction = { label: string; icon: LucideIcon } & ({ to: string } | { onClick: () => void })

export function StatusPage({
  picture,
  eyebrow,
  title,
  message,
  actions,
  contactPrompt,
}: {
  picture: React.ReactNode
  eyebrow?: string
  title: string
  message: string
  actions: StatusAction[]
  contactPrompt: string
}) {
  const { contactEmail } = useSite()
  return (
    <SiteLayout className="relative isolate flex items-center justify-center overflow-hidden bg-white px-4 py-16 sm:px-6">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-200 via-fuchsia-100 to-pink-200 opacity-60 blur-3xl" />
        <div className="absolute right-0 bottom-0 left-0 h-40 bg-gradient-to-t from-violet-50 to-transparent" />
      </div>
      <div className="mx-auto w-full max-w-xl text-center">
        {picture}
        {eyebrow && <p className="mt-8 text-sm font-semibold tracking-widest text-primary uppercase">{eyebrow}</p>}
        <h1
          className={cn(
            eyebrow ? 'mt-3' : 'mt-8',
            'text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl',
          )}
        >
          {title}
        </h1>
        <p className="mt-5 text-lg leading-8 text-pretty text-slate-600">{message}</p>
        <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {actions.map(({ label, icon: Icon, ...action }, i) => {
            const variant = i === 0 ? 'gradient' : 'outline'
            const content = (
              <>
                <Icon aria-hidden="true" />
                {label}
              </>
            )
            return 'to' in action ? (
              <Button key={label} asChild variant={variant} size="lg">
                <Link to={action.to}>{content}</Link>
              </Button>
            ) : (
              <Button key={label} variant={variant} size="lg" onClick={action.onClick}>
                {content}
              </Button>
            )
          })}
        </div>
        <p className="mt-10 text-sm text-slate-600">
          {contactPrompt}{' '}
          <a
            href={`mailto:${contactEmail}`}
            className="rounded-sm font-medium text-primary underline underline-offset-4 hover:text-violet-800"
          >
            {contactEmail}
          </a>
        </p>
      </div>
    </SiteLayout>
  )
}
