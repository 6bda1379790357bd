import { ApiError, call } from "../api";
import { apiUrl, type Schema } from "../api-url";
import { playerKey } from "../store";

/**
 * The notifications API (docs/notifications.md, "Notifications API"): this browser's own
 * subscriptions by its player key, a game's group chats by the game's
 * invitation token (the creator's), and the two links an email carries.
 */

export const notifyApi = {
  list: () => call("GET", "/api/me/notifications", { token: playerKey() }),
  subscribe: (request: Schema<"NewSubscription">) => call("POST", "/api/me/notifications", { token: playerKey(), body: request }),
  change: (subscriptionId: string, changes: Schema<"SubscriptionChanges">) =>
    call("PATCH", "/api/me/notifications/{subscriptionId}", { params: { subscriptionId }, token: playerKey(), body: changes }),
  remove: (subscriptionId: string) =>
    call("DELETE", "/api/me/notifications/{subscriptionId}", { params: { subscriptionId }, token: playerKey() }),
  test: (subscriptionId: string) =>
    call("POST", "/api/me/notifications/{subscriptionId}/test", { params: { subscriptionId }, token: playerKey() }),

  /** The service's VAPID public key; null when it sends no push. */
  pushKey: () => call("GET", "/api/notifications/vapid"),

  gameWebhooks: (id: string, invite: string) => call("GET", "/api/games/{id}/webhooks", { params: { id }, token: invite }),
  attachWebhook: (id: string, invite: string, request: Schema<"NewGameWebhook">) =>
    call("POST", "/api/games/{id}/webhooks", { params: { id }, token: invite, body: request }),
  detachWebhook: (id: string, invite: string, webhookId: string) =>
    call("DELETE", "/api/games/{id}/webhooks/{webhookId}", { params: { id, webhookId }, token: invite }),
  testWebhook: (id: string, invite: string, webhookId: string) =>
    call("POST", "/api/games/{id}/webhooks/{webhookId}/test", { params: { id, webhookId }, token: invite }),

  confirm: (token: string) => call("POST", "/api/notifications/confirm", { body: { token } }),

  /** The RFC 8058 one-click body, as a mail program posts it: a form, not JSON. */
  async unsubscribe(token: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(apiUrl("POST", "/api/notifications/unsubscribe/{token}", { params: { token } }), {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        cache: "no-store",
      });
    } catch {
      throw new ApiError(0, "NETWORK", "network");
    }
    if (response.ok) return;
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    const code = body?.error?.code;
    throw new ApiError(response.status, (code ?? "INTERNAL") as ApiError["code"], body?.error?.message ?? String(response.status));
  },
};

/** The invitation token of a game created in this browser, from the invitation link the lobby keeps. */
export function inviteTokenOf(inviteUrl: string): string | null {
  const at = inviteUrl.indexOf("#");
  return at < 0 ? null : new URLSearchParams(inviteUrl.slice(at + 1)).get("invite");
}
