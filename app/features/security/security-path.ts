/** Issue 28: the signed-in person's two-factor sign-in set-up. */
export const SECURITY_PATH = '/admin/security'
