/**
 * zod's JSON Schema, repaired. zod's own conversion loses what a pipe's
 * second schema checks (a comment's text is `pipe(not blank, at most 5,000
 * characters)`: zod writes the first half for a request) and what a
 * refinement checks. `carryLimits` puts them back: a pipe without transforms
 * applies both halves to the same value, so both go on the one schema; a
 * comma-separated list parameter (a string split into ids) is described as
 * the array it is; a whole-number parameter as the number it is; a
 * refinement, which JSON Schema cannot express, is written out in the
 * schema's description. contract/openapi.test.ts walks every schema of the
 * contract and fails on a limit the document lacks.
 */
import { z } from 'zod/mini';
import { splitList } from '../common.ts';

export type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';
type Def = {
  type: string;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  transform?: unknown;
  checks?: { _zod: { def: { check: string; error?: (issue: unknown) => unknown } } }[];
};

const defOf = (schema: z.ZodMiniType): Def => schema._zod.def as unknown as Def;

/** Whether parsing can change the value's shape (a transform anywhere in its pipes). */
function transforms(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type === 'transform') return true;
  if (def.type === 'pipe' && def.in && def.out) return transforms(def.in) || transforms(def.out);
  return false;
}

/** `pipe(pipe(string, transform(splitList)), array)`: a comma-separated list parameter. */
function isCommaList(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type !== 'pipe' || !def.in || !def.out || defOf(def.out).type !== 'array') return false;
  const first = defOf(def.in);
  return first.type === 'pipe' && first.out !== undefined && defOf(first.out).transform === splitList;
}

/** `pipe(pipe(string, transform(Number)), number)`: a whole-number parameter, which travels as digits. */
function isNumberParam(schema: z.ZodMiniType): boolean {
  const def = defOf(schema);
  if (def.type !== 'pipe' || !def.in || !def.out || defOf(def.out).type !== 'number') return false;
  const first = defOf(def.in);
  return first.type === 'pipe' && transforms(def.in);
}

/** The messages of a schema's refinements (custom checks). */
function refinementRules(schema: z.ZodMiniType): string[] {
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
