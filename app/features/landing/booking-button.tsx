import { CalendarDays } from 'lucide-react'
import { newTab } from '#app/components/brand/site-links.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useSite } from '#app/lib/use-site.ts'

/** The light outline button that opens the booking page in a new tab, on the landing's dark sections. */
export function BookingButton({ children }: { children: React.ReactNode }) {
  const { bookingUrl } = useSite()
  return (
    <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
      <a href={bookingUrl} {...newTab}>
        <CalendarDays aria-hidden="true" />
        {children}
      </a>
    </Button>
  )
}
