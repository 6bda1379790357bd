import { CHAT_LIMITS, QUICK_PHRASES } from "../chat";
import { LIMITS } from "../limits";
import { Seat } from "./common";
import { playerText } from "./text";
import { z } from "./z";

/**
 * The table's chat on the wire (docs/chat.md). A message's text is checked
 * by the room (text.ts), so that a refusal has its own code: the schema
 * only bounds the raw string.
 */

export const QuickPhrase = z
  .enum(QUICK_PHRASES)
  .openapi("QuickPhrase", { description: "A quick phrase, sent as its code and shown in each reader's language." });

export const ChatAudience = z.enum(["players", "everyone"]).openapi("ChatAudience", {
  description: "Who reads the chat besides the seated players: nobody (`players`, the default) or spectators and embeds too (`everyone`).",
});

/** Raw text: the room checks it (text.ts) and counts its characters; this only stops a body from carrying a novel. */
const RawText = z
  .string()
  .max(CHAT_LIMITS.textLength * 4)
  .openapi({ description: `Free text, at most ${CHAT_LIMITS.textLength} characters once trimmed, checked like every player text.` });

export const ChatRequest = z
  .union([
    z.strictObject({ text: RawText, id: z.string().min(1).max(LIMITS.idempotencyKeyLength).optional() }),
    z.strictObject({ phrase: QuickPhrase, id: z.string().min(1).max(LIMITS.idempotencyKeyLength).optional() }),
  ])
  .openapi("ChatRequest", {
    description: "Either free text or a quick phrase; `id` (optional) makes a retry post the message once.",
    example: { phrase: "good-luck" },
  });

export const ChatMessage = z
  .object({
    seq: z.int().min(1).openapi({ description: "The message's place in the game's log, among the moves." }),
    at: z.string(),
    type: z.literal("message"),
    seat: Seat.openapi({ description: "Who wrote it." }),
    text: z.string().optional(),
    phrase: QuickPhrase.optional(),
  })
  .openapi("ChatMessage");

export const ChatState = z
  .object({
    audience: ChatAudience,
    open: z
      .array(z.boolean())
      .openapi({ description: "Per seat: whether that seat lets spectators read (everyone must, for `audience` to be `everyone`)." }),
    muted: z.array(Seat).openapi({ description: "The seats whose messages the caller has muted (empty for spectators)." }),
  })
  .openapi("ChatState");

export const ChatResponse = z
  .object({
    version: z.int().min(1),
    chat: ChatState,
    messages: z.array(ChatMessage).openapi({ description: "Every message the caller may read, oldest first." }),
  })
  .openapi("Chat");

export const PostedMessage = z.object({ version: z.int().min(1), message: ChatMessage }).openapi("PostedMessage");

export const MuteRequest = z.strictObject({ seat: Seat, muted: z.boolean() }).openapi("MuteRequest", { example: { seat: 1, muted: true } });

export const AudienceRequest = z.strictObject({ open: z.boolean() }).openapi("AudienceRequest", {
  description: "The caller's seat lets spectators read the chat (true) or not (false).",
  example: { open: true },
});

export const ReportRequest = z
  .strictObject({ reason: playerText(CHAT_LIMITS.textLength).optional() })
  .openapi("ReportRequest", { example: { reason: "insults" } });

export const ReportResponse = z.object({ reported: z.literal(true), seq: z.int().min(1) }).openapi("Reported");

export type ChatRequest = z.input<typeof ChatRequest>;
export type ChatMessage = z.infer<typeof ChatMessage>;
export type ChatState = z.infer<typeof ChatState>;
export type ChatResponse = z.infer<typeof ChatResponse>;
