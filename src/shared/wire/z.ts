/**
 * The schema library for every wire shape: zod, extended with OpenAPI
 * metadata, so that one definition validates requests, types the server and
 * the client, and generates the OpenAPI document.
 */
import { z } from "@hono/zod-openapi";

export { z };

/**
 * A named (registered) schema or null. `.nullable()` on a schema that has
 * its own name in the document loses the null when the document is made (it
 * becomes a bare $ref); a union keeps it (`anyOf: [$ref, null]`).
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
