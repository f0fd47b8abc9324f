import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { useDemoIntent, useOpenDemo } from '#app/features/landing/demo-modal.tsx'

/** The site's frame with the landing page's own behaviour: Demo opens the modal, sections scroll. */
export function LandingLayout({ children }: { children: React.ReactNode }) {
  const openDemo = useOpenDemo()
  const demoIntent = useDemoIntent()
  return (
    <SiteLayout onDemo={openDemo} demoIntent={demoIntent}>
      {children}
    </SiteLayout>
  )
}
