/**
 * Names for the types generated from the server's OpenAPI document (./api.ts, `npm run api:types`): a shape by
 * its schema name, an operation's answer and request body by its operation id (`<area>_<function>` on the
 * server, e.g. `booking_rate_request_detail`). Nothing here spells a server shape by hand: when the server's
 * models change, `make openapi` regenerates ./api.ts and tsc points at every screen that no longer fits.
 */
import type { components, operations } from './api';

type Schemas = components['schemas'];
type OperationId = keyof operations;

/** A shape of the document by its schema name, e.g. `Schema<'RateRequestDetail'>`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

type Json<Part> = Part extends { content: { 'application/json': infer Body } } ? Body : never;

type Success<Op extends OperationId> = operations[Op]['responses'] extends infer Responses
  ? 200 extends keyof Responses
    ? Responses[200]
    : 201 extends keyof Responses
      ? Responses[201]
      : never
  : never;

/** What `api.get/post/put` resolve to for an operation: the `response` of its success envelope. */
export type Answer<Op extends OperationId> = Json<Success<Op>> extends { response: infer Response } ? Response : never;

/** The JSON body an operation accepts (as loose as the server's parsing: the server names each bad field). */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer Body }
  ? Json<NonNullable<Body>>
  : never;

/** The query parameters an operation accepts. */
export type QueryParams<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;
