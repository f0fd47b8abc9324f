import { useEffect } from 'react'
import { HydrateApart } from '#app/components/brand/hydrate-apart.tsx'
import { ContactForm } from '#app/features/contact/contact-form.tsx'
import { attachContactForm } from '#app/features/contact/contact-form-script.ts'
import { AdFormats } from '#app/features/landing/ad-formats.tsx'
import heroPoster from '#app/features/landing/assets/hero-loop-poster.webp'
import ogImage from '#app/features/landing/assets/og-image.jpg'
import { ContactSection } from '#app/features/landing/contact-section.tsx'
import { DemoSection } from '#app/features/landing/demo-section.tsx'
import { attachDialogs } from '#app/features/landing/dialogs.ts'
import { FeaturesSection } from '#app/features/landing/features-section.tsx'
import { Hero } from '#app/features/landing/hero.tsx'
import { HowItWorks } from '#app/features/landing/how-it-works.tsx'
import { LandingLayout } from '#app/features/landing/landing-layout.tsx'
import { attachLanding } from '#app/features/landing/landing-page.ts'
import { LatestArticles } from '#app/features/landing/latest-articles.tsx'
import { ResultsSection } from '#app/features/landing/results-section.tsx'
import { RewardsSection } from '#app/features/landing/rewards-section.tsx'
import { UseCases } from '#app/features/landing/use-cases.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import { toast } from '#app/lib/toast.ts'
import type { Route } from './+types/home'

export { action, loader } from './home.server.ts'

// Sent as HTML with its own small script, without React (app/root.tsx, app/islands/landing.ts).
// docs/decisions/066-landing-without-react.md
export const handle: RouteHandle = { hydrate: false, island: 'landing' }

const TITLE = 'VidQuest: rewarded video ads that turn viewers into customers'
const DESCRIPTION =
  'Run video quests: viewers watch your ad, claim a reward such as Roblox wearables, XP or vouchers, and land on your site. 90%+ completion, 6-12% claim rates.'

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const base = loaderData?.publicUrl ?? ''
  const url = `${base}/`
  const image = `${base}${ogImage}`
  return [
    { title: TITLE },
    { name: 'description', content: DESCRIPTION },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: TITLE },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: TITLE },
    { name: 'twitter:description', content: DESCRIPTION },
    { name: 'twitter:image', content: image },
  ]
}

// The hero video's poster is the page's largest paint on every screen size: asked for with the
// HTML at high priority rather than when the video element is laid out.
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: heroPoster, as: 'image', type: 'image/webp', fetchPriority: 'high' },
]

/**
 * docs/product.md §2: the landing sections, in the spec's order. Loaded as a document, the page is
 * rendered on the server only and its island script does what it does in the browser; a hydrated
 * page that navigates here renders it with React, and the same plain DOM code is attached then.
 */
export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    // The whole document: the header's section buttons and Demo are outside <main>.
    const detach = [attachLanding(document), attachDialogs(document), attachContactForm(document, toast)]
    return () => {
      for (const d of detach) d()
    }
  }, [])
  return (
    <LandingLayout>
      <Hero />
      <HydrateApart>
        <FeaturesSection />
      </HydrateApart>
      <HydrateApart>
        <HowItWorks />
      </HydrateApart>
      <HydrateApart>
        <DemoSection />
      </HydrateApart>
      <HydrateApart>
        <AdFormats />
      </HydrateApart>
      <HydrateApart>
        <RewardsSection />
      </HydrateApart>
      <HydrateApart>
        <UseCases />
      </HydrateApart>
      <HydrateApart>
        <ResultsSection />
      </HydrateApart>
      <HydrateApart>
        <LatestArticles articles={loaderData.articles} />
      </HydrateApart>
      <HydrateApart>
        <ContactSection form={<ContactForm result={actionData} />} />
      </HydrateApart>
    </LandingLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
