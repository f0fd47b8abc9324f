import { data } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import { ConfirmInput } from '#common/contract/subscribers.ts'
import { confirm } from '#server/services/subscribers.ts'
import type { Route } from './+types/confirm'

export type ConfirmAnswer = { status: 'confirmed' } | { status: 'refused'; error: string }

const INCOMPLETE = 'This confirmation link is not complete. Open it from the email, or subscribe again.'

/** Opening the link changes nothing (mail scanners open links too): the page asks for a click. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { token: token && ConfirmInput.safeParse({ token }).success ? token : null }
}

/** The click: the link's token confirms once, within 48 hours (docs/decisions/060). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(pageContext)
  let token: FormDataEntryValue | null = null
  try {
    token = (await request.formData()).get('token')
  } catch {}
  const parsed = ConfirmInput.safeParse({ token })
  if (!parsed.success) return data<ConfirmAnswer>({ status: 'refused', error: INCOMPLETE }, { status: 400 })
  const result = await confirm(services.database.db, parsed.data.token)
  if ('refused' in result) return data<ConfirmAnswer>({ status: 'refused', error: result.refused }, { status: 400 })
  return data<ConfirmAnswer>({ status: 'confirmed' })
}
