import { Hono } from "hono";
import type { AppEnv } from "../env";
import { openApiDocument } from "./openapi-document";

/** The API's OpenAPI 3.1 description. */
export const openApi = new Hono<AppEnv>();

openApi.get("/openapi.json", (c) => c.json(openApiDocument));
