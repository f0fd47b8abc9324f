/**
 * The one script of the landing page `/`, which is sent without React (app/routes/home.tsx,
 * `handle = { hydrate: false, island: 'landing' }`): what every such page does (app/islands/page.ts)
 * and the landing page's own behaviour, in the plain DOM code the route component runs as well when
 * a hydrated page renders `/`: the typing hero, the hero video, the counters, the carousel, the claw
 * machine, the detail dialogs and the demo modal, the section buttons and the contact form.
 * docs/decisions/066-landing-without-react.md
 *
 * Built by Vite as a classic script of its own (imported with `?worker&url` in root.tsx: a bundle
 * with no imports and a hashed name), loaded with `defer`.
 */
import { attachContactForm } from '#app/features/contact/contact-form-script.ts'
import { attachDialogs } from '#app/features/landing/dialogs.ts'
import { attachLanding } from '#app/features/landing/landing-page.ts'
import { showNote, startPage } from './page.ts'

startPage(() => {
  attachLanding(document)
  attachDialogs(document)
  attachContactForm(document, showNote)
})
