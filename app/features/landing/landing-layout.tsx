import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { DemoModal } from '#app/features/landing/demo-modal.tsx'

/**
 * The site's frame with the landing page's own header (its entries scroll to the sections and Demo
 * opens the demo modal, in the landing page's plain DOM code) and the demo modal.
 */
export function LandingLayout({ children }: { children: React.ReactNode }) {
  return (
    <SiteLayout landing>
      {children}
      <DemoModal />
    </SiteLayout>
  )
}
