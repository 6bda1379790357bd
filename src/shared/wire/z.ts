/**
 * The schema library for every wire shape: zod, extended with OpenAPI
 * metadata, so that one definition validates requests, types the server and
 * the client, and generates the OpenAPI document.
 */
export { z } from "@hono/zod-openapi";
