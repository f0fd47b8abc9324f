/**
 * The one site config: brand, team, contact and every outbound link. Addresses that differ per
 * deployment (APP_URL, DEMO_URL, DOCS_URL, BOOKING_URL, CONTACT_EMAIL) are overridden from
 * server/config.ts and reach the browser through the root loader.
 */
export interface SiteConfig {
  brandName: string
  /** The default author (SPEC §9: "author is the product's team name"). */
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

/** SPEC §9: the copyright year, one rule for every page's footer (issue 11 §8). */
export const COPYRIGHT_YEAR = 2025

export const copyrightLine = (legalName: string) => `© ${COPYRIGHT_YEAR} ${legalName}. All rights reserved.`
