/** POST /api/blog/upload-image answers (docs/product.md §7): success, imageUrl, fileName, error. */
export type UploadResult = { ok: true; imageUrl: string } | { ok: false; error: string | null }

/** A file as a data URL; reports reading progress (0–1). */
export function readAsDataUrl(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total)
    }
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data')))
    reader.onerror = () => reject(reader.error ?? new Error('Read failed'))
    reader.onabort = () => reject(new Error('Read aborted'))
    reader.readAsDataURL(file)
  })
}

/**
 * Sends one image. XMLHttpRequest rather than fetch because only it reports upload progress.
 * Same origin, so the session cookie goes along; the body is JSON with a JSON content type.
 * Resolves with the server's answer (also for a refusal); rejects only when no answer came.
 */
export function uploadImage(
  body: { imageData: string; fileName: string },
  onProgress?: (fraction: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/blog/upload-image')
    xhr.withCredentials = true
    xhr.setRequestHeader('Content-Type', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total)
    }
    xhr.onload = () => {
      let answer: { success?: unknown; imageUrl?: unknown; error?: unknown } | null = null
      try {
        answer = JSON.parse(xhr.responseText)
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && answer?.success === true && typeof answer.imageUrl === 'string') {
        resolve({ ok: true, imageUrl: answer.imageUrl })
      } else {
        resolve({ ok: false, error: typeof answer?.error === 'string' && answer.error ? answer.error : null })
      }
    }
    xhr.onerror = () => reject(new Error('The network connection failed'))
    xhr.ontimeout = () => reject(new Error('The upload timed out'))
    xhr.onabort = () => reject(new Error('The upload was cancelled'))
    xhr.send(JSON.stringify(body))
  })
}
