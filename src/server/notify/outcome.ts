/** What one attempt to deliver came to. */
export type Outcome =
  | { readonly kind: "sent"; readonly status: number | null }
  /** Worth trying again later (5xx, 429, timeouts, network errors, any other non-2xx). */
  | { readonly kind: "failed"; readonly status: number | null; readonly error: string }
  /** The receiver is gone for good (410 Gone; 404 from a push service): disable the subscription now. */
  | { readonly kind: "gone"; readonly status: number | null; readonly error: string }
  /** The target itself is not allowed (a private address, a malformed URL): disable now, never retry. */
  | { readonly kind: "refused"; readonly status: null; readonly error: string };

/** A short reason for a failed status, in the log's words. */
function reasonOf(status: number): string {
  if (status === 429) return "the receiver asked to slow down";
  if (status === 404 || status === 410) return "the receiver is not there";
  if (status === 401 || status === 403) return "the receiver refused the request";
  if (status >= 500) return "the receiver failed";
  if (status >= 400) return "the receiver did not take the request";
  return "not a success";
}

/** Turns an HTTP answer into an outcome: any 2xx is sent, `goneStatuses` disable, everything else fails. */
export async function outcomeOf(response: Response, goneStatuses: readonly number[]): Promise<Outcome> {
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel();
    return { kind: "sent", status: response.status };
  }
  // The receiver's body is not kept: whoever reads the log (a subscriber, a game's creator) learns the status and a reason of ours, never what an arbitrary server answered.
  await response.body?.cancel().catch(() => undefined);
  const error = `HTTP ${response.status}: ${reasonOf(response.status)}`;
  return goneStatuses.includes(response.status)
    ? { kind: "gone", status: response.status, error }
    : { kind: "failed", status: response.status, error };
}

/** A fetch that gives up after `ms`, as a failed outcome. */
export async function timedFetch(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  ms: number,
): Promise<{ response: Response } | { error: string }> {
  try {
    return { response: await fetcher(url, { ...init, signal: AbortSignal.timeout(ms), redirect: "manual" }) };
  } catch (error) {
    const e = error as Error;
    return { error: e.name === "TimeoutError" ? `no answer within ${ms / 1000} s` : e.message };
  }
}
