export const openApiDocument = { openapi: "3.1.0" } as const;
