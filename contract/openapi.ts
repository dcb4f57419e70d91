/**
 * The OpenAPI 3.1 document, generated from the endpoint list and its zod
 * schemas (never written by hand). Extensions carry `x-extension: true`.
 */
import { z } from 'zod/mini';
import { errorBodySchema } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoints } from './endpoints.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parameters(schema: z.ZodMiniType | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    ...(property['x-extension'] === true ? { 'x-extension': true } : {}),
  }));
}

const security: Record<Endpoint['auth'], JsonSchema[]> = {
  none: [],
  client: [{ appClientId: [] }],
  user: [{ userToken: [] }],
  training: [{ userToken: [] }],
  plugin: [{ pluginBasic: [] }],
  admin: [{ adminToken: [] }],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function operation(name: string, endpoint: Endpoint): JsonSchema {
  const notes: string[] = [];
  if (endpoint.auth === 'training') notes.push('Requires the training scope on the calling app.');
  if (endpoint.permission) notes.push(`Requires the plugin API set "${endpoint.permission}".`);
  if (endpoint.sandboxOnly) notes.push('Sandbox only: 404 on a production service.');
  if (endpoint.noStore) notes.push('Sent with Cache-Control: no-store.');
  if (endpoint.base === 'notes') notes.push('Served under the notes base address ({notes_url}).');
  if (endpoint.paged) {
    notes.push(
      'Extension: with `limit`, answers a page of the list (the body is still the array) and names the next page in a `Link: <…>; rel="next"` header, absent on the last page; following it visits every row once, in the unpaged order. A cursor altered, or used with other filters or by another caller, is a 400 `invalid_cursor`.',
    );
  }
  const responses: Record<string, unknown> = {
    [String(endpoint.status ?? 200)]: {
      description: 'Success',
      content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } },
      ...(endpoint.paged
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
      endpoint.paged
        ? 'Malformed JSON or invalid input (`issues` name the fields), or a cursor not issued for this list (`invalid_cursor`)'
        : 'Malformed JSON or invalid input; `issues` name the fields',
    ),
    '404': errorResponse('Unknown route or id'),
    '503': {
      ...errorResponse('The service is busy and did not start the request (`overloaded`); try again after Retry-After'),
      headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
    },
  };
  if (endpoint.auth !== 'none') {
    responses['401'] = errorResponse('Missing or bad credentials');
    responses['403'] = errorResponse('Missing scope or permission, or a sandbox credential on production');
  }
  if (endpoint.body) responses['413'] = errorResponse('Body over the size limit');
  return {
    operationId: name,
    summary: endpoint.summary,
    description: notes.join(' ') || undefined,
    tags: [endpoint.tag],
    security: security[endpoint.auth],
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
    ...(endpoint.extension ? { 'x-extension': true } : {}),
  };
}

export function buildOpenApi(options: { sandbox: boolean }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    if (endpoint.sandboxOnly && !options.sandbox) continue;
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning platform service',
      version: '1.0.0',
      description:
        'Student comments, notes, the signed-in user profile and AI-plugin endpoints, as the platform interface gives them, plus documented extensions (x-extension: true). Every failure answers with the one error body.',
    },
    servers: [{ url: '/', description: 'This service ({base_url}; notes also under {notes_url})' }],
    paths,
    components: {
      schemas: { ErrorBody: toSchema(errorBodySchema, 'output') },
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', description: 'User token from sign-in, in Authorization' },
        appClientId: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Client-Id',
          description: 'The app client id (extension)',
        },
        pluginBasic: { type: 'http', scheme: 'basic', description: 'base64(clientId:clientSecret) of the plugin' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The service operator’s ADMIN_TOKEN setting' },
      },
    },
  };
}
