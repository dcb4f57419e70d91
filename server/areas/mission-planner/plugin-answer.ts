/**
 * Reads a plugin's answer as leniently as the interface allows. The answer is
 * refused only when it is not the object with the lists the interface gives.
 * Inside it, an element that does not have the interface's shape is left out
 * on its own and reported with its path (the smallest element that holds the
 * fault: a bad recommended action drops that action, not the candidate), an
 * optional extension field that is wrong is dropped from its element, and a
 * list longer than its bound is cut there and reported. Keys the interface
 * does not name are ignored, strings are any string of a bounded size.
 *
 * The one exception is a position: the dashboard reads the answer's positions
 * in the order it asked them, so an unreadable position keeps its place,
 * empty, under the title that was asked.
 */
import { z } from 'zod/mini';
import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import {
  type Candidate,
  type CapabilitiesResponse,
  candidateAnswerPositionSchema,
  capabilitiesResponseSchema,
  capabilityAnswerPositionSchema,
  type PlannerWarning,
  type PluginFailure,
  plannerLimits,
} from '../../../contract/mission-planner.ts';

export type AnswerReading<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: Warnings }
  | { readonly ok: false; readonly failure: PluginFailure };

/** A candidate with where it stood in the plugin's answer, for a warning about it later. */
export interface PlacedCandidate {
  readonly path: string;
  readonly candidate: Candidate;
}

export interface CandidatesAnswer {
  readonly positions: {
    readonly title: string;
    readonly readyCandidates: PlacedCandidate[];
    readonly recommendedCandidates: PlacedCandidate[];
  }[];
}

/** Collects what was left out; past the bound it counts, and `list()` says how many more there were. */
export class Warnings {
  private readonly kept: PlannerWarning[] = [];
  private more = 0;

  add(path: string, message: string): void {
    if (this.kept.length < plannerLimits.warnings) this.kept.push({ path, message });
    else this.more += 1;
  }

  list(): PlannerWarning[] {
    if (this.more === 0) return [...this.kept];
    const message = `${this.more} more part${this.more === 1 ? ' was' : 's were'} left out; only the first ${plannerLimits.warnings} are listed`;
    return [...this.kept, { path: 'response', message }];
  }
}

export function readCapabilitiesAnswer(
  json: unknown,
  asked: readonly { readonly title: string }[],
): AnswerReading<CapabilitiesResponse> {
  const top = topLevel(json, ['positions', 'additionalCompetencies']);
  if (!top.ok) return top;
  const warnings = new Warnings();
  const positions = readPositions(top.lists.positions, asked, warnings, (raw, path, title) => {
    const position = read(capabilityAnswerPositionSchema, raw, path, warnings);
    return position.ok ? position.value : unreadablePosition(position, warnings, { title, competencies: [] });
  });
  const additionalCompetencies = elements(
    capabilitiesResponseSchema.shape.additionalCompetencies,
    top.lists.additionalCompetencies,
    'response.additionalCompetencies',
    warnings,
  ).map((placed) => placed.value);
  return { ok: true, value: { positions, additionalCompetencies }, warnings };
}

export function readCandidatesAnswer(
  json: unknown,
  asked: readonly { readonly title: string }[],
): AnswerReading<CandidatesAnswer> {
  const top = topLevel(json, ['positions']);
  if (!top.ok) return top;
  const warnings = new Warnings();
  const { readyCandidates: readyList, recommendedCandidates: recommendedList } = candidateAnswerPositionSchema.shape;
  // The position's own fields first; its candidates are read one by one, each keeping its path.
  const shell = z.object({
    title: candidateAnswerPositionSchema.shape.title,
    readyCandidates: z.array(z.unknown()),
    recommendedCandidates: z.array(z.unknown()),
  });
  const positions = readPositions(top.lists.positions, asked, warnings, (raw, path, title) => {
    const position = read(shell, raw, path, warnings);
    if (!position.ok) {
      return unreadablePosition(position, warnings, { title, readyCandidates: [], recommendedCandidates: [] });
    }
    const place = (list: typeof readyList, key: 'readyCandidates' | 'recommendedCandidates'): PlacedCandidate[] =>
      elements(list, position.value[key], `${path}.${key}`, warnings).map((placed) => ({
        path: placed.path,
        candidate: placed.value,
      }));
    return {
      title: position.value.title,
      readyCandidates: place(readyList, 'readyCandidates'),
      recommendedCandidates: place(recommendedList, 'recommendedCandidates'),
    };
  });
  return { ok: true, value: { positions }, warnings };
}

// ------------------------------------------------------------------ reading

type Reading<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly path: string; readonly message: string };

const fault = (path: string, message: string) => ({ ok: false, path, message }) as const;

/** The answer as a whole: an object holding each of `keys` as a list. */
function topLevel<K extends string>(
  json: unknown,
  keys: readonly K[],
):
  | { readonly ok: true; readonly lists: Record<K, unknown[]> }
  | { readonly ok: false; readonly failure: PluginFailure } {
  const refuse = (issues: { path: string; message: string }[]) => ({
    ok: false as const,
    failure: {
      code: 'invalid_response' as const,
      message: `The plugin's answer does not have the shape of the interface: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
      issues,
    },
  });
  if (!isRecord(json)) return refuse([{ path: 'response', message: 'must be an object' }]);
  const issues = keys
    .filter((key) => !Array.isArray(json[key]))
    .map((key) => ({ path: `response.${key}`, message: 'must be a list' }));
  if (issues.length > 0) return refuse(issues);
  return { ok: true, lists: json as Record<K, unknown[]> };
}

function readPositions<T>(
  raw: readonly unknown[],
  asked: readonly { readonly title: string }[],
  warnings: Warnings,
  readOne: (raw: unknown, path: string, askedTitle: string) => T,
): T[] {
  if (raw.length > asked.length) {
    warnings.add(
      `response.positions.${asked.length}`,
      `the plugin answered ${raw.length} positions to the ${asked.length} asked; those past them were left out`,
    );
  }
  return raw.slice(0, asked.length).map((item, i) => readOne(item, `response.positions.${i}`, asked[i]?.title ?? ''));
}

function unreadablePosition<T>(fault: { path: string; message: string }, warnings: Warnings, empty: T): T {
  warnings.add(fault.path, `${fault.message}; the position is shown empty`);
  return empty;
}

/**
 * Reads `value` as `schema` says, leaving out what it can: a bad element of a
 * list, a bad optional field. Fails only when a required part is wrong.
 */
function read<S extends $ZodType>(schema: S, value: unknown, path: string, warnings: Warnings): Reading<z.output<S>> {
  const def = (schema as unknown as $ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return fault(path, 'must be an object');
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape)) {
        const fieldDef = (field as $ZodTypes)._zod.def;
        const optional = fieldDef.type === 'optional';
        if (optional && value[key] === undefined) continue;
        const got = read(optional ? fieldDef.innerType : field, value[key], `${path}.${key}`, warnings);
        if (got.ok) out[key] = got.value;
        else if (optional) warnings.add(got.path, `${got.message}; the field was left out`);
        else return got;
      }
      return { ok: true, value: out as z.output<S> };
    }
    case 'array': {
      if (!Array.isArray(value)) return fault(path, 'must be a list');
      return { ok: true, value: elements(schema, value, path, warnings).map((placed) => placed.value) as z.output<S> };
    }
    case 'nullable':
      return value === null
        ? { ok: true, value: null as z.output<S> }
        : (read(def.innerType, value, path, warnings) as Reading<z.output<S>>);
    default: {
      const parsed = z.safeParse(schema, value);
      if (parsed.success) return { ok: true, value: parsed.data };
      const issue = parsed.error.issues[0];
      return fault([path, ...(issue?.path ?? []).map(String)].join('.'), issue?.message ?? 'is not valid');
    }
  }
}

/** The readable elements of a list, each with its path in the answer; the list cut at its bound. */
function elements<S extends $ZodType>(
  listSchema: S,
  list: readonly unknown[],
  path: string,
  warnings: Warnings,
): { value: z.output<S> extends readonly (infer E)[] ? E : never; path: string }[] {
  const def = (listSchema as unknown as $ZodTypes)._zod.def;
  if (def.type !== 'array') throw new Error('elements() reads lists only');
  const bound = maxLength(def.checks) ?? Number.POSITIVE_INFINITY;
  const out = [];
  for (const [i, item] of list.entries()) {
    const at = `${path}.${i}`;
    if (i >= bound) {
      warnings.add(
        at,
        `the list holds ${list.length}; the ${list.length - i} from here on were left out (at most ${bound} are read)`,
      );
      break;
    }
    const got = read(def.element, item, at, warnings);
    if (got.ok) out.push({ value: got.value, path: at });
    else warnings.add(got.path, `${got.message}; ${at} was left out`);
  }
  return out as ReturnType<typeof elements<S>>;
}

function maxLength(checks: readonly { _zod: { def: { check: string } } }[] | undefined): number | undefined {
  for (const check of checks ?? []) {
    const def = check._zod.def as { check: string; maximum?: number };
    if (def.check === 'max_length' && typeof def.maximum === 'number') return def.maximum;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
