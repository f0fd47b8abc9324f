// Issue 30: how fast the site's mail sender hands newsletters to an SMTP server on 127.0.0.1,
// against nodemailer sending the same emails one connection each (the sender before 2026-11-29).
// Prints emails per second of both and their ratio; the SMTP server is the tests' real one
// (smtp-server, with its 100 ms greeting pause, as real servers have one).
import nodemailer from 'nodemailer'
import { createMailSender } from '#server/services/mail.ts'
import { startTestSmtp } from '#tests/fixtures/smtp.ts'
import { fixed, machineLine, median, setting, table } from './lib.ts'

const EMAILS = setting('BENCH_EMAILS', 100, 10, 2_000)
const ROUNDS = setting('BENCH_ROUNDS', 3, 1, 10)

const smtp = await startTestSmtp()
const from = 'VidQuest <news@example.com>'
// A newsletter's size: ~20 KB of HTML and its text part.
const html = `<p>${'Rewarded video earns attention. '.repeat(600)}</p>`
const text = 'Rewarded video earns attention. '.repeat(100)
const site = createMailSender({ smtpUrl: smtp.url, from }) as NonNullable<ReturnType<typeof createMailSender>>
const perConnection = nodemailer.createTransport({ url: smtp.url })

async function timed(send: (to: string) => Promise<unknown>) {
  const start = performance.now()
  for (let i = 0; i < EMAILS; i++) await send(`reader-${i}@example.com`)
  return EMAILS / ((performance.now() - start) / 1000)
}

process.stdout.write(`${machineLine()}\n${EMAILS} emails a round, ${ROUNDS} rounds, alternating\n`)
const app: number[] = []
const baseline: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  baseline.push(await timed((to) => perConnection.sendMail({ from, to, subject: 'Bench', html, text })))
  app.push(await timed((to) => site({ to, subject: 'Bench', body: { html, text } })))
}
const [a, b] = [median(app), median(baseline)]
process.stdout.write(
  `${table(
    ['sender', 'emails/s (median)', 'min', 'max'],
    [
      ['site (pooled)', fixed(a, 1), fixed(Math.min(...app), 1), fixed(Math.max(...app), 1)],
      ['one connection each', fixed(b, 1), fixed(Math.min(...baseline), 1), fixed(Math.max(...baseline), 1)],
    ],
  )}\nratio site / one connection each: ${fixed(a / b, 1)}\ndelivered: ${smtp.received.length} of ${EMAILS * ROUNDS * 2}\n`,
)
perConnection.close()
await smtp.close()
process.exit(smtp.received.length === EMAILS * ROUNDS * 2 ? 0 : 1)
