import { CardText } from "./common";
import { z } from "./z";

/**
 * Moves in docs/record.md notation. The schema checks their shape at the
 * edge (so that no deep or odd value ever reaches a game room); the rules
 * engine then judges whether the move is allowed.
 */

/** A hand never holds more than the whole deck. */
const CardList = z.array(CardText).min(1).max(108);
const WildEnd = z.enum(["low", "high"]).nullish().openapi({ description: "Where a wild at an open end of a sequence stands." });

export const MeldMove = z.strictObject({ type: z.literal("meld"), cards: CardList, wild: WildEnd }).openapi("MeldMove");
export const AttachMove = z
  .strictObject({ type: z.literal("attach"), meld: z.int().min(0).max(10_000), cards: CardList, wild: WildEnd })
  .openapi("AttachMove");
export const PlayMove = z.discriminatedUnion("type", [MeldMove, AttachMove]);

export const Move = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("draw") }).openapi("DrawMove"),
    z
      .strictObject({
        type: z.literal("pickup"),
        play: PlayMove.nullish().openapi({ description: "With a closed discard pile: the play of the pile's top card." }),
      })
      .openapi("PickupMove"),
    MeldMove,
    AttachMove,
    z.strictObject({ type: z.literal("discard"), card: CardText }).openapi("DiscardMove"),
    z.strictObject({ type: z.literal("resign") }).openapi("ResignMove"),
  ])
  .openapi("Move", { example: { type: "discard", card: "9C" } });

export type Move = z.infer<typeof Move>;
