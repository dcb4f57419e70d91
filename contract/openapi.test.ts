/**
 * The OpenAPI document carries every limit the contract enforces: this walks
 * each endpoint's zod schemas (path and query parameters and bodies as the
 * service reads them, responses as it sends them) beside the document and
 * lists every length, range, pattern, format, enum or refinement of the
 * contract that the document does not say.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { errorBodySchema, limits } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import { buildOpenApi } from './openapi.ts';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';
// zod's internals, read directly: the test must not trust the generator's own readers.
type AnyDef = {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> & { check: string } } }[];
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  entries?: Record<string, string>;
  values?: unknown[];
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  getter?: () => z.ZodMiniType;
  transform?: unknown;
};
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as AnyDef;

const hasTransform = (schema: z.ZodMiniType): boolean => {
  const def = defOf(schema);
  if (def.type === 'transform') return true;
  return def.type === 'pipe' && !!def.in && !!def.out && (hasTransform(def.in) || hasTransform(def.out));
};

/** Keywords of a schema node, its `allOf` members included. */
function keywords(json: Json): Json[] {
  return [json, ...((json.allOf as Json[] | undefined) ?? [])];
}

function says(json: Json, key: string, value: unknown): boolean {
  return keywords(json).some((part) => JSON.stringify(part[key]) === JSON.stringify(value));
}

function messageOf(check: Record<string, unknown>): string | undefined {
  const said = typeof check.error === 'function' ? (check.error as (issue: unknown) => unknown)({}) : undefined;
  if (typeof said === 'string') return said;
  const message = (said as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Lists, into `lost`, every limit of `schema` that `json` does not carry. */
function compare(schema: z.ZodMiniType, json: Json | undefined, io: Io, path: string, lost: string[]): void {
  if (!json) {
    lost.push(`${path}: not in the document`);
    return;
  }
  const def = defOf(schema);
  const isArray = def.type === 'array';
  const want = (key: string, value: unknown) => {
    if (!says(json, key, value)) lost.push(`${path}: ${key} ${JSON.stringify(value)}`);
  };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    switch (c.check) {
      case 'max_length':
        want(isArray ? 'maxItems' : 'maxLength', c.maximum);
        break;
      case 'min_length':
        want(isArray ? 'minItems' : 'minLength', c.minimum);
        break;
      case 'length_equals':
        want(isArray ? 'minItems' : 'minLength', c.length);
        want(isArray ? 'maxItems' : 'maxLength', c.length);
        break;
      case 'string_format':
        if (c.format === 'regex') want('pattern', (c.pattern as RegExp).source);
        else if (!keywords(json).some((part) => 'format' in part || 'pattern' in part))
          lost.push(`${path}: format ${String(c.format)}`);
        break;
      case 'greater_than':
        want(c.inclusive ? 'minimum' : 'exclusiveMinimum', c.value);
        break;
      case 'less_than':
        want(c.inclusive ? 'maximum' : 'exclusiveMaximum', c.value);
        break;
      case 'multiple_of':
        want('multipleOf', c.value);
        break;
      case 'number_format':
        want('type', 'integer');
        break;
      case 'meta':
        // Documentation only (a description, `x-extension`): no limit to carry.
        break;
      case 'custom': {
        const message = messageOf(c);
        if (!message || !String(json.description ?? '').includes(message))
          lost.push(`${path}: refinement "${message ?? '(no message)'}"`);
        break;
      }
      default:
        lost.push(`${path}: a ${c.check} check this test does not know`);
    }
  }
  const inner = (child: z.ZodMiniType | undefined, childJson: Json | undefined, childPath: string) => {
    if (child) compare(child, childJson, io, childPath, lost);
  };
  switch (def.type) {
    case 'object': {
      const properties = (json.properties ?? {}) as Record<string, Json>;
      for (const [key, child] of Object.entries(def.shape ?? {})) inner(child, properties[key], `${path}.${key}`);
      break;
    }
    case 'array':
      inner(def.element, json.items as Json | undefined, `${path}[]`);
      break;
    case 'record':
      inner(def.valueType, json.additionalProperties as Json | undefined, `${path}{}`);
      break;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      inner(def.innerType, json, path);
      break;
    case 'nullable': {
      const branches = (json.anyOf as Json[] | undefined) ?? [json];
      inner(def.innerType, branches.find((branch) => branch.type !== 'null') ?? json, path);
      break;
    }
    case 'union': {
      const branches = (json.anyOf ?? json.oneOf) as Json[] | undefined;
      def.options?.forEach((option, i) => {
        inner(option, branches ? branches[i] : json, `${path}|${i}`);
      });
      break;
    }
    case 'enum':
      if (!says(json, 'enum', Object.values(def.entries ?? {}))) lost.push(`${path}: enum`);
      break;
    case 'literal':
      if (
        !keywords(json).some((part) =>
          def.values?.every((v) => part.const === v || (part.enum as unknown[])?.includes(v)),
        )
      )
        lost.push(`${path}: literal ${JSON.stringify(def.values)}`);
      break;
    case 'lazy':
      inner(def.getter?.(), json, path);
      break;
    case 'pipe': {
      if (!def.in || !def.out) break;
      const first = defOf(def.in);
      const commaList = first.type === 'pipe' && hasTransform(def.in) && defOf(def.out).type === 'array';
      const numberParam = first.type === 'pipe' && hasTransform(def.in) && defOf(def.out).type === 'number';
      if (numberParam) {
        // A number that travels as digits: the document describes the number.
        if (!says(json, 'type', 'integer') && !says(json, 'type', 'number'))
          lost.push(`${path}: a number parameter, not described as a number`);
        inner(def.out, json, path);
      } else if (commaList) {
        // A list that travels as `a,b,c`: the document describes the array it becomes.
        if (!says(json, 'type', 'array')) lost.push(`${path}: a comma-separated list, not described as an array`);
        inner(def.out, json, path);
      } else if (!hasTransform(schema)) {
        inner(def.in, json, path);
        inner(def.out, json, path);
      } else if (io === 'input' && defOf(def.out).type === 'transform') inner(def.in, json, path);
      else if (io === 'output' && first.type === 'transform') inner(def.out, json, path);
      else lost.push(`${path}: a pipe with a transform this test cannot follow`);
      break;
    }
    default:
      break;
  }
}

type Operation = {
  description?: string;
  parameters?: { name: string; in: string; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

const document = buildOpenApi({ sandbox: true }) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
};

function operationOf(doc: typeof document, endpoint: Endpoint): Operation | undefined {
  return doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
}

/** The parameters of one place as the object schema they come from (rules of the whole go in the description). */
function parametersAsObject(operation: Operation, where: 'path' | 'query'): Json {
  const list = (operation.parameters ?? []).filter((p) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
    description: operation.description ?? '',
  };
}

/** Every limit of the contract the document `doc` does not carry. */
function lostLimits(doc: typeof document): string[] {
  const lost: string[] = [];
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const operation = operationOf(doc, endpoint);
    if (!operation) {
      lost.push(`${name}: no operation`);
      continue;
    }
    if (endpoint.params) compare(endpoint.params, parametersAsObject(operation, 'path'), 'input', `${name} path`, lost);
    if (endpoint.query) compare(endpoint.query, parametersAsObject(operation, 'query'), 'input', `${name} query`, lost);
    if (endpoint.body) {
      for (const media of endpoint.bodyMedia ?? ['application/json']) {
        const label = media === 'application/json' ? `${name} body` : `${name} body (${media})`;
        compare(endpoint.body, operation.requestBody?.content[media]?.schema, 'input', label, lost);
      }
    }
    // A redirect has no body to describe; a page is text/html.
    if (endpoint.answer !== 'redirect') {
      const media = endpoint.answer === 'html' ? 'text/html' : 'application/json';
      const success = operation.responses[String(endpoint.status ?? 200)]?.content?.[media]?.schema;
      compare(endpoint.response, success, 'output', `${name} response`, lost);
    }
  }
  compare(errorBodySchema, doc.components.schemas.ErrorBody, 'output', 'ErrorBody', lost);
  return lost;
}

describe('the OpenAPI document', () => {
  it('carries every limit of every endpoint of the contract', () => {
    expect(lostLimits(document)).toEqual([]);
  });

  it('carries the limits of schemas built with pipes, transforms and refinements', () => {
    const comment = operationOf(document, endpoints.createComment)?.requestBody?.content['application/json']?.schema as
      | { properties: Record<string, Json> }
      | undefined;
    expect(comment?.properties.text).toMatchObject({ type: 'string', maxLength: limits.commentText, pattern: '\\S' });
    const userIds = operationOf(document, endpoints.otherSkills)?.parameters?.find((p) => p.name === 'userIds');
    expect(userIds).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 1, maxItems: limits.idList, items: { maxLength: limits.id } },
    });
    expect(operationOf(document, endpoints.otherSkills)?.description).toContain('userId or userIds');
  });

  it('notices a limit missing from the document (the check above can fail)', () => {
    const broken = structuredClone(document);
    const body = (endpoint: Endpoint) => {
      const schema = operationOf(broken, endpoint)?.requestBody?.content['application/json']?.schema;
      if (!schema) throw new Error(`${endpoint.path} has no body in the document`);
      return schema as Json & { properties: Record<string, Json> };
    };
    const text = body(endpoints.createComment).properties.text as Json;
    delete text.maxLength;
    body(endpoints.createNote).description = '';
    expect(lostLimits(broken)).toEqual([
      'createComment body.text: maxLength 5000',
      'createNote body: refinement "a note is about a student (studentId) or a user (userId)"',
      'createNote body: refinement "names another lesson than lessonId; send one of the two"',
    ]);
  });
});
