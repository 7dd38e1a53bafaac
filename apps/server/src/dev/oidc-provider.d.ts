// oidc-provider v8 ships no types (and @types/oidc-provider follows newer majors): the part of
// its API the development provider uses.
declare module 'oidc-provider' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** Koa's context, as far as the configuration callbacks below touch it. */
  export interface ProviderContext {
    type: string;
    body: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export type Configuration = Record<string, unknown> & {
    findAccount?: (ctx: ProviderContext, sub: string) => Promise<Account | undefined>;
    renderError?: (ctx: ProviderContext, out: Record<string, string>, error: Error) => Promise<void>;
  };

  export const errors: {
    /** The interaction (or session) a request refers to is gone or was never this browser's. */
    SessionNotFound: new (description: string) => Error;
  };

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
