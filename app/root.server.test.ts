import { RouterContextProvider } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { type PageContext, pageContext } from '#app/lib/context.ts'
import { loader } from '#app/root.server.ts'
import { copyrightLine, defaultSite } from '#common/site.ts'

afterEach(() => vi.useRealTimers())

function rootData() {
  const context = new RouterContextProvider()
  const services = {
    config: { site: defaultSite, publicUrl: 'http://localhost' },
  } as unknown as PageContext['services']
  context.set(pageContext, { services, userId: null, clientIp: '127.0.0.1' })
  // The loader reads only the context.
  return loader({ context } as unknown as Parameters<typeof loader>[0])
}

// Issue 27 §13: the footer said '© 2025' while the clock said 2026.
test('the footer’s year is the year of the server’s clock when it renders the page', () => {
  vi.useFakeTimers({ now: new Date('2031-06-15T12:00:00Z'), toFake: ['Date'] })
  expect(rootData().year).toBe(2031)
  vi.setSystemTime(new Date('2032-01-01T00:00:01Z'))
  expect(rootData().year).toBe(2032)
})

test('the copyright line says that year', () => {
  expect(copyrightLine('VidQuest Ltd', 2031)).toBe('© 2031 VidQuest Ltd. All rights reserved.')
})
