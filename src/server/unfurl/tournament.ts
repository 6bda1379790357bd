import type { Context } from "hono";
import type { Language } from "../../shared/language";
import { StandingsView } from "../../shared/wire/tournaments";
import { isGameId } from "../auth";
import type { AppEnv } from "../env";
import { catalog } from "../i18n/index";

/**
 * A tournament in public words, for its page's link preview and its oEmbed
 * (docs/tournaments.md): its name, where it stands, and the top of its
 * standings. Only what its public standings show.
 */

export async function publicStandings(c: Context<AppEnv>, id: string): Promise<StandingsView | null> {
  if (!isGameId(id, c.env.GAME_ID_KEY)) return null;
  const reply = await c.env.TOURNAMENT.get(c.env.TOURNAMENT.idFromName(id)).standings(id);
  // The room's own answer, read by the wire's schema like any other JSON this service did not just build.
  return reply.ok ? StandingsView.parse(JSON.parse(reply.body)) : null;
}

export function tournamentSummary(view: StandingsView, lang: Language): { title: string; description: string } {
  const c = catalog(lang).tournamentSummary;
  const where = view.status === "registration" ? c.registration : view.status === "over" ? c.over : c.round(view.rounds, view.of);
  const top = view.standings
    .filter((s) => s.played > 0 || s.vp > 0)
    .slice(0, 3)
    .map((s) => c.line(s.rank, s.names.map((n, i) => n ?? (s.computer[i] ? c.computer : c.entry(s.entry + 1))).join(c.and), s.vp));
  return { title: `${view.name} — Burraco`, description: [where, ...(top.length ? top : [c.empty])].join(" · ") };
}
