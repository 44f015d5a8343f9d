// The part of oidc-provider 9 that services.ts uses (the package ships no types of its own).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface Account {
    accountId: string
    claims(use: string, scope: string): Promise<{ sub: string; [claim: string]: unknown }>
  }

  export interface InteractionDetails {
    uid: string
    prompt: {
      name: 'login' | 'consent' | string
      details: {
        missingOIDCScope?: string[]
        missingOIDCClaims?: string[]
        missingResourceScopes?: Record<string, string[]>
      }
    }
    params: { client_id: string; scope?: string; [param: string]: unknown }
    session?: { accountId: string }
    grantId?: string
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(indicator: string, scope: string): void
    save(): Promise<string>
  }

  export interface GrantClass {
    new (properties: { accountId: string; clientId: string }): Grant
    find(id: string): Promise<Grant | undefined>
  }

  export interface InteractionResult {
    login?: { accountId: string }
    consent?: { grantId: string }
    error?: string
    error_description?: string
  }

  export type Configuration = Record<string, unknown> & {
    findAccount?: (context: unknown, sub: string) => Promise<Account | undefined>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    readonly Grant: GrantClass
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<InteractionDetails>
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
