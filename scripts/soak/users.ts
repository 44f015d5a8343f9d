// The soak's signed-in users. Each worker uploads as one user until that user's hourly upload
// allowance is spent, then takes a fresh one, so the app's own limits never reject the mix.
import type { AppContext } from '../../src/server/app.js'
import { uploadLimits } from '../../src/server/uploads/upload-limits.js'
import { signUpAndIn } from '../../tests/support/sign-in.js'

export interface SoakUser {
  id: string
  /** the Cookie header value of the user's session */
  cookie: string
  /** tus creations this user may still start within the hour */
  uploadsLeft: number
}

/**
 * Users made through Better Auth in the soak's own process, on the server's database. Sign-up
 * signs in too, so each user costs one password hash.
 */
export class UserPool {
  private readonly spare: SoakUser[] = []
  private made = 0
  private refilling: Promise<void> | undefined
  private failure: unknown

  constructor(
    private readonly context: AppContext,
    /** users kept ready, so a worker rarely waits for a password hash */
    private readonly keepReady: number,
  ) {}

  get created(): number {
    return this.made
  }

  /** Makes the first `keepReady` users. */
  async fill(): Promise<void> {
    while (this.spare.length < this.keepReady) this.spare.push(await this.create())
  }

  /** A user nobody else uses, with a full upload allowance. */
  async take(): Promise<SoakUser> {
    if (this.failure) throw this.failure
    const user = this.spare.pop() ?? (await this.create())
    this.refilling ??= this.fill()
      .catch((error: unknown) => {
        this.failure = error
      })
      .finally(() => (this.refilling = undefined))
    return user
  }

  /** Waits for a refill under way, so the database can be closed. */
  async settle(): Promise<void> {
    await this.refilling
  }

  private async create(): Promise<SoakUser> {
    this.made += 1
    const number = this.made
    const { id, cookie } = await signUpAndIn(this.context, {
      name: `Soak User ${number}`,
      email: `soak-${number}-${Date.now()}@example.com`,
      password: 'a long enough soak password',
    })
    return { id, cookie, uploadsLeft: uploadLimits.perHour }
  }
}
