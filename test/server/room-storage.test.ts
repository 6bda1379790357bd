import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/index";
import { Room } from "../../src/server/room/room";
import { Storage } from "../../src/server/room/storage";
import { createGame, playRandomMoves, roomStub } from "./helpers";

/** The room's storage in a real Durable Object's SQLite: what its meta map remembers is what the table holds. */
describe("room storage: the meta map", () => {
  it("reads what was written, forgets what a rolled-back transaction wrote, and agrees with the table", async () => {
    await runInDurableObject(roomStub(`storage-meta-${crypto.randomUUID()}`), (_, state) => {
      const storage = new Storage(state.storage.sql, (fn) => state.storage.transactionSync(fn));
      storage.init();
      expect(storage.getMeta("round_closed")).toBeNull();
      storage.setMeta("round_closed", "0");
      expect(storage.getMeta("round_closed")).toBe("0");
      // A write inside a transaction that fails is rolled back: the map must not keep it.
      expect(() =>
        storage.atomically(() => {
          storage.setMeta("round_closed", "1");
          throw new Error("refused halfway");
        }),
      ).toThrow("refused halfway");
      expect(storage.getMeta("round_closed")).toBe("0");
      storage.atomically(() => storage.setMeta("round_closed", "1"));
      expect(storage.getMeta("round_closed")).toBe("1");
      // Another reader of the same SQLite (the room after a restart) sees the same.
      const again = new Storage(state.storage.sql, (fn) => state.storage.transactionSync(fn));
      expect(again.getMeta("round_closed")).toBe("1");
    });
  });

  it("brings an older room's tables up to date once, and says so in its meta", async () => {
    await runInDurableObject(roomStub(`storage-schema-${crypto.randomUUID()}`), (_, state) => {
      const sql = state.storage.sql;
      // A room from before seats kept their later columns, and before its meta said which schema it has.
      sql.exec(
        "CREATE TABLE seats (seat INTEGER PRIMARY KEY, token_hash TEXT NOT NULL, taken INTEGER NOT NULL, name TEXT, player_hash TEXT)",
      );
      sql.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
      const storage = new Storage(sql, (fn) => state.storage.transactionSync(fn));
      storage.init();
      const columns = sql
        .exec<{ name: string }>("PRAGMA table_info(seats)")
        .toArray()
        .map((c) => c.name);
      expect(columns).toEqual(expect.arrayContaining(["link", "seen", "network", "device"]));
      const version = storage.getMeta("schema");
      expect(version).not.toBeNull();
      // Woken again (a new instance over the same SQLite): current, nothing to do, nothing changed.
      const again = new Storage(sql, (fn) => state.storage.transactionSync(fn));
      again.init();
      expect(again.getMeta("schema")).toBe(version);
      expect(
        sql
          .exec<{ name: string }>("PRAGMA table_info(seats)")
          .toArray()
          .map((c) => c.name),
      ).toEqual(columns);
    });
  });

  it("wakes with few statements: the meta read once, the tables known current, and a rollback forgets all it learnt", async () => {
    await runInDurableObject(roomStub(`storage-wake-${crypto.randomUUID()}`), (_, state) => {
      const sql = state.storage.sql;
      const first = new Storage(sql, (fn) => state.storage.transactionSync(fn));
      first.init();
      first.setMeta("invite_hash", "abc");
      first.setMeta("log_shard", "LOG_1");
      // The statements a woken room's storage runs (a count, not a time).
      const ran: string[] = [];
      const exec = (query: string, ...bindings: unknown[]) => {
        ran.push(query);
        return sql.exec(query, ...bindings);
      };
      const counted = { exec } as SqlStorage;
      const woken = new Storage(counted, (fn) => state.storage.transactionSync(fn));
      woken.init();
      expect(woken.holdsGame()).toBe(true);
      expect(woken.getMeta("invite_hash")).toBe("abc");
      expect(woken.getMeta("log_shard")).toBe("LOG_1");
      expect(woken.getMeta("drained_seq")).toBeNull();
      expect(woken.readSnapshot()).toBeNull();
      expect(ran).toEqual(["SELECT key, value FROM meta", "SELECT version, body FROM snapshot WHERE id = 1"]);
      // A key first written in a transaction that fails is absent again, and a later write is read.
      expect(() =>
        woken.atomically(() => {
          woken.setMeta("drained_seq", "7");
          throw new Error("refused halfway");
        }),
      ).toThrow("refused halfway");
      expect(woken.getMeta("drained_seq")).toBeNull();
      expect(woken.getMeta("invite_hash")).toBe("abc");
      woken.setMeta("drained_seq", "8");
      expect(new Storage(sql, (fn) => state.storage.transactionSync(fn)).getMeta("drained_seq")).toBe("8");
    });
  });

  it("a room waking with a game in play reads its SQLite in six statements", async () => {
    const game = await createGame({ players: 2 });
    await playRandomMoves(game, 30, seededRandom("storage-wake"));
    await runInDurableObject(roomStub(game.id), (_, state) => {
      const ran: string[] = [];
      const sql = state.storage.sql;
      const exec = (query: string, ...bindings: unknown[]) => {
        ran.push(query.split(" ").slice(0, 4).join(" "));
        return sql.exec(query, ...bindings);
      };
      const room = Room.load(new Storage({ exec } as SqlStorage, (fn) => state.storage.transactionSync(fn)));
      expect(room?.table.id).toBe(game.id);
      expect(room?.table.version).toBeGreaterThan(30);
      expect(ran).toEqual([
        "SELECT 1 FROM sqlite_master", // whether the room holds a game at all (it stores nothing otherwise)
        "SELECT body, at FROM", // the created entry
        "SELECT key, value FROM", // the meta, whole
        "SELECT version, body FROM", // the table's snapshot
        "SELECT seq, body, at", // the entries after it: the hand in play
        "SELECT seat, token_hash, taken,", // the seats
      ]);
    });
  });
});
