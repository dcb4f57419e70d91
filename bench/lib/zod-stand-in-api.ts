/** The functions of `zod/mini` the contract and the dashboard call, as the `bound` benchmark's stand-in (zod-stand-in.ts). */
// biome-ignore-all lint/suspicious/noShadowRestrictedNames: zod's own names
const schema: unknown = {};

/* @__NO_SIDE_EFFECTS__ */ export function string(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function number(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function int(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function boolean(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function unknown(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function literal(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function object(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function strictObject(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function array(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function optional(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function nullable(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function union(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function discriminatedUnion(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function pipe(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function transform(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function refine(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function meta(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function extend(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function partial(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function omit(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function maxLength(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function minLength(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function regex(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function positive(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function minimum(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function maximum(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function gte(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function lte(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ export function toJSONSchema(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ function nullSchema(..._args: unknown[]): unknown {
  return schema;
}
/* @__NO_SIDE_EFFECTS__ */ function enumSchema(..._args: unknown[]): unknown {
  return schema;
}

export { enumSchema as enum, nullSchema as null };

/** zod's `z.config(z.locales.en())` sets its messages: a call kept for its effect, as zod's is. */
export function config(_settings: unknown): void {}
export const locales = { en: string };
export const iso = { date: string, datetime: string };
