/** One endpoint as an OpenAPI operation: what it says of itself, its parameters, its body and its answers. */
import type { z } from 'zod/mini';
import { cursorNeedsLimitRule } from '../common.ts';
import type { Endpoint } from '../endpoint.ts';
import { errorResponse } from './error-responses.ts';
import { type JsonSchema, toSchema } from './json-schema.ts';
import { appRedirect, signinPageErrors } from './signin-pages.ts';

function parameters(schema: z.ZodMiniType | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
    // A list travels as one comma-separated value: `orgIds=a,b,c`.
    ...(property.type === 'array' ? { style: 'form', explode: false } : {}),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    ...(property['x-extension'] === true ? { 'x-extension': true } : {}),
  }));
}

/** Rules of the query as a whole (refinements over several parameters), in words; paging's only when paged. */
function queryRules(schema: z.ZodMiniType | undefined, paged: boolean): string[] {
  const described = schema ? toSchema(schema, 'input').description : undefined;
  const description =
    typeof described === 'string' && !paged
      ? described.replace(`Rule: ${cursorNeedsLimitRule}.`, '').trim()
      : described;
  return typeof description === 'string' && description !== '' ? [`Query: ${description}`] : [];
}

const security: Record<Endpoint['auth'], JsonSchema[]> = {
  none: [],
  client: [{ platformClientId: [] }, { appClientId: [] }],
  user: [{ userToken: [] }],
  training: [{ userToken: [] }],
  plugin: [{ pluginBasic: [] }],
  admin: [{ adminToken: [] }],
};

/** The success answer's body: JSON by the response schema, an HTML page, or none (a redirect: `Location`). */
function successContent(endpoint: Endpoint): JsonSchema {
  if (endpoint.answer === 'redirect') {
    return { headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } };
  }
  const media = endpoint.answer === 'html' ? 'text/html' : 'application/json';
  return { content: { [media]: { schema: toSchema(endpoint.response, 'output') } } };
}

/** The operation's description: what kind of endpoint it is, who may call it, and its rules in words. */
function notesOf(endpoint: Endpoint, paged: boolean): string[] {
  const notes: string[] = [];
  if (endpoint.extension) notes.push('Extension: not part of the platform interface.');
  if (endpoint.convention) {
    notes.push(
      'Platform convention: not in the interface document, but the platform’s own, as its public SDKs call it (not an extension).',
    );
  }
  if (endpoint.auth === 'training') notes.push('Requires the training scope on the calling app.');
  if (endpoint.access) notes.push(endpoint.access);
  if (endpoint.permission) notes.push(`Requires the plugin API set "${endpoint.permission}".`);
  if (endpoint.sandboxOnly) notes.push('Sandbox only: 404 on a production service.');
  if (endpoint.noStore) notes.push('Sent with Cache-Control: no-store.');
  if (endpoint.base === 'notes') notes.push('Served under the notes base address ({notes_url}).');
  notes.push(...queryRules(endpoint.query, paged));
  if (paged) {
    notes.push(
      'Extension: with `limit`, answers a page of the list (the body is still the array) and names the next page in a `Link: <…>; rel="next"` header, absent on the last page; following it visits every row once, in the unpaged order. A cursor altered, or used with other filters or by another caller, is a 400 `invalid_cursor`.',
    );
  }
  return notes;
}

function responsesOf(endpoint: Endpoint, paged: boolean): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [String(endpoint.status ?? 200)]: {
      description: 'Success',
      ...successContent(endpoint),
      ...(paged
        ? {
            headers: {
              Link: {
                description: 'Extension: `<path?…&cursor=…>; rel="next"` when `limit` was sent and more rows follow',
                schema: { type: 'string' },
                'x-extension': true,
              },
            },
          }
        : {}),
    },
    '400': errorResponse(
      paged
        ? 'Malformed JSON or invalid input (`issues` name the fields), or a cursor not issued for this list (`invalid_cursor`)'
        : 'Malformed JSON or invalid input; `issues` name the fields',
    ),
    '404': errorResponse('Unknown route or id'),
    '503': errorResponse(
      'The service is busy and did not start the request (`overloaded`); try again after Retry-After',
      { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
    ),
  };
  if (endpoint.auth !== 'none') {
    responses['401'] = errorResponse('Missing or bad credentials');
    responses['403'] = errorResponse('Missing scope or permission, or a sandbox credential on production');
  }
  if (endpoint.body) responses['413'] = errorResponse('Body over the size limit');
  Object.assign(responses, signinPageErrors(endpoint));
  Object.assign(responses, appRedirect(endpoint, responses));
  return responses;
}

function requestBodyOf(endpoint: Endpoint): JsonSchema {
  if (!endpoint.body) return {};
  return {
    requestBody: {
      // Parameters that may come in the address instead (the token endpoint) make the body optional.
      required: endpoint.query === undefined,
      content: Object.fromEntries(
        (endpoint.bodyMedia ?? ['application/json']).map((media) => [
          media,
          {
            schema: toSchema(endpoint.body as z.ZodMiniType, 'input'),
            ...(endpoint.bodyExample !== undefined ? { example: endpoint.bodyExample } : {}),
          },
        ]),
      ),
    },
  };
}

/** The operation `name`, as a service with its extensions or without them documents it. */
export function operation(name: string, endpoint: Endpoint, extensions: boolean): JsonSchema {
  // Without extensions a paged list is the plain list: no limit, cursor or Link.
  const paged = endpoint.paged === true && extensions;
  return {
    operationId: name,
    // Marked where a reader scans the list, not only in the operation's details.
    summary: endpoint.extension ? `(extension) ${endpoint.summary}` : endpoint.summary,
    description: notesOf(endpoint, paged).join(' ') || undefined,
    tags: [endpoint.tag],
    security: security[endpoint.auth],
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')].filter(
      (parameter) => extensions || parameter['x-extension'] !== true,
    ),
    ...requestBodyOf(endpoint),
    responses: responsesOf(endpoint, paged),
    ...(endpoint.extension ? { 'x-extension': true } : {}),
    ...(endpoint.convention ? { 'x-platform-convention': true } : {}),
  };
}
