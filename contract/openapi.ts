/**
 * The OpenAPI 3.1 document, generated from the endpoint list and its zod
 * schemas (never written by hand). Extensions carry `x-extension: true`.
 * openapi/json-schema.ts repairs zod's JSON Schema (the limits it loses),
 * openapi/operation.ts writes one endpoint (openapi/signin-pages.ts: the
 * OAuth sign-in's pages and redirects), openapi/document.ts the whole.
 */
export { buildOpenApi } from './openapi/document.ts';
