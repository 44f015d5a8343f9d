// Every write the cluster soak's clients saw acknowledged (a 2xx), kept as its last known state,
// and read back at the end from each server directly: an acknowledged write that any server does
// not show is lost.
import type { Listing } from '../../src/shared/listing.js'
import { jsonOf, type Send } from '../soak/http.js'

type SessionBody = { user: { id: string; name: string } } | null

export class WriteLedger {
  /** the last acknowledged state of each listing; null once its delete was acknowledged */
  readonly listings = new Map<string, Listing | null>()
  /** each user's last acknowledged name, with the session cookie that changed it */
  readonly names = new Map<string, { name: string; cookie: string }>()

  /** `send`, noting each acknowledged listing write and profile name change. */
  watch(send: Send): Send {
    return async (kind, path, options) => {
      const response = await send(kind, path, options)
      if (kind === 'POST /api/listings' || kind === 'PUT /api/listings/:id') {
        const listing = jsonOf<Listing>(response)
        if (listing) this.listings.set(listing.id, listing)
      } else if (kind === 'DELETE /api/listings/:id' && response.status === 204) {
        this.listings.set(path.split('/').pop()!, null)
      } else if (kind === 'PATCH /api/users/me') {
        const user = jsonOf<{ id: string; name: string }>(response)
        if (user) this.names.set(user.id, { name: user.name, cookie: options!.cookie! })
      }
      return response
    }
  }

  get writes(): number {
    return this.listings.size + this.names.size
  }

  /** What `origin` does not show as acknowledged, one line each. */
  async missingOn(origin: string): Promise<string[]> {
    const missing: string[] = []
    for (const [id, listing] of this.listings) {
      const response = await fetch(`${origin}/api/listings/${id}`)
      if (listing === null) {
        if (response.status !== 404) missing.push(`deleted listing ${id}: ${response.status}`)
        continue
      }
      const shown = response.ok ? ((await response.json()) as Listing) : undefined
      if (!shown || shown.name !== listing.name || shown.regularPrice !== listing.regularPrice) {
        missing.push(
          `listing ${id} '${listing.name}': ${shown ? `'${shown.name}'` : response.status}`,
        )
      } else if (shown.imageUrls.join() !== listing.imageUrls.join()) {
        missing.push(`listing ${id}: other images`)
      }
    }
    // Through the session (not GET /api/users/:id, whose per-address limit these reads would pass).
    for (const [id, { name, cookie }] of this.names) {
      const response = await fetch(`${origin}/api/auth/get-session`, {
        headers: { Cookie: cookie },
      })
      const session = response.ok ? ((await response.json()) as SessionBody) : null
      const shown = session?.user.id === id ? session.user.name : undefined
      if (shown !== name) missing.push(`user ${id} '${name}': ${shown ?? response.status}`)
    }
    return missing
  }
}
