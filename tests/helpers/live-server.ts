import { E2E_ADMIN } from '#tests/helpers/server-process.ts'

// What tests and benches do over HTTP against a running server process (startTestServer).

/** Signs in as the test admin on the server at `url`; answers the session cookie ('vq_session=…'). */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  })
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  if (res.status !== 200 || !cookie.startsWith('vq_session=')) throw new Error(`sign-in answered ${res.status}`)
  return cookie
}

/** An API call on the server at `url` with the session `cookie`: its status and its JSON body. */
export async function callApi(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as any }
}
