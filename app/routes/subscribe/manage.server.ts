import { data } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import {
  MANAGE_LINK_NOT_VALID,
  ManageQuery,
  type SubscriberMe,
  type SubscriberState,
} from '#common/contract/subscribers.ts'
import { me, resubscribe, subscribeDeps, subscriberOfToken, unsubscribe } from '#server/services/subscribers.ts'
import type { Route } from './+types/manage'

export type ManageAnswer = { changed: SubscriberState } | { error: string }

/** The reader's own link (docs/decisions/060): their masked address and state, or nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const parsed = ManageQuery.safeParse({ token })
  const row = parsed.success
    ? await subscriberOfToken(services.database.db, services.secretKey, parsed.data.token)
    : null
  return { token: row ? (parsed.data?.token ?? null) : null, me: row ? (me(row) satisfies SubscriberMe) : null }
}

/** Leave or come back from the link: the same rules as the API, no sign-in. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(pageContext)
  let posted: FormData
  try {
    posted = await request.formData()
  } catch {
    posted = new FormData()
  }
  const intent = posted.get('intent')
  const parsed = ManageQuery.safeParse({ token: posted.get('token') })
  const db = services.database.db
  const row = parsed.success ? await subscriberOfToken(db, services.secretKey, parsed.data.token) : null
  if (!row || (intent !== 'unsubscribe' && intent !== 'resubscribe')) {
    return data<ManageAnswer>({ error: MANAGE_LINK_NOT_VALID }, { status: row ? 400 : 404 })
  }
  const changed =
    intent === 'unsubscribe' ? await unsubscribe(db, row) : await resubscribe(subscribeDeps(services, db), row)
  return data<ManageAnswer>({ changed })
}
