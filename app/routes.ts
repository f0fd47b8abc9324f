import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

// The route table of docs/product.md §2, one line a route. Aliases render the same module under their own id.
export default [
  route('/', 'routes/home.tsx'),
  layout('routes/legal/layout.tsx', [
    route('/legal/terms', 'routes/legal/terms.tsx'),
    route('/terms', 'routes/legal/terms.tsx', { id: 'terms-alias' }),
    route('/user-terms', 'routes/legal/terms.tsx', { id: 'user-terms-alias' }),
    route('/legal/privacy', 'routes/legal/privacy.tsx'),
    route('/privacy', 'routes/legal/privacy.tsx', { id: 'privacy-alias' }),
  ]),
  route('/blog', 'routes/blog/list.tsx'),
  route('/blog/:slug', 'routes/blog/post.tsx'),
  route('/blog/author/:slug', 'routes/blog/author.tsx'),
  route('/demo', 'routes/demo.tsx'),
  // Issue 30: subscribing by email, confirming from the email, a reader's own link (docs/decisions/063).
  route('/subscribe', 'routes/subscribe/subscribe.tsx'),
  route('/subscribe/confirm', 'routes/subscribe/confirm.tsx'),
  route('/subscribe/manage', 'routes/subscribe/manage.tsx'),

  // Issue 32: outside the admin layout, so it renders as a public post page does (docs/decisions/053).
  route('/admin/blog/preview', 'routes/admin/post-preview.tsx'),
  route('/admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    route('login', 'routes/admin/login.tsx'),
    route('invite/:token', 'routes/admin/invite.tsx'),
    layout('routes/admin/guarded.tsx', [
      route('blog', 'routes/admin/blog.tsx'),
      route('blog/create', 'routes/admin/create.tsx'),
      route('blog/edit/:id', 'routes/admin/edit.tsx'),
      route('contacts', 'routes/admin/contacts.tsx'),
      route('subscribers', 'routes/admin/subscribers.tsx'),
      route('newsletters', 'routes/admin/newsletters.tsx'),
      route('calendar', 'routes/admin/calendar.tsx'),
      route('analytics', 'routes/admin/analytics.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('activity', 'routes/admin/activity.tsx'),
      route('channels', 'routes/admin/channels.tsx'),
      route('redirects', 'routes/admin/redirects.tsx'),
      route('import', 'routes/admin/import.tsx'),
      route('review', 'routes/admin/review.tsx'),
      route('security', 'routes/admin/security.tsx'),
      route('profile', 'routes/admin/profile.tsx'),
    ]),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
