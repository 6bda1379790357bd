import { describe, expect, it } from "vitest";
import { API_PATHS, apiPathsSource, committedApiPaths } from "../../scripts/api-types/generate";

/**
 * The web client's types of the API are generated from the OpenAPI document the Worker serves: a route added,
 * renamed or changed without running the generator fails here, so the client's types always follow the routes.
 */
describe("the web client's API types", () => {
  it(`are what \`npm run api:types\` writes from the served document (${API_PATHS})`, async () => {
    const fresh = await apiPathsSource();
    const committed = await committedApiPaths();
    expect(committed === fresh, `${API_PATHS} is out of date with the routes: run \`npm run api:types\` and commit it`).toBe(true);
  });
});
