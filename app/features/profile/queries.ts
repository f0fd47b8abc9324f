import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import {
  PostAuthorsAnswer,
  type PostAuthorsInput,
  Profile,
  type ProfileInput,
  ProfileSaved,
} from '#common/contract/profile.ts'
import type { StaffList } from '#common/contract/staff.ts'

export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  postAuthors: (postId: number) => [...profileKeys.all, 'post-authors', postId] as const,
  staffChoices: () => [...profileKeys.all, 'staff-choices'] as const,
}

/** GET /api/admin/profile: the signed-in person's own profile (issue 28). */
export const profileOptions = () =>
  queryOptions({ queryKey: profileKeys.own(), queryFn: () => api.get('/api/admin/profile', Profile) })

export function useSaveProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileInput) => api.patch('/api/admin/profile', input, ProfileSaved),
    onSuccess: (answer) => qc.setQueryData(profileKeys.own(), answer.profile),
  })
}

/** GET /api/blog/{id}/authors: the post's byline, in order. */
export const postAuthorsOptions = (postId: number) =>
  queryOptions({
    queryKey: profileKeys.postAuthors(postId),
    queryFn: () => api.get(`/api/blog/${postId}/authors`, PostAuthorsAnswer).then((a) => a.authors),
  })

/** The people a byline may name: the staff list (Editors and above may read it). */
export const staffChoicesOptions = () =>
  queryOptions({
    queryKey: profileKeys.staffChoices(),
    queryFn: () => api.get<StaffList>('/api/admin/staff').then((list) => list.staff),
  })

export function useSavePostAuthors(postId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: PostAuthorsInput) => api.put(`/api/blog/${postId}/authors`, input, PostAuthorsAnswer),
    onSuccess: (answer) => qc.setQueryData(profileKeys.postAuthors(postId), answer.authors),
  })
}

/** POST /api/blog/upload-image: the picture goes through the image pipeline; answers its address. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) => {
      const imageData = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader()
        reader.onload = () =>
          typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data'))
        reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
        reader.readAsDataURL(file)
      })
      const answer = await api.post<{ imageUrl: string }>('/api/blog/upload-image', { imageData, fileName: file.name })
      return answer.imageUrl
    },
  })
}
