/**
 * A route's validated address input (its path parameters and query), kept by
 * the address (path and query) it came from. Validating them is a pure function of the path
 * and query string, and a read is asked again and again with the same few
 * addresses: zod's parse of the query, reading the query string and the
 * answer key's JSON of the two were 8% of the CPU of a kept answer on the
 * notes list and the plugin's record data (`npm run bench -- service`,
 * profiled). An address seen before is answered from here; one that fails
 * throws each time and is never kept. The values are frozen, since every
 * request of that address shares them.
 */
export interface AddressInput {
  readonly params: unknown;
  readonly query: unknown;
  /** The two as JSON, for the answer's key (server/cache/answer-rule.ts). */
  readonly key: string;
}

export class AddressInputs {
  private readonly kept = new Map<string, AddressInput>();

  /**
   * Memory is bounded against many distinct addresses (one input can be written many ways: `?&&&`, `%61`): an
   * address longer than `maxAddress` characters is validated and not kept, and past `maxEntries` the memo starts
   * over, so a route keeps at most about 64 KB of addresses.
   */
  constructor(
    private readonly maxEntries = 256,
    private readonly maxAddress = 256,
  ) {}

  /** The input of `url` (a request's whole address), validated by `validate` unless it was before. */
  get(url: string, validate: () => { params: unknown; query: unknown }): AddressInput {
    const address = pathAndQuery(url);
    const found = this.kept.get(address);
    if (found) return found;
    const { params, query } = validate();
    const input: AddressInput = {
      params: deepFreeze(params),
      query: deepFreeze(query),
      key: JSON.stringify([params ?? null, query ?? null]),
    };
    if (address.length > this.maxAddress) return input;
    if (this.kept.size >= this.maxEntries) this.kept.clear();
    this.kept.set(address, input);
    return input;
  }
}

/** The path and query of an absolute address: the host does not change what a route's input is. */
function pathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
