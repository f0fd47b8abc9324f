import { describe, expect, test } from 'vitest'
import { PASSWORD_MIN } from '#common/limits.ts'
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

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env })

describe('ADMIN_PASSWORD', () => {
  test('shorter than 12 characters is refused with a config error that names the rule, not the password', () => {
    expect(PASSWORD_MIN).toBe(12)
    const short = 'elevenchars'
    expect(short).toHaveLength(11)
    let caught: unknown
    try {
      load({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: short })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as Error).message).toBe(
      'Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 12 characters',
    )
    expect((caught as Error).message).not.toContain(short)
  })

  test('12 characters are enough, and unset leaves the first admin to be generated', () => {
    expect(load({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'twelve-chars' })).toMatchObject({
      adminUsername: 'owner',
      adminPassword: 'twelve-chars',
    })
    expect(load({})).toMatchObject({ adminUsername: undefined, adminPassword: undefined })
    // An empty value counts as unset, as for every variable.
    expect(load({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }).adminPassword).toBeUndefined()
  })

  test('over 256 characters is refused', () => {
    expect(() => load({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'x'.repeat(257) })).toThrow(
      'ADMIN_PASSWORD must be at most 256 characters',
    )
  })

  test('still has to come with ADMIN_USERNAME', () => {
    expect(() => load({ ADMIN_PASSWORD: 'long-enough-password' })).toThrow(
      'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    )
  })
})

describe('X_POSTING_SLOTS (issue 14: quick posting times of Schedule)', () => {
  test('are read as sorted HH:MM times without repeats', () => {
    expect(loadConfig({ X_POSTING_SLOTS: '17:30, 08:05,17:30' }).x.slots).toEqual(['08:05', '17:30'])
    expect(loadConfig({}).x.slots).toEqual(['09:00', '13:00', '17:30'])
  })

  test.each(['9:00', '24:00', '09:60', 'noon', '09:00;13:00'])('%s is refused with the rule', (value) => {
    expect(() => loadConfig({ X_POSTING_SLOTS: value })).toThrow(/X_POSTING_SLOTS must be up to 12 times HH:MM/)
  })
})

// Issue 16: raw visits before they are rolled up; issue 28: the activity log.
describe.each([
  {
    name: 'ANALYTICS_RETENTION_DAYS',
    key: 'analyticsRetentionDays',
    taken: 30,
    refused: ['0', '3651', 'a year', '1.5'],
  },
  {
    name: 'ACTIVITY_RETENTION_DAYS',
    key: 'activityRetentionDays',
    taken: 3650,
    refused: ['0', '3651', 'forever', '2.5'],
  },
] as const)('$name', ({ name, key, taken, refused }) => {
  test('defaults to 400 days and takes 1 to 3650', () => {
    expect(loadConfig({})[key]).toBe(400)
    expect(loadConfig({ [name]: String(taken) })[key]).toBe(taken)
  })

  test.each(refused)('%s is refused with a config error', (value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
  })
})

describe('SMTP_URL and MAIL_FROM (issue 28: invitations by email; docs/decisions/055-mail.md)', () => {
  test('unset: mail is off; both set: the sender of every email', () => {
    expect(loadConfig({}).mail).toBeNull()
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'VidQuest <news@example.com>' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://user:secret@mail.example.com:465', from: 'VidQuest <news@example.com>' })
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'news@example.com' }).mail?.from).toBe(
      'news@example.com',
    )
  })

  test.each([
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'news@example.com' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:587', MAIL_FROM: 'news@example.com' }],
    ['MAIL_FROM', { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'VidQuest' }],
    ['MAIL_FROM', { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' }],
  ])('a malformed %s stops the start with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: ${name} must`))
  })

  test('one without the other is refused', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      'SMTP_URL and MAIL_FROM must be set together',
    )
    expect(() => loadConfig({ MAIL_FROM: 'news@example.com' })).toThrow(ConfigError)
  })

  test('the URL, with its password, is never part of the error', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:hunter2@mail.example.com', MAIL_FROM: 'a@b.c' })).toThrow(
      /^(?![\s\S]*hunter2)/,
    )
  })
})
