// The HTML frame every mail of ours shares: a white card on the app's grey, the name on top, and a
// footer that says why the mail came. Table layout and inline styles, as mail programs want them.
import { escapeHtml } from '../lib/escape.js'

/** The app's colours (client/styles/global.css). */
export const mailColours = {
  page: '#f2f4f8',
  text: '#1f2430',
  muted: '#5b6475',
  brand: '#007a3d',
} as const

const font = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

/** A link in the brand's colour; `label` is plain text. */
export function mailLink(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:${mailColours.brand};font-weight:600">${escapeHtml(label)}</a>`
}

/** A link shown as the app's green button (a table cell, which every mail program shows). */
export function mailButton(url: string, label: string): string {
  return `<table class="button" role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0 0">
<tr><td style="background:${mailColours.brand};border-radius:8px">
<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a>
</td></tr></table>`
}

/** The footer's line of the mails about saved searches and saved homes, which the profile lists. */
export function profileManageLine(profileUrl: string): string {
  return `Your saved searches, their alerts and your saved homes are in ${mailLink(profileUrl, 'your profile')}.`
}

/**
 * A whole HTML document: `title` (plain text) in its head, `body` and `footer` (HTML) in the card
 * and under it.
 */
export function mailPage(options: {
  title: string
  body: string
  footer: string
  /** the footer's line (HTML) that says where the person manages what they get */
  manageLine: string
  /** the address the mail goes to, named in the footer for people with several */
  to: string
}): string {
  const { page, text, muted, brand } = mailColours
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(options.title)}</title>
<style>
@media (max-width: 620px) {
  .frame { padding: 0 !important; }
  .card { border-radius: 0 !important; }
  .cover { width: 100% !important; height: auto !important; }
  .button, .button a { display: block !important; text-align: center !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background:${page};color:${text};font-family:${font};font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${page}">
<tr><td class="frame" align="center" style="padding:24px 12px">
<table class="card" role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:16px">
<tr><td style="padding:24px 24px 0;font-size:20px;font-weight:700;color:${brand}">House Marketplace</td></tr>
<tr><td style="padding:8px 24px 24px">
${options.body}
</td></tr>
</table>
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px">
<tr><td style="padding:16px 24px;font-size:13px;color:${muted}">
${options.footer}
<p style="margin:8px 0 0">${options.manageLine}</p>
<p style="margin:8px 0 0">This mail was sent to ${escapeHtml(options.to)}. House Marketplace: homes for rent and for sale.</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
}
