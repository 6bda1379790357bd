import { z } from "../../shared/wire/z";
import type { Storage } from "./storage";

/** The room's storage key, and how many devices it keeps (a few per game at most; the oldest go first past it). */
const KEY = "cut_devices";
const MAX = 32;

const Stored = z.array(z.string());

/**
 * The devices this room was told no longer act for its seats' players (a
 * device removed: players/devices.ts), by their key's hash: a move and a long
 * poll read no database, so the room itself refuses them. Kept in the room's
 * storage, so that a room that sleeps does not forget.
 */
export class CutDevices {
  private devices: Set<string> | null = null;

  constructor(private readonly storage: Storage) {}

  private read(): Set<string> {
    if (this.devices === null) {
      let stored: unknown = [];
      try {
        stored = JSON.parse(this.storage.getMeta(KEY) ?? "[]");
      } catch {
        // Written by hand: as if nothing were cut off.
      }
      this.devices = new Set(Stored.catch([]).parse(stored));
    }
    return this.devices;
  }

  has(device: string | null | undefined): boolean {
    return device != null && this.read().has(device);
  }

  add(device: string): void {
    const devices = this.read();
    if (devices.has(device)) return;
    devices.add(device);
    this.devices = new Set([...devices].slice(-MAX));
    this.storage.setMeta(KEY, JSON.stringify([...this.devices]));
  }

  delete(device: string): void {
    if (this.read().delete(device)) this.storage.setMeta(KEY, JSON.stringify([...this.read()]));
  }
}
