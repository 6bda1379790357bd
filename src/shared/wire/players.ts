import { LIMITS } from "../limits";
import { NameInput } from "./api";
import { EmailAddress, NotifyLanguage, TimeZone } from "./notifications";
import { Standing } from "./ratings";
import { playerText } from "./text";
import { z } from "./z";

/**
 * Players and their devices (docs/api.md, "Players and devices"). A player
 * is a person; each browser or app that acts for them is a device, known by
 * its player key. Seats, subscriptions, absences and "my games" belong to
 * the player, so every device of theirs sees and hears the same.
 */

export const PlayerId = z.string().openapi({
  description:
    "The player's id: 64 hexadecimal characters, stable for the player's life whatever devices come and go. Not a secret and not a credential (only a device's player key speaks for the player).",
  example: "9f2c4e0b7d1a3c5e8f6b2d4a1c3e5f7a9b0d2c4e6f8a1b3c5d7e9f0a2b4c6d8e",
});

export const Device = z
  .object({
    id: z.string().openapi({ description: "The device's id (not its key): names it for removal." }),
    label: z.string().nullable().openapi({ description: "What the device called itself when it was linked (e.g. a phone), if anything." }),
    createdAt: z.string().openapi({ description: "When it joined the player (ISO 8601)." }),
    seenAt: z.string().nullable().openapi({ description: "When it last spoke for the player, to the nearest ten minutes (ISO 8601)." }),
    current: z.boolean().openapi({ description: "Whether it is the device making this request." }),
  })
  .openapi("Device");

export const Recovery = z
  .object({
    code: z
      .object({ createdAt: z.string().openapi({ description: "When it was made (ISO 8601)." }) })
      .nullable()
      .openapi({ description: "The player's recovery code, if one works now (never the code itself: it is shown only when made)." }),
    used: z
      .object({
        at: z.string().openapi({ description: "When it was used (ISO 8601)." }),
        device: z
          .string()
          .nullable()
          .openapi({ description: "The id of the device it linked: if it is not yours, remove it (`DELETE /api/me/devices/{deviceId}`)." }),
      })
      .nullable()
      .openapi({ description: "The player's last recovery code was used: a new device joined with it." }),
    voidedAt: z
      .string()
      .nullable()
      .openapi({ description: "The last recovery code stopped working when one of the player's devices was removed (ISO 8601)." }),
    email: z.boolean().openapi({ description: "Whether the player has a confirmed address that can be mailed a sign-in link." }),
  })
  .openapi("Recovery", {
    description: "Where the player stands if they lose a device: other devices (`devices`), a sign-in address, a recovery code.",
  });

export const RecoveryCode = z
  .object({
    code: z.string().openapi({
      description: "The recovery code: shown this once, never again. 28 letters and digits (140 random bits), in groups of four.",
      example: "K7QM-D2XP-AH3R-9F0C-WT5E-BN8Y-6JZV",
    }),
    url: z.string().openapi({ description: "The same code as a link: opened on a new device, it offers to link it." }),
    createdAt: z.string(),
  })
  .openapi("RecoveryCode");

export const Player = z
  .object({
    id: PlayerId,
    publicId: z.string().openapi({
      description:
        "The id of the player's public page (`GET /api/players/{publicId}`, docs/ratings.md): ratings and results; not the player's id.",
    }),
    name: z.string().nullable(),
    language: NotifyLanguage,
    timeZone: z.string().nullable(),
    devices: z.array(Device).openapi({ description: "The player's devices, oldest first; removed devices are not listed." }),
    standing: Standing.openapi({ description: "Whether the player may play rated matches, or what they still lack (docs/ratings.md)." }),
    recovery: Recovery,
  })
  .openapi("Player");

export const PlayerChanges = z
  .strictObject({
    name: NameInput.optional(),
    language: NotifyLanguage.optional(),
    timeZone: TimeZone.nullable().optional(),
  })
  .openapi("PlayerChanges", { example: { name: "Anna", language: "it", timeZone: "Europe/Rome" } });

export const LinkCode = z
  .object({
    code: z
      .string()
      .openapi({ description: "The one-time code to type on the other device (ten letters and digits).", example: "K7QMD-2XPAH" }),
    url: z.string().openapi({ description: "The same code as a link (and a QR code): opened on the other device, it offers to link it." }),
    expiresAt: z.string().openapi({ description: "When the code stops working (ISO 8601), minutes from now." }),
  })
  .openapi("LinkCode");

export const LinkDeviceRequest = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .openapi({ description: "A code from a device in use, the code of an email sign-in link, or a recovery code." }),
    label: playerText(LIMITS.nameLength)
      .nullish()
      .openapi({ type: ["string", "null"], maxLength: LIMITS.nameLength, description: "What to call this device in the list." }),
    merge: z.boolean().default(false).openapi({
      description:
        "False (the default): only this device joins; whatever its own player holds (games, notifications, holidays, ratings, other devices) stays with that player. True: this device's player and everything of theirs join the code's player, which keeps them for good: ask for it only when both players are the same person (`POST /api/me/link-preview` shows whose player the code joins).",
    }),
  })
  .openapi("LinkDeviceRequest", { example: { code: "K7QMD-2XPAH", label: "Laptop" } });

export const LinkPreviewRequest = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .openapi({ description: "A code from a device in use, the code of an email sign-in link, or a recovery code." }),
  })
  .openapi("LinkPreviewRequest", { example: { code: "K7QMD-2XPAH" } });

const Count = z.number().int().nonnegative();

export const LinkPreview = z
  .object({
    kind: z
      .enum(["code", "email", "recovery"])
      .openapi({ description: "A code shown on a device in use, an email's sign-in link, or the player's recovery code." }),
    expiresAt: z
      .string()
      .nullable()
      .openapi({ description: "When the code stops working (ISO 8601); null for a recovery code, which works until used or replaced." }),
    player: z
      .object({
        name: z.string().nullable(),
        yours: z.boolean().openapi({ description: "This device already belongs to this player: linking changes nothing." }),
        devices: z.array(
          z.object({
            label: z.string().nullable(),
            createdAt: z.string(),
            seenAt: z.string().nullable(),
          }),
        ),
        games: Count.openapi({ description: "How many games the player has a seat in." }),
        latest: z
          .array(
            z.object({
              names: z.array(z.string().nullable()).openapi({ description: "The names at the table, seat by seat." }),
              seat: z.number().int().openapi({ description: "The player's own seat." }),
              status: z.enum(["playing", "over"]),
              updatedAt: z.string(),
            }),
          )
          .openapi({ description: "Their latest games (up to five)." }),
      })
      .openapi({ description: "The player the code joins this device to: whose player it is." }),
    mine: z
      .object({
        name: z.string().nullable(),
        games: Count,
        subscriptions: Count,
        absences: Count.openapi({ description: "Holidays not yet over." }),
        ratings: Count,
        seeks: Count,
        otherDevices: Count,
      })
      .nullable()
      .openapi({
        description:
          "What this device's own player holds, which stays with it unless the link asks to merge; null when it holds nothing (or the device already belongs to the code's player, or was removed).",
      }),
  })
  .openapi("LinkPreview");

export const DeviceChanges = z
  .strictObject({
    // The type said again: around the text's transform, the document would lose the null.
    label: playerText(LIMITS.nameLength)
      .nullable()
      .openapi({ type: ["string", "null"], maxLength: LIMITS.nameLength, description: "What to call the device in the list." }),
  })
  .openapi("DeviceChanges", { example: { label: "Phone" } });

export const SignInRequest = z
  .strictObject({
    address: EmailAddress,
    language: NotifyLanguage.optional(),
  })
  .openapi("SignInRequest", { example: { address: "anna@example.org" } });

export const SignInSent = z
  .object({
    sent: z.literal(true).openapi({
      description:
        "Always true: whether the address belongs to a player is never told. If it is a confirmed notification address, a one-time sign-in link is on its way.",
    }),
  })
  .openapi("SignInSent");

export const DeviceRemoved = z.object({ removed: z.literal(true) }).openapi("DeviceRemoved");

export type Player = z.infer<typeof Player>;
export type Recovery = z.infer<typeof Recovery>;
export type RecoveryCode = z.infer<typeof RecoveryCode>;
export type Device = z.infer<typeof Device>;
export type PlayerChanges = z.input<typeof PlayerChanges>;
export type LinkCode = z.infer<typeof LinkCode>;
export type LinkDeviceRequest = z.input<typeof LinkDeviceRequest>;
export type LinkPreview = z.infer<typeof LinkPreview>;
export type SignInRequest = z.input<typeof SignInRequest>;
