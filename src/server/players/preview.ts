import type { LinkPreview } from "../../shared/wire/players";
import { holdingsOf, latestGames } from "../db/merge-queries";
import { devicesInUse, playerRow } from "../db/player-queries";
import type { Identity, PlayerId } from "./identity";
import type { CodeKind } from "./links";

/** How many of the joined player's latest games the preview names. */
const LATEST = 5;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a device is shown before it joins the player of a code (players/links.ts, peekCode): whose player it is
 * (name, devices, games), and what the device's own player holds that would stay behind (or move, merged). Shown
 * to the holder of a live code only, who may link the device and see all of it anyway; ids, tokens and addresses
 * are not in it.
 */
export async function linkPreview(
  d1: D1Database,
  device: Identity,
  link: { player: PlayerId; kind: CodeKind; expiresAt: number | null },
  removed: boolean,
  now: number,
): Promise<LinkPreview> {
  const yours = !removed && device.player === link.player;
  const [row, devices, games, held, mineRow] = await Promise.all([
    playerRow(d1, link.player),
    devicesInUse(d1, link.player),
    latestGames(d1, link.player, LATEST),
    yours || removed ? null : holdingsOf(d1, device.player, device.device, now),
    yours || removed ? undefined : playerRow(d1, device.player),
  ]);
  const holds = held !== null && Object.values(held).some((n) => n > 0);
  return {
    kind: link.kind,
    expiresAt: link.expiresAt === null ? null : iso(link.expiresAt),
    player: {
      name: row?.name ?? null,
      yours,
      devices: devices.map((d) => ({ label: d.label, createdAt: iso(d.createdAt), seenAt: d.seenAt === null ? null : iso(d.seenAt) })),
      games: games.total,
      latest: games.games.map((g) => ({ names: g.names, seat: g.seat, status: g.status, updatedAt: iso(g.updatedAt) })),
    },
    mine: holds && held ? { name: mineRow?.name ?? null, ...held } : null,
  };
}
