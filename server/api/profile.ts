import { Hono } from 'hono'
import { type Profile, ProfileInput } from '#common/contract/profile.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { requireAdmin, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { getProfile, updateProfile } from '#server/services/authors.ts'

const failure = { success: false }
const GONE = 'Sign in as an admin to do this.'
const PROFILE_FIELDS = ['name', 'email', 'bio', 'avatar', 'slug'] as const

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
    const { userId } = staffOf(c)
    const before = await getProfile(c.var.db, userId)
    const saved = await updateProfile(c.var.db, userId, c.req.valid('json'))
    if (!before || !saved) return apiError(c, 401, GONE, {}, failure)
    // Issue 28: a changed name, email or slug changes bylines and author pages: the log says which.
    const changed = PROFILE_FIELDS.filter((field) => before[field] !== saved[field])
    if (changed.length > 0) {
      await recordFrom(c, {
        kind: 'profile.update',
        object: { type: 'user', id: userId, label: saved.name },
        detail: changed.join(', '),
      })
    }
    return c.json({ success: true as const, profile: saved })
  })
