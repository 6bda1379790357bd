import type { EntryState, Origin, Tournament } from "../../tournament/state";
import { devicesEverOf } from "../db/tournament-queries";
import { networkKey } from "../network";
import { notEstablished, standingOf } from "../ratings/standing";
import { peopleOf } from "../ratings/verdict";
import { type Failure, fail } from "../reply";

/**
 * A rated tournament's entries (docs/tournaments.md, "Rated tournaments"):
 * its tables are rated matches, and rated play is for established players
 * who are not the same person (docs/ratings.md). A tournament cannot know at
 * registration who will meet whom, so every place of a rated tournament is
 * refused, up front, to a player who is not established, and to one who
 * looks like the same person as a player of another entry (a pair's
 * partners never meet as opponents, and may share a home) — never a player
 * who registers and then finds their table unrated.
 *
 * What each person came from is kept with their place (`Member.origin`, in
 * the tournament's log, never shown) and carried to the seats of their
 * tables, where the match's end checks it again (ratings/verdict.ts).
 */

/** A player asking for a place in a rated tournament: established, where they come from, and every device of theirs. */
export interface RatedCandidate {
  readonly player: string;
  readonly origin: Origin;
  readonly devices: ReadonlySet<string>;
}

/**
 * Whether the player may take a place in a rated tournament at all (established), and what the same-person check
 * needs of them: D1's part, read before the tournament's state is looked at (the room checks that at once after).
 */
export async function ratedCandidate(
  d1: D1Database,
  who: { readonly player: string; readonly device: string },
  client: string,
  now: number,
): Promise<RatedCandidate | Failure> {
  const standing = await standingOf(d1, who.player, now);
  if (!standing.established) return notEstablished(standing);
  const network = networkKey(client);
  const [people, devices] = await Promise.all([
    peopleOf(d1, [{ player: who.player, network, device: who.device }]),
    devicesEverOf(d1, who.player),
  ]);
  const mailboxes = [...(people.mailboxes.get(who.player) ?? [])].sort();
  return { player: who.player, origin: { network, device: who.device, mailboxes }, devices: new Set([...devices, who.device]) };
}

/** Whether the candidate looks like the same person as a member of `entry`: one device, one network, a mailbox in common. */
function samePerson(candidate: RatedCandidate, entry: EntryState): boolean {
  const mine = candidate.origin;
  return entry.members.some((m) => {
    const theirs = m.origin;
    if (m.player === null || !theirs) return false;
    if (theirs.device !== null && candidate.devices.has(theirs.device)) return true;
    if (mine.network !== null && mine.network === theirs.network) return true;
    return theirs.mailboxes.some((x) => mine.mailboxes.includes(x));
  });
}

/**
 * The refusal of a place in a rated tournament to the same person as a player of another entry (`partnerOf`: the
 * entry the candidate joins as a partner, whose players are theirs to share a home with), or null.
 */
export function samePersonRefusal(t: Tournament, candidate: RatedCandidate, partnerOf: number | null): Failure | null {
  const met = t.registered().filter((e) => e.entry !== partnerOf);
  if (!met.some((e) => samePerson(candidate, e))) return null;
  return fail(
    403,
    "SAME_PERSON",
    "This rated tournament cannot take you: you share a device, an email mailbox or a network with a player of another entry, whom you could meet at a table (docs/ratings.md). Register from your own line, or play an unrated tournament.",
  );
}
