import { useQuery } from '@tanstack/react-query'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { ContactInbox } from '#app/features/admin/contact-inbox.tsx'
import { ExportCsvButton } from '#app/features/admin/export-csv-button.tsx'
import { contactCountOptions } from '#app/features/admin/queries.ts'
import type { Route } from './+types/contacts'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Contact Inbox')

export default function ContactInboxPage() {
  const count = useQuery(contactCountOptions())
  return (
    <AdminSubPage
      title="Contact Inbox"
      description="Messages sent through the contact form, newest first"
      action={<ExportCsvButton disabled={count.data === 0} />}
    >
      <ContactInbox />
    </AdminSubPage>
  )
}

export const ErrorBoundary = AdminRouteError
