/**
 * The strict response check of tests: every answer of a service the harness
 * starts must parse with its contract schema and carry no key the schema does
 * not name, at any depth.
 *
 * The contract's objects strip unknown keys when they parse: a client reading
 * an answer ignores what it does not know, and the dashboard must keep
 * working when the platform adds a field. That same leniency would let the
 * service send a misspelt or extra field unnoticed, so tests check every
 * response with `unknownKeys` as well. It reads the schema and never changes
 * it: what the service accepts from clients stays as it is.
 */
import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import type { Endpoint } from '../contract/endpoint.ts';

/** Throws (a 500 in tests) when a response does not parse with its schema or carries a key the schema does not name. */
export function checkResponse(endpoint: Endpoint, result: unknown): void {
  const checked = endpoint.response.safeParse(result);
  if (!checked.success) {
    throw new Error(`Response of ${endpoint.method} ${endpoint.path} breaks the contract: ${checked.error.message}`);
  }
  const extra = unknownKeys(endpoint.response, result);
  if (extra.length > 0) {
    throw new Error(
      `Response of ${endpoint.method} ${endpoint.path} carries keys the contract does not name: ${extra.slice(0, 10).join(', ')}`,
    );
  }
}

/** Dotted paths (`0.author.trainer`) of the keys `value` carries that `schema` does not name. */
export function unknownKeys(schema: $ZodType, value: unknown, path: readonly string[] = []): string[] {
  const def = (schema as $ZodTypes)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return value === undefined || value === null ? [] : unknownKeys(def.innerType, value, path);
    case 'pipe':
      // A response is the input of its schema: what the handler returned, before any transform.
      return unknownKeys(def.in, value, path);
    case 'lazy':
      return unknownKeys(def.getter(), value, path);
    case 'object': {
      if (!isRecord(value)) return [];
      const found: string[] = [];
      const catchall = def.catchall?._zod.def.type;
      for (const key of Object.keys(value)) {
        const field = def.shape[key];
        if (field) found.push(...unknownKeys(field, value[key], [...path, key]));
        else if (catchall === undefined || catchall === 'never') found.push([...path, key].join('.'));
      }
      return found;
    }
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, i) => unknownKeys(def.element, item, [...path, String(i)]))
        : [];
    case 'tuple':
      return Array.isArray(value)
        ? value.flatMap((item, i) => {
            const itemSchema = def.items[i] ?? def.rest;
            return itemSchema ? unknownKeys(itemSchema, item, [...path, String(i)]) : [];
          })
        : [];
    case 'record':
      return isRecord(value)
        ? Object.entries(value).flatMap(([key, item]) => unknownKeys(def.valueType, item, [...path, key]))
        : [];
    case 'union': {
      // The option the value is: among those it parses as, the one that names all its keys, if any.
      let first: string[] | undefined;
      for (const option of def.options) {
        if (isFailure(option, value)) continue;
        const found = unknownKeys(option, value, path);
        if (found.length === 0) return [];
        first ??= found;
      }
      return first ?? [];
    }
    case 'intersection':
      return unknownKeys(def.left, value, path).filter((key) => unknownKeys(def.right, value, path).includes(key));
    default:
      return [];
  }
}

function isFailure(schema: $ZodType, value: unknown): boolean {
  const result = schema['~standard'].validate(value);
  return result instanceof Promise || result.issues !== undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
