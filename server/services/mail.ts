import type { Transporter } from 'nodemailer'
import type { Config } from '#server/config.ts'

// Mail over SMTP with nodemailer (docs/decisions/055-mail.md): one message, a plain-text part and
// a simple HTML part made from the same paragraphs, every piece of text escaped. Issue 30 adds a
// template library for newsletters on top of this.

/** Said wherever something would have been emailed and mail is not set up. */
export const MAIL_NOT_CONFIGURED =
  'Mail is not set up: copy the link and send it yourself. Set SMTP_URL and MAIL_FROM to send it by email.'

/** A short email: paragraphs of text, and at most one link shown as a button and as its address. */
export interface MailMessage {
  to: string
  subject: string
  paragraphs?: string[]
  link?: { label: string; url: string }
  /** A ready-made body (a newsletter's template): both parts given, paragraphs and link ignored. */
  body?: { html: string; text: string }
  /** Extra headers (a newsletter's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>
  /** A stable Message-ID (`<…@host>`): a resend after a crash is recognisably the same message. */
  messageId?: string
}

/** The SMTP server refused the message for good (5xx): trying again cannot help. */
export class PermanentMailError extends Error {}
/** The SMTP server could not take it now (4xx, refused or dropped connection, timeout). */
export class TemporaryMailError extends Error {}

export type MailSender = (message: MailMessage) => Promise<void>

const SOCKET_TIMEOUT_MS = 30_000

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

export function renderText({ paragraphs = [], link }: MailMessage): string {
  return `${[...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n')}\n`
}

export function renderHtml({ subject, paragraphs = [], link }: MailMessage): string {
  const p = paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join('\n')
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(link.url)}</p>`
    : ''
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
${p}
${button}
</body></html>
`
}

/**
 * The sender of `config.mail`, or null when mail is not set up. Its errors are either
 * PermanentMailError or TemporaryMailError, so a caller knows whether a retry may help.
 */
export function createMailSender(mail: Config['mail']): MailSender | null {
  if (!mail) return null
  // nodemailer is loaded with the first message, not at every start (decision 068).
  let transport: Promise<Transporter> | undefined
  const connect = () =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: mail.smtpUrl,
        // Connections are kept and reused (a new one costs a handshake, TLS and the server's greeting
        // pause: ~100 ms a message against smtp-server here, 10x the send); idle ones close soon.
        pool: true,
        maxConnections: 2,
        idleTimeout: 5_000,
        connectionTimeout: SOCKET_TIMEOUT_MS,
        greetingTimeout: SOCKET_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      }),
    )
  return async (message) => {
    transport ??= connect()
    try {
      await (await transport).sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        text: message.body?.text ?? renderText(message),
        html: message.body?.html ?? renderHtml(message),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      })
    } catch (error) {
      throw classify(error)
    }
  }
}

/** 5xx from the server → permanent; a 4xx, or no answer at all (connection, TLS, timeout) → temporary. */
function classify(error: unknown): Error {
  const { responseCode, response, message } = error as { responseCode?: number; response?: string; message?: string }
  const text = response ?? message ?? String(error)
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
    return new PermanentMailError(text)
  }
  return new TemporaryMailError(text)
}
