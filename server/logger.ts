import pino from 'pino'

export type Logger = pino.Logger

/** Keys that must never reach a log line, wherever they appear. */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'cookie',
  '*.cookie',
  'authorization',
  '*.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'apiKey',
  '*.apiKey',
]

export function createLogger(level: pino.LevelWithSilent = 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'vidquest' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )
}
