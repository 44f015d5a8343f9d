import { describe, expect, it } from 'vitest'
import type { SoakResponse, Send } from '../soak/http.js'
import { createRetryingSend, type Retries } from './retrying-send.js'

const response = (status: number, json?: unknown): SoakResponse => ({
  status,
  headers: new Headers(),
  body: json === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(json)),
})

/** A send that gives the listed statuses (or responses) in turn, noting each request. */
function scripted(statuses: (number | SoakResponse)[]): { send: Send; sent: string[] } {
  const sent: string[] = []
  const send: Send = async (_kind, path, options = {}) => {
    sent.push(`${options.method ?? 'GET'} ${path}`)
    const next = statuses.shift()!
    return typeof next === 'number' ? response(next) : next
  }
  return { send, sent }
}

const fresh = (): Retries => ({
  inFlight: 0,
  unexplained: 0,
  deletedByLostAttempt: 0,
  createdByLostAttempt: 0,
  samples: [],
})

const create = {
  method: 'POST',
  body: JSON.stringify({ type: 'rent', name: 'Soak Villa 3', regularPrice: 1200 }),
}
const session = response(200, { user: { id: 'owner-1' } })
const newest = (name: string) =>
  response(200, { items: [{ id: 'l1', type: 'rent', name, regularPrice: 1200 }] })
const justKilled = () => [Date.now()]

describe('createRetryingSend', () => {
  it('sends a lost request again and counts it in flight on the killed server', async () => {
    const { send, sent } = scripted([0, 502, 200])
    const retries = fresh()
    const got = await createRetryingSend(send, justKilled, retries)('GET x', '/x')
    expect(got.status).toBe(200)
    expect(sent).toHaveLength(3)
    expect(retries).toMatchObject({ inFlight: 2, unexplained: 0 })
  })

  it('counts a lost request far from any kill as unexplained', async () => {
    const { send } = scripted([503, 200])
    const retries = fresh()
    await createRetryingSend(send, () => [], retries)('GET x', '/x')
    expect(retries).toMatchObject({ inFlight: 0, unexplained: 1, samples: ['503 GET x /x'] })
  })

  it('takes a 404 to a retried DELETE as the lost attempt having deleted it', async () => {
    const { send } = scripted([0, 404])
    const retries = fresh()
    const got = await createRetryingSend(send, justKilled, retries)('DELETE l', '/api/listings/a', {
      method: 'DELETE',
    })
    expect(got.status).toBe(204)
    expect(retries.deletedByLostAttempt).toBe(1)
  })

  it('leaves a 404 to a DELETE that was never lost as it is', async () => {
    const { send } = scripted([404])
    const retries = fresh()
    const got = await createRetryingSend(send, justKilled, retries)('DELETE l', '/api/listings/a', {
      method: 'DELETE',
    })
    expect(got.status).toBe(404)
    expect(retries.deletedByLostAttempt).toBe(0)
  })

  /** A create whose first attempt is lost and whose retry gets a 400, then the owner's newest. */
  async function createLostThenRefused(newestName: string) {
    const { send, sent } = scripted([0, 400, session, newest(newestName)])
    const retries = fresh()
    const got = await createRetryingSend(send, justKilled, retries)(
      'POST /api/listings',
      '/api/listings',
      create,
    )
    return { got, sent, retries }
  }

  it("takes a 400 to a retried create as done by the lost attempt when it is the owner's newest", async () => {
    const { got, sent, retries } = await createLostThenRefused('Soak Villa 3')
    expect(got.status).toBe(201)
    expect(JSON.parse(got.body.toString()).id).toBe('l1')
    expect(sent.slice(2)).toEqual([
      'GET /api/auth/get-session',
      'GET /api/listings?userRef=owner-1&limit=1',
    ])
    expect(retries.createdByLostAttempt).toBe(1)
  })

  it("leaves a 400 to a retried create as it is when the owner's newest is another", async () => {
    const { got, retries } = await createLostThenRefused('Soak Villa 2')
    expect(got.status).toBe(400)
    expect(retries.createdByLostAttempt).toBe(0)
  })

  it('does not send a tus chunk again: the upload resumes from its offset', async () => {
    const { send, sent } = scripted([0, 204])
    const got = await createRetryingSend(send, justKilled, fresh())('PATCH u', '/api/uploads/a', {
      method: 'PATCH',
    })
    expect(got.status).toBe(0)
    expect(sent).toHaveLength(1)
  })
})
