import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { API_PATHS, apiPathsSource, committedApiPaths } from "./generate";

// `npm run api:types`: writes web/src/api-paths.ts from the Worker's OpenAPI document, when it changed.
const source = await apiPathsSource();
if (source === (await committedApiPaths())) console.log(`${API_PATHS}: up to date`);
else {
  await writeFile(join(import.meta.dirname, "../..", API_PATHS), source);
  console.log(`${API_PATHS}: written`);
}
