/** Small statistics and formatting helpers shared by the benchmarks. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Round by round, `runs`' req/s over `base`'s in the same round: what a side-by-side ratio is the median of. */
export function roundRatios(runs: readonly { rps: number }[], base: readonly { rps: number }[]): number[] {
  return runs.map((run, round) => run.rps / (base[round]?.rps ?? Number.NaN));
}

/**
 * `items` in the order round `round` takes them: as given in even rounds, reversed in odd ones, so a machine
 * getting busier or quieter during a run favours none of them.
 */
export function inTurn<T>(round: number, items: readonly T[]): readonly T[] {
  return round % 2 === 0 ? items : [...items].reverse();
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

export function int(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
