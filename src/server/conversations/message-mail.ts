// The mail that tells someone a message waits for them in a conversation, plain text and HTML. In
// the text part each message is on one line after a label, and each of our links on a labelled
// line of its own, so that no message can add lines that look like ours.
import { conversationPath, firstName } from '../../shared/conversation.js'
import { formatCount } from '../../shared/format.js'
import { escapeHtml } from '../lib/escape.js'
import { mailButton, mailColours, mailLink, mailPage } from '../mail/mail-layout.js'
import { oneLine } from '../mail/mail-text.js'
import type { Mail } from '../mail/mailer.js'
import { unsubscribeHeaders } from '../mail/unsubscribe-headers.js'

/** A mail quotes this many of the unread messages at most, the latest; the app shows the rest. */
export const messagesPerMail = 3

/** A quoted message is cut after this many characters (a message may have 2,000). */
const quoteLength = 500

export interface MessageMail {
  to: string
  publicUrl: string
  conversationId: string
  /** the person who wrote the messages */
  senderName: string
  listingName: string
  /** the unread messages quoted, oldest first: the latest `messagesPerMail` at most */
  messages: string[]
  /** how many messages are unread in all */
  unread: number
  /** the one-click link that turns message mails off for the recipient */
  unsubscribeUrl: string
}

/** `body` at most `quoteLength` characters long, its line breaks kept (for the HTML part). */
function quote(body: string): string {
  const characters = [...body]
  return characters.length > quoteLength
    ? `${characters
        .slice(0, quoteLength - 1)
        .join('')
        .trimEnd()}…`
    : body
}

export function messageMail(options: MessageMail): Mail {
  const { publicUrl, unsubscribeUrl, unread } = options
  const link = `${publicUrl}${conversationPath(options.conversationId)}`
  const sender = oneLine(options.senderName, 60)
  const listing = oneLine(options.listingName, 100)
  const quoted = options.messages.slice(-messagesPerMail)
  const earlier = unread - quoted.length
  const count = unread > 1 ? formatCount(unread, 'new message', 'new messages') : 'New message'
  const subject = `${count} from ${oneLine(firstName(options.senderName), 60)} about ${listing}`
  const news = `${count} from ${sender} about "${listing}":`
  const more =
    earlier > 0 ? `And ${formatCount(earlier, 'earlier message', 'earlier messages')}.` : ''
  const why =
    'You get this mail because a message to you in House Marketplace was not read for a while. We send one mail a conversation until you read it.'
  const text = [
    news,
    '',
    ...quoted.map((body) => `Message: ${oneLine(body, quoteLength)}`),
    ...(more ? [more] : []),
    '',
    `Reply in House Marketplace: ${link}`,
    '',
    why,
    `Turn off message mails: ${unsubscribeUrl}`,
    '',
    'House Marketplace',
  ].join('\n')
  const bubbles = quoted
    .map(
      (body) =>
        `<tr><td style="padding:12px 16px;background:${mailColours.page};border-radius:12px">${escapeHtml(quote(body)).replace(/\r?\n/g, '<br>')}</td></tr>
<tr><td style="height:8px;font-size:0;line-height:0">&#160;</td></tr>`,
    )
    .join('\n')
  const html = mailPage({
    title: subject,
    manageLine: `Your conversations are in ${mailLink(`${publicUrl}/messages`, 'your messages')}.`,
    to: options.to,
    body: `<p style="margin:0 0 12px">${escapeHtml(news)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${bubbles}</table>
${more ? `<p style="margin:4px 0 0;color:${mailColours.muted}">${escapeHtml(more)}</p>` : ''}
${mailButton(link, 'Reply in House Marketplace')}`,
    footer: `<p style="margin:0">${escapeHtml(why)} ${mailLink(unsubscribeUrl, 'Turn off message mails')}</p>`,
  })
  return { to: options.to, subject, text, html, link, headers: unsubscribeHeaders(unsubscribeUrl) }
}
