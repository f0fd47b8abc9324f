/**
 * The one site config: brand, team, contact and every outbound link. Addresses that differ per
 * deployment (APP_URL, DEMO_URL, DOCS_URL, BOOKING_URL, CONTACT_EMAIL) are overridden from
 * server/config.ts and reach the browser through the root loader.
 */
export interface SiteConfig {
  brandName: string
  /** The default author (docs/product.md §9: "author is the product's team name"). */
  teamName: string
  legalName: string
  tagline: string
  contactEmail: string
  /** The external product app's sign-in page (the Login link). */
  appUrl: string
  /** The demo campaign page embedded in the demo modal and section. */
  demoUrl: string
  docsUrl: string
  bookingUrl: string
  social: { x: string; linkedin: string; youtube: string; discord: string }
}

export const defaultSite: SiteConfig = {
  brandName: 'VidQuest',
  teamName: 'VidQuest Team',
  legalName: 'VidQuest Ltd',
  tagline: 'Rewarded video that turns viewers into customers.',
  contactEmail: 'hello@vidquest.io',
  appUrl: 'https://app.vidquest.io/login',
  demoUrl: '/demo',
  docsUrl: 'https://docs.vidquest.io',
  bookingUrl: 'https://cal.com/vidquest/strategy-call',
  social: {
    x: 'https://x.com/vidquest',
    linkedin: 'https://www.linkedin.com/company/vidquest',
    youtube: 'https://www.youtube.com/@vidquest',
    discord: 'https://discord.gg/vidquest',
  },
}

/**
 * The footer's copyright line (issue 11 §8: one rule for every page). The year is the current one
 * (issue 27 §13: '© 2025' stayed when the clock said 2026), given by the server when it renders.
 */
export const copyrightLine = (legalName: string, year: number) => `© ${year} ${legalName}. All rights reserved.`
