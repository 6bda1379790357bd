import type { Hook } from "@hono/zod-openapi";
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import type { AppEnv } from "./env";
import { fail, render } from "./reply";

/** Schema failures and thrown request errors, as the API's typed errors. */

/** A schema's first complaint, as `where: what`. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is malformed.";
  const where = issue.path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Fields whose faults have a code of their own: a malformed move is the engine's BAD_MOVE (docs/record.md). */
const FIELD_CODES = { move: "BAD_MOVE", rules: "BAD_RULES", deals: "BAD_DEAL", clock: "BAD_CLOCK" } as const;

/** Validation failures as the API's errors: 422 with a field's own code, otherwise 400 BAD_REQUEST. */
export const validationHook: Hook<unknown, AppEnv, string, Response | undefined> = (result, c) => {
  if (result.success) return undefined;
  const field = result.error.issues[0]?.path[0];
  const code = typeof field === "string" && Object.hasOwn(FIELD_CODES, field) ? FIELD_CODES[field as keyof typeof FIELD_CODES] : null;
  return render(c, code ? fail(422, code, describeIssues(result.error)) : fail(400, "BAD_REQUEST", describeIssues(result.error)));
};

const ONE_CLICK = /^\/api\/notifications\/unsubscribe\//;

/** Errors thrown by middleware (JSON, media type) as the API's errors; anything else is a bug, logged. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HTTPException) {
    // The one-click unsubscribe takes a form (RFC 8058); every other body is JSON.
    const oneClick = ONE_CLICK.test(c.req.path);
    if (err.status === 415)
      return render(
        c,
        fail(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          oneClick
            ? "Send List-Unsubscribe=One-Click as application/x-www-form-urlencoded or multipart/form-data."
            : "Send the body as JSON, with Content-Type: application/json.",
        ),
      );
    if (err.status === 400)
      return render(
        c,
        oneClick ? fail(400, "BAD_REQUEST", "The form body is malformed.") : fail(400, "BAD_JSON", "The request body is not valid JSON."),
      );
  }
  console.error("unhandled error", err);
  return render(c, fail(500, "INTERNAL", "Internal error."));
};
