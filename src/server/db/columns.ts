import { ClockControl } from "../../shared/wire/clock";
import { NotifyEventName } from "../../shared/wire/notifications";
import { z } from "../../shared/wire/z";

/**
 * D1's JSON text columns, read through their schemas. The service wrote
 * them, but a row changed by hand or by an older version is named as such
 * here rather than cast into a type it does not have.
 */
export function jsonText<T extends z.ZodType>(column: string, schema: T) {
  const text = z.string().transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: `${column} is not JSON` });
      return z.NEVER;
    }
  });
  return (value: string): z.output<T> => {
    const parsed = text.pipe(schema).safeParse(value);
    if (!parsed.success) throw new Error(`D1 column ${column} holds a value it may not: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  };
}

/** games.names: one name or null per seat. */
export const parseNames = jsonText("games.names", z.array(z.string().nullable()).min(2).max(4));

/** notification_subscriptions.events: the events a subscription wants. */
export const parseEvents = jsonText("notification_subscriptions.events", z.array(NotifyEventName));

/** seeks.clock: the seek's time control as views show it. */
export const parseSeekClock = jsonText("seeks.clock", ClockControl);
