import type { ComponentType } from 'react'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminSubPage } from '#app/features/admin/admin-page.tsx'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'

/** The title and description of each screen of the admin navigation, by its route's name. */
const SCREENS = {
  activity: {
    title: 'Activity Log',
    description:
      'Who did what, when, and from which address (kept only as a daily hash). Administrators and the Owner only.',
  },
  analytics: {
    title: 'Analytics',
    description:
      'Views, visitors and leads, and which posts and X posts brought them. No cookies, no stored IP addresses.',
  },
  calendar: {
    title: 'Content Calendar',
    description:
      'Scheduled and published posts, and their posts on X, LinkedIn, Bluesky, Mastodon and Threads. Drag an item to another day to reschedule it.',
  },
  channels: { title: 'Channels', description: 'The networks social posts go to, and when' },
  contacts: { title: 'Contact Inbox', description: 'Messages sent through the contact form, newest first' },
  import: {
    title: 'Import',
    description: 'Bring your posts from WordPress, Ghost or Markdown files. Nothing is written until you confirm.',
  },
  newsletters: {
    title: 'Newsletters',
    description: 'Posts sent by email to your confirmed subscribers, and how far each send has got.',
  },
  profile: {
    title: 'Your profile',
    description: 'What readers see of you: your name and picture on your posts, and your author page',
  },
  redirects: {
    title: 'Redirects',
    description: 'Old addresses that send visitors and search engines to their new place (301).',
  },
  review: {
    title: 'Review',
    description: 'Drafts writers have submitted: publish or schedule them, or send them back with a note',
  },
  security: { title: 'Security', description: 'Two-factor sign-in for your account' },
  staff: { title: 'Staff', description: 'Who can sign in, their roles, and invitations' },
  subscribers: {
    title: 'Subscribers',
    description: 'Readers who get new posts by email. Only confirmed addresses receive newsletters.',
  },
} as const

/**
 * A route module of a screen of the admin navigation, as its exports: `meta` (the title and noindex),
 * the page (the header with the screen's title and description and the `Action` beside them, then
 * the `Screen`) and the ErrorBoundary. The route file exports each under its name.
 */
export function adminScreen(name: keyof typeof SCREENS, Screen: ComponentType, Action?: ComponentType) {
  const { title, description } = SCREENS[name]
  return {
    meta: ({ matches }: { matches: Parameters<typeof adminMeta>[0] }) => adminMeta(matches, title),
    Page: () => (
      <AdminSubPage title={title} description={description} action={Action && <Action />}>
        <Screen />
      </AdminSubPage>
    ),
    ErrorBoundary: AdminRouteError,
  }
}
