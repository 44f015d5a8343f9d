// A message's text as typed: its web addresses are links that leave the site marked as user
// content, everything else is text (React escapes it; nothing in a message is ever HTML).
import { Fragment } from 'react'
import { messageParts } from './message-parts'

export function MessageText({ body }: { body: string }) {
  return (
    <>
      {messageParts(body).map((part, index) =>
        'url' in part ? (
          <a key={index} href={part.url} rel="nofollow ugc noopener" target="_blank">
            {part.url}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}
