import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Storage } from "../../src/server/room/storage";
import { roomStub } from "./helpers";

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
});
