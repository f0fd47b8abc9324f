import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'

describe('TEST_FETCH_ALLOW_HOSTS (tests only)', () => {
  test('is refused with a ConfigError naming the variable when NODE_ENV is production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(
      /TEST_FETCH_ALLOW_HOSTS is for tests only and is refused unless NODE_ENV=test/,
    )
  })

  test('is refused when NODE_ENV is unset (the production default) or development', () => {
    expect(() => loadConfig({ TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/TEST_FETCH_ALLOW_HOSTS/)
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(
      /TEST_FETCH_ALLOW_HOSTS.*NODE_ENV is development/,
    )
  })

  test('is accepted with NODE_ENV=test and reaches the AI config as exact addresses', () => {
    const config = loadConfig({ NODE_ENV: 'test', TEST_FETCH_ALLOW_HOSTS: '127.0.0.1, ::1' })
    expect(config.ai.testAllowPrivateHosts).toEqual(['127.0.0.1', '::1'])
  })

  test('must list IP addresses, not host names', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_FETCH_ALLOW_HOSTS: 'localhost' })).toThrow(
      /TEST_FETCH_ALLOW_HOSTS must list IP addresses separated by commas \(not: localhost\)/,
    )
  })

  test('leaves the allow list empty when unset or blank, in any environment', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).ai.testAllowPrivateHosts).toEqual([])
    expect(loadConfig({ NODE_ENV: 'production', TEST_FETCH_ALLOW_HOSTS: '' }).ai.testAllowPrivateHosts).toEqual([])
  })
})
