import { data } from 'react-router'
import { CONTACT_MESSAGES, type ContactResult } from '#app/features/contact/contact-rules.ts'
import { pageContext } from '#app/lib/context.ts'
import { ContactInput } from '#common/contract/contact.ts'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import type { ArticleCard } from '#common/contract/views.ts'
import { longUsDate } from '#common/text-rules.ts'
import { latestCards } from '#server/services/blog-pages.ts'
import { receiveContact } from '#server/services/contact.ts'
import type { Route } from './+types/home'

/** docs/product.md §9: the landing page shows 3 articles. */
export const LANDING_ARTICLES = 3

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const cards = await latestCards(services.database.db, LANDING_ARTICLES, services.config.site.teamName)
  // The blog list's cards (one teaser and cover rule), with the landing page's long US date.
  const articles: ArticleCard[] = cards.map((card) => ({
    slug: card.slug,
    title: card.title,
    category: card.categoryLabel,
    teaser: card.teaser,
    date: longUsDate(card.publishedAt),
    dateTime: card.publishedAt,
    cover: card.image,
  }))
  return { articles, publicUrl: services.config.publicUrl }
}

const FORM_FIELDS = ['name', 'email', 'company', 'message', 'website'] as const

/**
 * The contact form posted as a plain form (JavaScript off, or sent before the page hydrated):
 * the same rules as POST /api/contact, answered with the page in its success or error state.
 * Nothing the visitor typed ever goes into a URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    form = new FormData()
  }
  const values: Record<string, string> = {}
  for (const name of FORM_FIELDS) {
    const value = form.get(name)
    if (typeof value === 'string') values[name] = value
  }
  const refused = (status: number, error: string, fields: Record<string, string> = {}) =>
    data<ContactResult>({ status: 'refused', error, fields, values: { ...values, website: '' } }, { status })

  const parsed = ContactInput.safeParse(values)
  if (!parsed.success) {
    const fields = fieldMessages(parsed.error)
    const missing = ['name', 'email', 'message'].some((k) => (values[k] ?? '').trim() === '')
    return refused(400, missing ? CONTACT_MESSAGES.missing.description : validationSentence(fields), fields)
  }
  const outcome = await receiveContact(
    { db: services.database.db, throttle: services.throttle, perAddress: services.config.contactMessagesPerIp },
    clientIp,
    parsed.data,
  )
  if (outcome.kind === 'throttled') return refused(429, outcome.message)
  return data<ContactResult>({ status: 'sent' })
}
