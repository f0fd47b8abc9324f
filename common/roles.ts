/**
 * Issue 28: the staff roles and what each may do, one typed table read by the server (every admin
 * endpoint, server/http/middleware.ts `allow`, server/services/post-access.ts) and by the admin
 * screens (GET /api/admin/me answers the signed-in person's permissions). The screens only hide
 * what the API already refuses. docs/decisions/044-staff-roles.md
 */

export const ROLES = ['contributor', 'author', 'editor', 'administrator', 'owner'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  contributor: 'Contributor',
  author: 'Author',
  editor: 'Editor',
  administrator: 'Administrator',
  owner: 'Owner',
}

/** Each permission with the words a refusal uses: "Your role (Contributor) cannot {words}." */
export const PERMISSIONS = {
  draft: 'create drafts, edit their own drafts, upload images or use the AI studio',
  publishOwn: 'edit their own published posts, or publish, schedule or unpublish their own posts and X posts',
  anyPost: 'edit, publish, schedule or delete posts of others, or open the calendar',
  leads: 'see analytics, the contact inbox or the subscribers',
  newsletters: 'send posts as newsletters',
  staff: 'manage staff or site settings',
  ownership: 'transfer ownership',
} as const
export type Permission = keyof typeof PERMISSIONS

const TABLE: Record<Role, readonly Permission[]> = {
  contributor: ['draft'],
  author: ['draft', 'publishOwn'],
  editor: ['draft', 'publishOwn', 'anyPost', 'leads', 'newsletters'],
  administrator: ['draft', 'publishOwn', 'anyPost', 'leads', 'newsletters', 'staff'],
  owner: ['draft', 'publishOwn', 'anyPost', 'leads', 'newsletters', 'staff', 'ownership'],
}

export const isRole = (value: unknown): value is Role => typeof value === 'string' && ROLES.includes(value as Role)

export function can(role: Role, permission: Permission): boolean {
  return TABLE[role].includes(permission)
}

export function permissionsOf(role: Role): Permission[] {
  return [...TABLE[role]]
}

/** The 403 message of a refused call: what the role lacks, in words. */
export function refusal(role: Role, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role]}) cannot ${PERMISSIONS[permission]}.`
}
