/** What one attempt to deliver came to. */
export type Outcome =
  | { readonly kind: "sent"; readonly status: number | null }
  /** Worth trying again later (5xx, 429, timeouts, network errors, any other non-2xx). */
  | { readonly kind: "failed"; readonly status: number | null; readonly error: string }
  /** The receiver is gone for good (410 Gone; 404 from a push service): disable the subscription now. */
  | { readonly kind: "gone"; readonly status: number | null; readonly error: string }
  /** The target itself is not allowed (a private address, a malformed URL): disable now, never retry. */
  | { readonly kind: "refused"; readonly status: null; readonly error: string };

/** Turns an HTTP answer into an outcome: any 2xx is sent, `goneStatuses` disable, everything else fails. */
export async function outcomeOf(response: Response, goneStatuses: readonly number[]): Promise<Outcome> {
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel();
    return { kind: "sent", status: response.status };
  }
  const text = (await response.text().catch(() => "")).slice(0, 200);
  const error = `HTTP ${response.status}${text ? `: ${text}` : ""}`;
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
