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
});
