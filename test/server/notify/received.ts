/**
 * What the Node side of the tests (the local receivers, receivers.ts; the sent-mail reader, test/sent-mail.ts) tells
 * the tests in the Workers runtime: types only, so that both worlds (tsconfig/node.json, tsconfig/worker-tests.json)
 * share them without either importing the other.
 */

/** One request a local webhook receiver got. */
export interface Received {
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The library's verify accepted the signature (null: no secret given for this hook). */
  readonly verified: boolean | null;
  readonly answered: number;
  readonly at: number;
}

/** One email the local `send_email` binding wrote, as read back. */
export interface SentMail {
  readonly file: string;
  readonly to: readonly string[];
  readonly from: { readonly address: string; readonly name: string };
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Record<string, string>;
}

/** The receivers' addresses, provided by the global setup (receivers.ts). */
declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
    pushServiceUrl: string;
  }
}
