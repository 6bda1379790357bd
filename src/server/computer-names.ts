import type { ComputerLevel } from "../shared/wire/common";

/**
 * The names the computer players sit down under (docs/computer-players.md):
 * a few natural first names per level, so that a seat the computer plays
 * is called by a name at the table, in every email, push and webhook, in
 * "my games" and in a claim's result — "Franco", never "Player 3" — and two
 * computers at one table are never one name. Italian names, the game's own,
 * read as they are in English. Given when the game is made (validate.ts),
 * so that they are the seats' names everywhere from then on.
 */
export const COMPUTER_NAMES: Readonly<Record<ComputerLevel, readonly string[]>> = {
  beginner: ["Lucia", "Tonino", "Marisa", "Beppe"],
  club: ["Franco", "Rosa", "Gino", "Nella"],
  expert: ["Vittoria", "Aldo", "Ornella", "Sergio"],
};

/**
 * Each unnamed computer seat gets the first name of its level that no other
 * seat at the table has (people's names included, whatever their case); a
 * level's names run out only past four computers of one level at a table,
 * and the last ones are then told apart by a number.
 */
export function withComputerNames(
  names: readonly (string | null)[],
  computers: readonly (ComputerLevel | null)[] | undefined,
): (string | null)[] {
  if (!computers) return [...names];
  const taken = new Set(names.flatMap((n) => (n ? [n.toLocaleLowerCase()] : [])));
  return names.map((name, seat) => {
    const level = computers[seat];
    if (name || !level) return name;
    const list = COMPUTER_NAMES[level];
    const free = list.find((n) => !taken.has(n.toLocaleLowerCase())) ?? `${list[0]} ${seat + 1}`;
    taken.add(free.toLocaleLowerCase());
    return free;
  });
}
