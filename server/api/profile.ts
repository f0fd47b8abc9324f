import { Hono } from 'hono'
import { type Profile, ProfileInput } from '#common/contract/profile.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { getProfile, updateProfile } from '#server/services/authors.ts'

const failure = { success: false }
const GONE = 'Sign in as an admin to do this.'

/**
 * Issue 28 (mounted at /api/admin): the signed-in person's own profile: name, email, bio, avatar
 * and the slug of their author page. Every role edits their own, and only their own: there is no
 * id in the path. docs/decisions/048-author-profiles.md
 */
export const profile = new Hono<AppEnv>()
  .get('/profile', requireAdmin, async (c) => {
    const found = await getProfile(c.var.db, staffOf(c).userId)
    if (!found) return apiError(c, 401, GONE, {}, failure)
    return c.json<Profile>(found)
  })
  .patch('/profile', requireAdmin, validate('json', ProfileInput, failure), async (c) => {
    const saved = await updateProfile(c.var.db, staffOf(c).userId, c.req.valid('json'))
    if (!saved) return apiError(c, 401, GONE, {}, failure)
    return c.json({ success: true as const, profile: saved })
  })
