import { useQuery } from '@tanstack/react-query'
import { ExternalLinkIcon, ImageUpIcon, SaveIcon, Trash2Icon, UserIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField, FormProblem } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { profileOptions, useSaveProfile, useUploadAvatar } from '#app/features/profile/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'
import { AUTHOR_SLUG_MAX, authorPath, BIO_MAX, type Profile } from '#common/contract/profile.ts'
import { STAFF_NAME_MAX } from '#common/contract/staff.ts'

/** Issue 28: /admin/profile: the signed-in person edits their own name, email, bio, picture and slug. */
export function ProfileScreen() {
  const query = useQuery(profileOptions())
  if (query.isPending) return <ProfileSkeleton />
  if (query.isError) {
    return <LoadFailure query={query}>Your profile could not be loaded.</LoadFailure>
  }
  return <ProfileForm key={query.data.id} profile={query.data} />
}

function ProfileSkeleton() {
  return (
    <div className="grid max-w-2xl gap-5 rounded-2xl border bg-white p-6" aria-busy="true">
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} className="h-16 w-full" />
      ))}
    </div>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId()
  const save = useSaveProfile()
  const upload = useUploadAvatar()
  const fileInput = useRef<HTMLInputElement>(null)
  const [name, setName] = useState(profile.name)
  const [email, setEmail] = useState(profile.email ?? '')
  const [bio, setBio] = useState(profile.bio ?? '')
  const [avatar, setAvatar] = useState(profile.avatar ?? '')
  const [slug, setSlug] = useState(profile.slug ?? profile.suggestedSlug)
  const fields = save.error instanceof ApiError ? save.error.fields : {}
  const uploadError =
    upload.error instanceof ApiError
      ? (upload.error.serverMessage ?? 'The picture could not be uploaded.')
      : upload.error
        ? 'The picture could not be uploaded.'
        : null

  return (
    <form
      className="grid max-w-2xl gap-6 rounded-2xl border bg-white p-5 shadow-sm sm:p-6"
      aria-label="Your profile"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(
          { name, email, bio, avatar, slug },
          {
            onSuccess: () => toast({ title: 'Profile saved', description: 'Your author page shows the change.' }),
          },
        )
      }}
    >
      <FormField id={`${id}-name`} label="Name" hint="Shown on your posts and your author page." error={fields.name}>
        {(control) => (
          <Input
            {...control}
            required
            maxLength={STAFF_NAME_MAX}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${id}-email`} label="Email" optional error={fields.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-bio`}
        label="Short bio"
        optional
        hint={`${bio.length} / ${BIO_MAX} characters, under your name on your author page.`}
        error={fields.bio}
      >
        {(control) => (
          <Textarea {...control} rows={3} maxLength={BIO_MAX} value={bio} onChange={(e) => setBio(e.target.value)} />
        )}
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium text-slate-800">Picture</legend>
        <div className="flex flex-wrap items-center gap-4">
          {avatar ? (
            <img
              src={`${avatar}?w=480`}
              alt={name || 'You'}
              width={80}
              height={80}
              className="size-20 rounded-full border object-cover"
            />
          ) : (
            <span className="flex size-20 items-center justify-center rounded-full border bg-muted">
              <UserIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            </span>
          )}
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              id={`${id}-avatar-file`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) upload.mutate(file, { onSuccess: (url) => setAvatar(url) })
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <BusyIcon busy={upload.isPending} icon={ImageUpIcon} />
              {avatar ? 'Replace picture' : 'Upload picture'}
            </Button>
            {avatar ? (
              <Button type="button" variant="ghost" onClick={() => setAvatar('')}>
                <Trash2Icon aria-hidden="true" />
                Remove picture
              </Button>
            ) : null}
          </div>
        </div>
        <FormProblem>{uploadError || fields.avatar}</FormProblem>
      </fieldset>

      <FormField
        id={`${id}-slug`}
        label="Author page address"
        hint={
          <>
            Your page: <span className="font-mono break-all">{authorPath(slug || '…')}</span>. Lowercase letters and
            numbers, words joined by hyphens.
          </>
        }
        error={fields.slug}
      >
        {(control) => (
          <Input
            {...control}
            required
            maxLength={AUTHOR_SLUG_MAX}
            autoCapitalize="none"
            spellCheck={false}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
          />
        )}
      </FormField>

      {save.error ? (
        <FormProblem>
          {Object.keys(fields).length > 0
            ? 'Please fix the highlighted fields.'
            : (save.error instanceof ApiError && save.error.serverMessage) ||
              'The profile was not saved. Please try again.'}
        </FormProblem>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="gradient" disabled={save.isPending || upload.isPending}>
          <BusyIcon busy={save.isPending} icon={SaveIcon} />
          Save profile
        </Button>
        {profile.slug ? (
          <a
            href={authorPath(profile.slug)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            View your author page
            <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </form>
  )
}
