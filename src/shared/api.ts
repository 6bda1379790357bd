/**
 * The wire format shared by the server and its clients, as types: request
 * and response bodies, views, events, WebSocket messages and the error
 * body. Each is defined once, as a schema in ./wire (which also validates
 * requests and generates the OpenAPI document). Every card here is in
 * docs/record.md notation ("10H", "JK"); every view and event has already
 * been cut down to what its viewer may see (docs/rules.md §12).
 *
 * Only types and ./limits are exported here, so that a client importing
 * this file carries no schema code.
 */

export { LIMITS, WS_DEVICE_REMOVED, WS_PROTOCOL } from "./limits";
export type {
  AbsenceLimit,
  ClaimRequest,
  ClaimResponse,
  CreateGameRequest,
  CreateGameResponse,
  ErrorBody,
  ErrorCode,
  EventsResponse,
  GameRecord,
  HostSeat,
  HostSeatsResponse,
  MoveRequest,
  MyGame,
  MyGamesResponse,
  RematchResponse,
  SeatLink,
  SeatLinkRequest,
} from "./wire/api";
export type { ChatMessage, ChatRequest, ChatResponse, ChatState } from "./wire/chat";
export type { SeenEvent, WireEvent, WireEventOf } from "./wire/events";
export type { Move } from "./wire/move";
export type {
  Confirmed,
  CreatedSubscription,
  CreateSubscriptionRequest,
  DeliveryAttempt,
  GameWebhookRequest,
  GameWebhooksResponse,
  NotifyChannel,
  NotifyEventName,
  SubscriptionsResponse,
  SubscriptionView,
  TestSent,
  UpdateSubscriptionRequest,
} from "./wire/notifications";
export type { Device, LinkCode, LinkDeviceRequest, LinkPreview, Player, PlayerChanges, SignInRequest } from "./wire/players";
export type { ClientMessage, ServerMessage } from "./wire/socket";
export type { GameSnapshot, GameView, HandFairness, HandView, MatchView, PozzettoView, SeatInfo } from "./wire/view";

/** Seat number `0 … players-1`, or null for a spectator. */
export type Viewer = number | null;
