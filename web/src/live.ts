import { type EventsResponse, LIMITS, type ServerMessage, WS_DEVICE_REMOVED, WS_PROTOCOL, WS_SEAT_BOUND } from "../../src/shared/api";
import { ApiError, api } from "./api";
import { apiUrl } from "./api-url";
import { playerKey } from "./store";

/**
 * Live updates of one game: a WebSocket (`/api/games/{id}/ws`; a seat token
 * goes in the subprotocol `bearer.<token>`, never in the URL), reconnecting
 * with backoff and resuming from the last version; if WebSockets do not work
 * here, long polling of `/api/games/{id}/events`.
 */

export type Connection = "connecting" | "live" | "reconnecting" | "polling" | "offline";

export interface LiveOptions {
  readonly gameId: string;
  /** A seat token, or null for the public view. */
  readonly token: string | null;
  /** Ask for the events after this version on the first connection (what happened since the last visit). */
  readonly since: number | null;
  readonly onUpdate: (update: EventsResponse) => void;
  readonly onConnection: (state: Connection) => void;
  /** The token stopped working (e.g. the seat was claimed with the invitation). */
  readonly onAuthError: (error: ApiError) => void;
}

/** Refusals of the seat itself that no retry changes: it is another player's (docs/identity.md). */
const REFUSED = new Set(["SEAT_BOUND", "SEAT_TAKEN", "DEVICE_REMOVED"]);

/** Failed WebSocket attempts, without one ever opening, before falling back to long polling. */
const WS_ATTEMPTS = 2;

export class Live {
  private ws: WebSocket | null = null;
  private version = 0;
  private since: number | null;
  private stopped = false;
  private failures = 0;
  private opened = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private poll: AbortController | null = null;
  private mode: "ws" | "poll" = "ws";

  constructor(private readonly options: LiveOptions) {
    this.since = options.since;
  }

  start(version: number): void {
    this.version = version;
    if (typeof WebSocket === "undefined") this.startPolling();
    else this.connect();
    addEventListener("online", this.wake);
  }

  stop(): void {
    this.stopped = true;
    removeEventListener("online", this.wake);
    if (this.timer) clearTimeout(this.timer);
    this.poll?.abort();
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close(1000, "page closed");
    }
  }

  /** The page got a newer version another way (its own move's answer). */
  seen(version: number): void {
    this.version = Math.max(this.version, version);
  }

  private readonly wake = () => {
    if (this.stopped || this.mode !== "ws" || this.ws) return;
    if (this.timer) clearTimeout(this.timer);
    this.failures = 0;
    this.connect();
  };

  private connect(): void {
    if (this.stopped) return;
    this.options.onConnection(this.opened ? "reconnecting" : "connecting");
    const url = new URL(apiUrl("GET", "/api/games/{id}/ws", { params: { id: this.options.gameId } }), location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    let ws: WebSocket;
    try {
      // A seat's socket says which device opened it (`key.<player key>`: a browser cannot set X-Player-Key here), so
      // that removing the device closes it at once.
      ws = this.options.token
        ? new WebSocket(url, [WS_PROTOCOL, `bearer.${this.options.token}`, `key.${playerKey()}`])
        : new WebSocket(url);
    } catch {
      this.failed(false);
      return;
    }
    this.ws = ws;
    let open = false;
    ws.onopen = () => {
      open = true;
      this.opened = true;
      this.failures = 0;
      this.options.onConnection("live");
      // What happened while away: since the last visit, or since the last version before a reconnect.
      const since = this.since ?? this.version;
      this.since = null;
      this.resumeFrom = since;
    };
    ws.onmessage = (message) => {
      let data: ServerMessage;
      try {
        data = JSON.parse(String(message.data)) as ServerMessage;
      } catch {
        return;
      }
      if (data.type === "events") {
        const first = this.resumeFrom !== null;
        // A push at the same version still matters: a seat was taken or renamed.
        this.version = Math.max(this.version, data.version);
        this.options.onUpdate(data);
        // The first push is the table as it stands; then ask for what was missed, if anything.
        if (first) {
          const since = this.resumeFrom!;
          this.resumeFrom = null;
          if (since < data.version) ws.send(JSON.stringify({ type: "resume", since }));
        }
      }
    };
    ws.onclose = (event) => {
      if (this.ws === ws) this.ws = null;
      // This device was removed from the seat's player: no reconnecting, the page says why.
      if (event.code === WS_DEVICE_REMOVED) {
        this.stopped = true;
        this.options.onAuthError(new ApiError(401, "DEVICE_REMOVED", event.reason));
        return;
      }
      // The seat became its player's, and this device is not theirs (docs/identity.md): no reconnecting either.
      if (event.code === WS_SEAT_BOUND) {
        this.stopped = true;
        this.options.onAuthError(new ApiError(403, "SEAT_BOUND", event.reason));
        return;
      }
      this.failed(open);
    };
  }

  private resumeFrom: number | null = null;

  private failed(hadOpened: boolean): void {
    if (this.stopped) return;
    if (!hadOpened) this.failures++;
    if (!this.opened && this.failures >= WS_ATTEMPTS) {
      this.startPolling();
      return;
    }
    this.options.onConnection(navigator.onLine === false ? "offline" : "reconnecting");
    const delay = backoff(hadOpened ? 0 : this.failures);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private startPolling(): void {
    this.mode = "poll";
    this.options.onConnection("polling");
    void this.pollLoop();
  }

  private async pollLoop(): Promise<void> {
    let errors = 0;
    let first = true;
    while (!this.stopped) {
      this.poll = new AbortController();
      const since = this.since ?? this.version;
      this.since = null;
      try {
        const update = await api.events(this.options.gameId, this.options.token, since, first ? 0 : LIMITS.waitSeconds, this.poll.signal);
        first = false;
        errors = 0;
        this.options.onConnection("polling");
        // An answer at the same version may still bring news: a seat taken or renamed wakes the poll too.
        this.version = Math.max(this.version, update.version);
        this.options.onUpdate(update);
      } catch (error) {
        if (this.stopped) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 404 || REFUSED.has(error.code))) {
          this.options.onAuthError(error);
          return;
        }
        errors++;
        this.options.onConnection("offline");
        const retry = error instanceof ApiError && error.body?.retryAfter ? error.body.retryAfter * 1000 : backoff(errors);
        await new Promise((r) => (this.timer = setTimeout(r, retry)));
      }
    }
  }
}

/** 0.5 s, 1 s, 2 s … up to 30 s, with jitter so that many clients do not return at once. */
function backoff(attempt: number): number {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}
