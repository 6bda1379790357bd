import { checkPlayerText } from "../text";
import { z } from "./z";

/**
 * The schema of every text a player supplies (text.ts says what is taken):
 * refused with the field's name and the reason, given trimmed and in NFC.
 * The document states the limit in characters, as JSON Schema counts them.
 */
export function playerText(max: number) {
  return z
    .string()
    .transform((raw, ctx) => {
      const checked = checkPlayerText(raw, max);
      if (checked.ok) return checked.text;
      ctx.addIssue({ code: "custom", message: checked.reason });
      return z.NEVER;
    })
    .openapi({ type: "string", maxLength: max });
}
