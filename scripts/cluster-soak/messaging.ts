// The cluster soak's messaging mix: askers and landlords write to each other through HAProxy while
// a server is killed, each message with a client id that a retry sends again (the retrying send
// resends the same body). Afterwards every acknowledged message must be stored exactly once, read
// back from each server, and each person who got messages and never read them must have been
// mailed exactly once about that conversation (MESSAGE_MAIL_DELAY_SECONDS=1, smtp-catcher).
import type { AppContext } from '../../src/server/app.js'
import { seededRandom } from '../../src/server/seed/random.js'
import type { Conversation, Message } from '../../src/shared/conversation.js'
import { signUpAndIn, type SignedInUser } from '../../tests/support/sign-in.js'
import type { SmtpCatcher } from '../../tests/support/smtp-catcher.js'
import { insertListing } from '../../tests/support/test-app.js'
import { markEmailVerified } from '../../tests/support/verified-email.js'
import type { ClusterServer } from '../cluster/start-cluster.js'
import { jsonOf, type Send } from '../soak/http.js'
import type { CheckResult } from './cluster-checks.js'

/** A listing's landlord and the one person who asks about it: one conversation. */
export interface MessagingParty {
  listingId: string
  asker: SignedInUser
  owner: SignedInUser
}

/** What the clients sent and saw acknowledged. */
export interface MessagingLedger {
  parties: MessagingParty[]
  /** each party's conversation, once its first message was acknowledged */
  conversationIds: Map<MessagingParty, string>
  /** acknowledged messages by client id */
  acknowledged: Map<string, Message>
  /** messages sent (each client id once, however often it was retried) */
  sent: number
}

/** Workers sending messages at once, and the pause each takes between two messages. */
const messagingConnections = 2
const pauseMs = { min: 200, max: 600 }

/**
 * `count` landlords with a listing each and as many askers, all verified so that they can be
 * mailed; each person sends well under the 200 messages an hour a 120-second soak allows.
 */
export async function messagingParties(
  context: AppContext,
  count: number,
): Promise<MessagingParty[]> {
  // At once: each sign-up is a password hash, which Node hashes on its thread pool.
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const n = index + 1
      const [owner, asker] = await Promise.all([
        signUpAndIn(context, { name: `Soak Landlord ${n}` }),
        signUpAndIn(context, { name: `Soak Asker ${n}` }),
      ])
      await markEmailVerified(context, owner.id)
      await markEmailVerified(context, asker.id)
      const listing = await insertListing(context, {
        userRef: owner.id,
        name: `Soak Messages Flat ${n}`,
      })
      return { listingId: listing.id, asker, owner }
    }),
  )
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

/**
 * Each party's asker starts the conversation, then `messagingConnections` workers send messages
 * from either side of a conversation picked at random until `until`.
 */
export async function runMessaging(
  send: Send,
  parties: MessagingParty[],
  until: number,
  seed: number,
): Promise<MessagingLedger> {
  const ledger: MessagingLedger = {
    parties,
    conversationIds: new Map(),
    acknowledged: new Map(),
    sent: 0,
  }
  const nextMessage = () => {
    ledger.sent += 1
    const clientId = `soak-${seed}-${ledger.sent}`
    return { clientId, body: `Soak message ${ledger.sent}: is the flat still free?` }
  }
  await Promise.all(
    parties.map(async (party) => {
      const message = nextMessage()
      const response = await send(
        'POST /api/listings/:id/conversations',
        `/api/listings/${party.listingId}/conversations`,
        { ...json(message), cookie: party.asker.cookie },
      )
      const conversation = jsonOf<Conversation>(response)
      const stored = conversation?.messages.find((sent) => sent.body === message.body)
      if (!conversation || !stored) return
      ledger.conversationIds.set(party, conversation.id)
      ledger.acknowledged.set(message.clientId, stored)
    }),
  )
  await Promise.all(
    Array.from({ length: messagingConnections }, async (_, worker) => {
      const random = seededRandom(seed + worker + 1)
      while (Date.now() < until) {
        const party = random.pick(parties)
        const conversationId = ledger.conversationIds.get(party)
        if (conversationId) {
          const from = random.chance(0.5) ? party.asker : party.owner
          const message = nextMessage()
          const response = await send(
            'POST /api/conversations/:id/messages',
            `/api/conversations/${conversationId}/messages`,
            { ...json(message), cookie: from.cookie },
          )
          const stored = jsonOf<Message>(response)
          if (stored) ledger.acknowledged.set(message.clientId, stored)
        }
        await new Promise((resolve) => setTimeout(resolve, random.int(pauseMs.min, pauseMs.max)))
      }
    }),
  )
  return ledger
}

/** Every message of a conversation as `origin` returns it, oldest first, page by page. */
async function storedMessages(
  origin: string,
  conversationId: string,
  cookie: string,
): Promise<Message[] | string> {
  const messages: Message[] = []
  let before: string | null = null
  do {
    const query: string = before ? `?before=${encodeURIComponent(before)}` : ''
    const response = await fetch(`${origin}/api/conversations/${conversationId}${query}`, {
      headers: { Cookie: cookie },
    })
    if (!response.ok) return `conversation ${conversationId}: ${response.status}`
    const page = (await response.json()) as Conversation
    messages.unshift(...page.messages)
    before = page.nextBefore
  } while (before)
  return messages
}

/**
 * Reads every conversation back from each server directly: each acknowledged message there with
 * its id and body, and no message stored twice (a resend that was not recognised by its client id
 * would store its body again).
 */
export async function messagesKept(
  servers: ClusterServer[],
  ledger: MessagingLedger,
): Promise<CheckResult & { stored: Map<string, Message[]> }> {
  const problems: string[] = []
  const stored = new Map<string, Message[]>()
  for (const server of servers) {
    const seen = new Map<string, Message>()
    const bodies = new Set<string>()
    for (const [party, conversationId] of ledger.conversationIds) {
      const messages = await storedMessages(server.url, conversationId, party.asker.cookie)
      if (typeof messages === 'string') {
        problems.push(`${server.name}: ${messages}`)
        continue
      }
      stored.set(conversationId, messages)
      for (const message of messages) {
        if (bodies.has(message.body))
          problems.push(`${server.name}: '${message.body}' stored twice`)
        bodies.add(message.body)
        seen.set(message.id, message)
      }
    }
    for (const [clientId, message] of ledger.acknowledged) {
      if (seen.get(message.id)?.body !== message.body) {
        problems.push(`${server.name}: acknowledged message ${clientId} missing`)
      }
    }
  }
  return {
    pass: problems.length === 0 && ledger.acknowledged.size > 0,
    value:
      `${problems.length} problems with ${ledger.acknowledged.size} acknowledged of ${ledger.sent} sent in ` +
      `${ledger.conversationIds.size} conversations${problems.length ? ` (${problems.slice(0, 3).join('; ')})` : ''}`,
    stored,
  }
}

/** The (conversation, recipient) pairs that some stored message was sent to: each gets one mail. */
function unreadPairs(ledger: MessagingLedger, stored: Map<string, Message[]>): Set<string> {
  const pairs = new Set<string>()
  for (const [party, conversationId] of ledger.conversationIds) {
    for (const message of stored.get(conversationId) ?? []) {
      const to = message.from.id === party.owner.id ? party.asker : party.owner
      pairs.add(`${conversationId} ${to.email.toLowerCase()}`)
    }
  }
  return pairs
}

/** The (conversation, recipient) pair each caught message mail is about. */
function mailedPairs(catcher: SmtpCatcher): string[] {
  return catcher.mails.flatMap((mail) => {
    const link = /^Reply in House Marketplace: \S+\/messages\/(\S+)$/m.exec(mail.text)
    return link ? mail.to.map((to) => `${decodeURIComponent(link[1]!)} ${to}`) : []
  })
}

/**
 * Waits for a mail to each person with unread messages, then a while longer, as a mail sent twice
 * comes after the first (a killed server's claim on its job runs out after 30 s): each pair must
 * have had exactly one.
 */
export async function messageMailsOnce(
  catcher: SmtpCatcher,
  ledger: MessagingLedger,
  stored: Map<string, Message[]>,
  timeoutMs = 40_000,
): Promise<CheckResult> {
  const expected = unreadPairs(ledger, stored)
  const started = Date.now()
  const allMailed = () => {
    const mailed = new Set(mailedPairs(catcher))
    return [...expected].every((pair) => mailed.has(pair))
  }
  while (!allMailed() && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  // Only these conversations: a viewing booked during the soak writes in a conversation of its own.
  const ours = new Set(ledger.conversationIds.values())
  const counts = new Map<string, number>()
  for (const pair of mailedPairs(catcher)) {
    if (ours.has(pair.split(' ')[0]!)) counts.set(pair, (counts.get(pair) ?? 0) + 1)
  }
  const once = [...expected].filter((pair) => counts.get(pair) === 1).length
  const twice = [...counts.values()].filter((count) => count > 1).length
  const unexpected = [...counts.keys()].filter((pair) => !expected.has(pair)).length
  return {
    pass: expected.size > 0 && once === expected.size && twice === 0 && unexpected === 0,
    value:
      `${once} of ${expected.size} people with unread messages mailed once; ` +
      `mailed more than once: ${twice}; mailed without a message: ${unexpected}`,
  }
}
