/**
 * The OpenAPI 3.1 document, generated from the endpoint list and its zod
 * schemas (never written by hand). Extensions carry `x-extension: true`.
 *
 * zod's own conversion loses what a pipe's second schema checks (a comment's
 * text is `pipe(not blank, at most 5,000 characters)`: zod writes the first
 * half for a request) and what a refinement checks. `carryLimits` puts them
 * back: a pipe without transforms applies both halves to the same value, so
 * both go on the one schema; a comma-separated list parameter (a string split
 * into ids) is described as the array it is, sent `style: form,
 * explode: false`; a refinement, which JSON Schema cannot express, is written
 * out in the schema's description. contract/openapi.test.ts walks every
 * schema of the contract and fails on a limit the document lacks.
 */
import { z } from 'zod/mini';
import { cursorNeedsLimitRule, errorBodySchema, splitList } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import {
  ERROR_CODE_HEADER,
  ERROR_DESCRIPTION_HEADER,
  errorDescriptionMax,
  platformCodeOf,
  platformErrorCodes,
} from './error-codes.ts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';
type Def = {
  type: string;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  transform?: unknown;
  checks?: { _zod: { def: { check: string; error?: (issue: unknown) => unknown } } }[];
};

export const defOf = (schema: z.ZodMiniType): Def => schema._zod.def as unknown as Def;

/** Whether parsing can change the value's shape (a transform anywhere in its pipes). */
function transforms(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type === 'transform') return true;
  if (def.type === 'pipe' && def.in && def.out) return transforms(def.in) || transforms(def.out);
  return false;
}

/** `pipe(pipe(string, transform(splitList)), array)`: a comma-separated list parameter. */
export function isCommaList(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type !== 'pipe' || !def.in || !def.out || defOf(def.out).type !== 'array') return false;
  const first = defOf(def.in);
  return first.type === 'pipe' && first.out !== undefined && defOf(first.out).transform === splitList;
}

/** `pipe(pipe(string, transform(Number)), number)`: a whole-number parameter, which travels as digits. */
export function isNumberParam(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type !== 'pipe' || !def.in || !def.out || defOf(def.out).type !== 'number') return false;
  const first = defOf(def.in);
  return first.type === 'pipe' && transforms(def.in);
}

/** The messages of a schema's refinements (custom checks). */
export function refinementRules(schema: z.ZodMiniType): string[] {
  return (defOf(schema).checks ?? []).flatMap((check) => {
    if (check._zod.def.check !== 'custom') return [];
    const said = check._zod.def.error?.({});
    const message = typeof said === 'string' ? said : (said as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? [message] : [];
  });
}

/** Adds `extra`'s keywords to `target`; a keyword both have with different values is kept in `allOf`. */
function merge(target: JsonSchema, extra: JsonSchema): void {
  for (const [key, value] of Object.entries(extra)) {
    if (!(key in target)) target[key] = value;
    else if (key === 'description') {
      if (!String(target.description).includes(String(value))) target.description = `${target.description} ${value}`;
    } else if (JSON.stringify(target[key]) !== JSON.stringify(value)) {
      target.allOf = [...((target.allOf as JsonSchema[] | undefined) ?? []), { [key]: value }];
    }
  }
}

function carryLimits(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }, io: Io): void {
  const schema = ctx.zodSchema as z.ZodMiniType;
  const json = ctx.jsonSchema;
  const rules = refinementRules(schema);
  if (rules.length > 0) {
    const words = rules.map((rule) => `Rule: ${rule}.`).join(' ');
    json.description = typeof json.description === 'string' ? `${json.description} ${words}` : words;
  }
  const def = defOf(schema);
  if (def.type !== 'pipe' || !def.in || !def.out) return;
  if (isCommaList(schema)) {
    // Both directions are the list itself: the string is only how it travels.
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(json, toSchema(def.out, io), {
      description: 'Comma-separated (`a,b,c`); blanks around items and empty items are ignored.',
    });
    return;
  }
  if (isNumberParam(schema)) {
    // The digits are only how it travels: the document gives the number and its range.
    const { description, 'x-extension': extension } = json;
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(json, toSchema(def.out, io), {
      ...(description === undefined ? {} : { description }),
      ...(extension === undefined ? {} : { 'x-extension': extension }),
    });
    return;
  }
  if (transforms(schema)) return;
  // Without transforms both halves check the same value: what zod left out applies too.
  merge(json, toSchema(io === 'input' ? def.out : def.in, io));
}

export const toSchema = (schema: z.ZodMiniType, io: Io): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => carryLimits(ctx as { zodSchema: unknown; jsonSchema: JsonSchema }, io),
  }) as JsonSchema;
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

/** Every error answer: the one error body, and the platform's two error headers beside it. */
const errorResponse = (description: string, headers: Record<string, JsonSchema> = {}) => ({
  description,
  headers: {
    [ERROR_CODE_HEADER]: { $ref: '#/components/headers/ErrorCode' },
    [ERROR_DESCRIPTION_HEADER]: { $ref: '#/components/headers/ErrorDescription' },
    ...headers,
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const errorCodeList = Object.entries(platformCodeOf)
  .map(([code, platform]) => `\`${code}\` ${platform}`)
  .join(', ');

const errorHeaders: Record<string, JsonSchema> = {
  ErrorCode: {
    description: `The platform's four-digit error code, as its SDKs read it (4010: refresh the token and try again). Each \`error.code\` of the body has one: ${errorCodeList}.`,
    required: true,
    schema: {
      type: 'string',
      enum: [...new Set(Object.values(platformCodeOf))].sort().map(String),
    },
  },
  ErrorDescription: {
    description: `The body's \`error.message\` in printable ASCII (other characters replaced, at most ${errorDescriptionMax} characters).`,
    required: true,
    schema: { type: 'string', pattern: '^[\\x20-\\x7e]*$', maxLength: errorDescriptionMax },
  },
};

/** Whether the document, like the service, leaves an endpoint out when extensions are off. */
const leftOut = (endpoint: Endpoint, extensions: boolean) => !extensions && endpoint.extension && !endpoint.operational;

/** The success answer's body: JSON by the response schema, an HTML page, or none (a redirect: `Location`). */
function successContent(endpoint: Endpoint): JsonSchema {
  if (endpoint.answer === 'redirect') {
    return { headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } };
  }
  const media = endpoint.answer === 'html' ? 'text/html' : 'application/json';
  return { content: { [media]: { schema: toSchema(endpoint.response, 'output') } } };
}

function operation(name: string, endpoint: Endpoint, extensions: boolean): JsonSchema {
  // Without extensions a paged list is the plain list: no limit, cursor or Link.
  const paged = endpoint.paged === true && extensions;
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
  if (endpoint.answer === 'html' || endpoint.answer === 'redirect') {
    const page = (description: string) => ({
      description,
      headers: {
        [ERROR_CODE_HEADER]: { $ref: '#/components/headers/ErrorCode' },
        [ERROR_DESCRIPTION_HEADER]: { $ref: '#/components/headers/ErrorDescription' },
      },
      content: { 'text/html': { schema: { type: 'string' } } },
    });
    responses['400'] = page(
      'An error page: an unknown client_id or a redirect_uri not registered for it (never redirected to), or a form to correct',
    );
    responses['401'] = page('The sign-in page again: the handle or password is wrong');
    responses['403'] = page(
      'A form post from another site, or one without the page’s cookie and token; a sandbox app on production',
    );
  }
  if (endpoint.redirects) {
    const status = endpoint.method === 'GET' ? '302' : '303';
    const success = responses[status] as { description?: string } | undefined;
    responses[status] = {
      ...success,
      description: success?.description ? `${success.description}. ${endpoint.redirects}` : endpoint.redirects,
      headers: {
        Location: { description: 'The app’s redirect_uri with the answer’s parameters', schema: { type: 'string' } },
      },
    };
  }
  return {
    operationId: name,
    // Marked where a reader scans the list, not only in the operation's details.
    summary: endpoint.extension ? `(extension) ${endpoint.summary}` : endpoint.summary,
    description: notes.join(' ') || undefined,
    tags: [endpoint.tag],
    security: security[endpoint.auth],
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')].filter(
      (parameter) => extensions || parameter['x-extension'] !== true,
    ),
    ...(endpoint.body
      ? {
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
        }
      : {}),
    responses,
    ...(endpoint.extension ? { 'x-extension': true } : {}),
    ...(endpoint.convention ? { 'x-platform-convention': true } : {}),
  };
}

const sandboxHowTo = [
  '**Trying calls on this sandbox.** User routes: run `POST /sandbox/v1/token` (Sandbox) with a demo user, e.g. `{"userId":"usr-d01","clientId":"sandbox-trainer-dashboard"}`; this page then sends the token it answers as `userToken` (or paste one under Authorize).',
  'Plugin routes (`/plugin/v2/ai/*`): Authorize `pluginBasic` with a demo plugin, e.g. `sandbox-plugin-coach` / `coach-secret-sandbox-2026` (all demo credentials: `GET /sandbox/v1/clients`).',
].join(' ');

/**
 * The document of a service in a sandbox or not, and with its extensions
 * (PLATFORM_EXTENSIONS) or without them: then only what the platform
 * offers, and the operator's routes.
 */
export function buildOpenApi(options: { sandbox: boolean; extensions?: boolean }): JsonSchema {
  const extensions = options.extensions ?? true;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    if (endpoint.sandboxOnly && !options.sandbox) continue;
    if (leftOut(endpoint, extensions)) continue;
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint, extensions);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning platform service',
      version: '1.0.0',
      description: [
        'Student comments, notes, the signed-in user profile and AI-plugin endpoints, as the platform interface gives them; the platform’s own OAuth sign-in (`/oauth/*`, marked `x-platform-convention: true`), as its SDKs call it; plus documented extensions (marked `x-extension: true` and "Extension" in their description).',
        'Every failure answers with the one error body `{ "error": { "code", "message", "issues"?, "requestId" } }` (`ErrorBody` below); `requestId` is also in the `X-Request-Id` response header and on the service\'s log line for the request. Send your own `X-Request-Id` (up to 128 letters, digits and `._:-`) to have it used instead.',
        `Every failure also carries the platform's error headers, as its SDKs read them: \`${ERROR_CODE_HEADER}\` (four digits; 4010 means refresh the token and try again) and \`${ERROR_DESCRIPTION_HEADER}\` (the message). The codes: ${Object.entries(
          platformErrorCodes,
        )
          .filter(([code]) => Object.values(platformCodeOf).some((used) => String(used) === code))
          .map(([code, meaning]) => `${code} ${meaning}`)
          .join('; ')}.`,
        ...(extensions
          ? []
          : [
              'This service runs without its extensions (PLATFORM_EXTENSIONS=off): it offers what the platform offers, and its operator routes.',
            ]),
        ...(options.sandbox && extensions ? [sandboxHowTo] : []),
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'This service ({base_url}; notes also under {notes_url})' }],
    paths,
    components: {
      schemas: { ErrorBody: toSchema(errorBodySchema, 'output') },
      headers: errorHeaders,
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', description: 'User token from sign-in, in Authorization' },
        platformClientId: {
          type: 'apiKey',
          in: 'header',
          name: 'clientId',
          description: 'The app client id, in the header the platform’s SDKs send',
        },
        appClientId: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Client-Id',
          description: 'The app client id (this service’s other spelling; when both are sent they must agree)',
        },
        pluginBasic: { type: 'http', scheme: 'basic', description: 'base64(clientId:clientSecret) of the plugin' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The service operator’s ADMIN_TOKEN setting' },
      },
    },
  };
}
