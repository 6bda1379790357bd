import type { JoinedSeek, Seek } from "../../shared/wire/seeks";
import { playerFacts } from "../db/player-facts";
import { type SeekSeatRow, type StoredSeek, seatsOf } from "../db/seek-queries";
import { publicIdOf } from "../players/identity";
import { PROVISIONAL_RD } from "../ratings/queries";
import { unseal } from "../seal";

/** Seeks as the lobby and their players see them: each taken seat with its player's public facts, never their id. */

const iso = (ms: number) => new Date(ms).toISOString();

export async function seekViews(d1: D1Database, list: readonly StoredSeek[], viewer: string | null): Promise<Seek[]> {
  const seats = await seatsOf(
    d1,
    list.map((s) => s.id),
  );
  const ids = [...seats.values()].flat().map((s) => s.playerId);
  const { facts } = await playerFacts(d1, ids, list);
  return list.map((seek) => {
    const taken = seats.get(seek.id) ?? [];
    return {
      id: seek.id,
      players: seek.players,
      preset: seek.preset,
      clock: seek.clock,
      pace: seek.pace,
      rated: seek.rated,
      language: seek.language,
      minRating: seek.minRating,
      maxRating: seek.maxRating,
      createdAt: iso(seek.createdAt),
      expiresAt: iso(seek.expiresAt),
      seats: taken.map((s) => {
        const f = facts(s.playerId, seek.preset, seek.players);
        return {
          publicId: publicIdOf(s.playerId),
          name: s.name ?? f.name,
          rating: f.rating
            ? {
                rating: Math.round(f.rating.rating),
                deviation: Math.round(f.rating.rd),
                games: f.rating.games,
                provisional: f.rating.rd > PROVISIONAL_RD,
              }
            : null,
          finished: f.finished,
          lostOnTime: f.lostOnTime,
        };
      }),
      free: seek.status === "open" ? Math.max(0, seek.players - taken.length) : 0,
      mine: viewer !== null && seek.playerId === viewer,
      joined: viewer !== null && taken.some((s) => s.playerId === viewer),
    };
  });
}

/** The viewer's seat in the game a full seek became (its token unsealed for them alone), or null. */
export async function seekGame(
  seek: StoredSeek,
  seats: readonly SeekSeatRow[],
  viewer: string,
  origin: string,
  key: string | undefined,
): Promise<JoinedSeek["game"]> {
  if (seek.status !== "full" || seek.startedAt === null || seek.gameId === null) return null;
  const mine = seats.find((s) => s.playerId === viewer);
  if (!mine) return null;
  const token = await unseal(mine.link, key);
  if (token === null) throw new Error("a seek seat's sealed link does not open");
  return { id: seek.gameId, seat: mine.seat, token, url: `${origin}/game/${seek.gameId}#seat=${token}` };
}
