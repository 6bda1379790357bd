import type {
  Confirmed,
  CreatedSubscription,
  CreateSubscriptionRequest,
  GameWebhookRequest,
  GameWebhooksResponse,
  SubscriptionsResponse,
  SubscriptionView,
  TestSent,
  UpdateSubscriptionRequest,
} from "../../../src/shared/api";
import { ApiError, call } from "../api";
import { playerKey } from "../store";

/**
 * The notifications API (docs/notifications.md, "Notifications API"): this browser's own
 * subscriptions by its player key, a game's group chats by the game's
 * invitation token (the creator's), and the two links an email carries.
 */

const mine = "/api/me/notifications";
const one = (id: string) => `${mine}/${encodeURIComponent(id)}`;
const gameHooks = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/webhooks`;

export const notifyApi = {
  list: () => call<SubscriptionsResponse>(mine, { token: playerKey() }),
  subscribe: (request: CreateSubscriptionRequest) => call<CreatedSubscription>(mine, { token: playerKey(), body: request }),
  change: (id: string, changes: UpdateSubscriptionRequest) =>
    call<SubscriptionView>(one(id), { token: playerKey(), method: "PATCH", body: changes }),
  remove: (id: string) => call<{ deleted: true }>(one(id), { token: playerKey(), method: "DELETE" }),
  test: (id: string) => call<TestSent>(`${one(id)}/test`, { token: playerKey(), method: "POST" }),

  /** The service's VAPID public key; null when it sends no push. */
  pushKey: () => call<{ publicKey: string | null }>("/api/notifications/vapid"),

  gameWebhooks: (gameId: string, invite: string) => call<GameWebhooksResponse>(gameHooks(gameId), { token: invite }),
  attachWebhook: (gameId: string, invite: string, request: GameWebhookRequest) =>
    call<CreatedSubscription>(gameHooks(gameId), { token: invite, body: request }),
  detachWebhook: (gameId: string, invite: string, id: string) =>
    call<{ deleted: true }>(`${gameHooks(gameId)}/${encodeURIComponent(id)}`, { token: invite, method: "DELETE" }),
  testWebhook: (gameId: string, invite: string, id: string) =>
    call<TestSent>(`${gameHooks(gameId)}/${encodeURIComponent(id)}/test`, { token: invite, method: "POST" }),

  confirm: (token: string) => call<Confirmed>("/api/notifications/confirm", { body: { token } }),

  /** The RFC 8058 one-click body, as a mail program posts it: a form, not JSON. */
  async unsubscribe(token: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`/api/notifications/unsubscribe/${encodeURIComponent(token)}`, {
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
