import type { PathsWithMethod, RequiredKeysOf, SuccessResponseJSON } from "openapi-typescript-helpers";
import type { components, paths } from "./api-paths";

/**
 * The API's routes as types, read from the paths generated from the
 * Worker's OpenAPI document (api-paths.ts, `npm run api:types`): a call
 * names its method and its path as the document writes it
 * ("/api/games/{id}/moves"), and tsc then checks the path exists for that
 * method, that the call gives the path's parameters, the query and the
 * body the route declares, and types the answer as the route's success
 * body. Types only, but for `apiUrl`: nothing of the document reaches the
 * bundle. openapi-fetch would type calls the same way with some 6 KB of
 * its own code in every page's script (the table's must stay under 60 KiB
 * gzipped); the types here are openapi-typescript-helpers', and the
 * calls' behaviour stays web/src/api.ts's own (errors by code, the player
 * key, the early first snapshot).
 */

/** As HTTP writes it (and fetch sends it: a lower-case "patch" is sent as it is). */
export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** A path the API serves for a method, as the document writes it. */
export type Route<M extends Method> = PathsWithMethod<paths, Lowercase<M>>;

/** The document's named schemas (its components), for an answer's parts: `Schema<"MyGame">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

type Operation<M extends Method, P extends Route<M>> = paths[P] extends { [K in Lowercase<M>]: infer O } ? O : never;
type Parameters<O> = O extends { parameters: infer Q } ? Q : never;
type Present<T> = [NonNullable<T>] extends [never] ? false : true;

type PathInput<Q> = Q extends { path: infer T } ? { readonly params: T } : { readonly params?: never };
type QueryInput<Q> = Q extends { query: infer T }
  ? { readonly query: T }
  : Q extends { query?: infer T }
    ? Present<T> extends true
      ? { readonly query?: T }
      : { readonly query?: never }
    : { readonly query?: never };
type BodyInput<O> = O extends { requestBody?: never }
  ? { readonly body?: never }
  : O extends { requestBody: { content: { "application/json": infer B } } }
    ? { readonly body: B }
    : O extends { requestBody?: { content: { "application/json": infer B } } }
      ? { readonly body?: B }
      : { readonly body?: never };
/** Only a route that declares the X-Player-Key header is sent the player key that way. */
type HeaderInput<Q> = Q extends { header?: infer H }
  ? Present<H> extends true
    ? "x-player-key" extends keyof NonNullable<H>
      ? { readonly withPlayerKey?: boolean }
      : { readonly withPlayerKey?: never }
    : { readonly withPlayerKey?: never }
  : { readonly withPlayerKey?: never };

/** What a call to a route gives besides its method and path, as the route declares it. */
export type Input<M extends Method, P extends Route<M>> = PathInput<Parameters<Operation<M, P>>> &
  QueryInput<Parameters<Operation<M, P>>> &
  BodyInput<Operation<M, P>> &
  HeaderInput<Parameters<Operation<M, P>>>;

/** The input as an argument: left out where the route needs nothing. */
export type InputArgument<M extends Method, P extends Route<M>, Extra> =
  RequiredKeysOf<Input<M, P>> extends never ? [input?: Input<M, P> & Extra] : [input: Input<M, P> & Extra];

/** The route's success body (200 or 201, as JSON). */
export type Answer<M extends Method, P extends Route<M>> = SuccessResponseJSON<Operation<M, P> & Record<string | number, unknown>>;

/** Where a call's input is read without its route's types (apiUrl's and call's bodies). */
export interface AnyInput {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: object;
  readonly body?: unknown;
  readonly withPlayerKey?: boolean;
}

/** A route's address: its path with its parameters filled in (each encoded), and the query's given values. */
export function apiUrl<M extends Method, P extends Route<M>>(method: M, path: P, ...[input]: InputArgument<M, P, unknown>): string;
export function apiUrl(_method: Method, path: string, { params = {}, query = {} }: AnyInput = {}): string {
  // Written small: it is in the script every page loads first (first-snapshot.ts). URLSearchParams makes a number a string.
  const search = new URLSearchParams(Object.entries(query).filter((entry) => entry[1] != null)).toString();
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)) + (search && `?${search}`);
}
