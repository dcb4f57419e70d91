/**
 * One call of the administration API, whichever way it travels: the
 * endpoint's method and address from the contract, its answer parsed with
 * the endpoint's schema, a refusal thrown with the service's message.
 */
import { isErrorBody } from '../../contract/common.ts';
import type { Endpoint, EndpointInput, ResponseOf } from '../../contract/endpoint.ts';
import { endpointUrl } from '../../contract/endpoint-url.ts';
import type { Transport } from './transport.ts';

/** The service refused a call: its status, code, message and the issues it named. */
export class RequestFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const lines = isErrorBody(body)
      ? [
          `${status} ${body.error.code}: ${body.error.message}`,
          ...(body.error.issues ?? []).map((issue) => `  ${issue.path}: ${issue.message}`),
        ]
      : [`HTTP ${status}`];
    super(lines.join('\n'));
  }
}

/** The input, which may be left out when the endpoint takes none that is required. */
type InputArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

export interface AdminApi {
  /** The answer of a call that must succeed; a refusal throws `RequestFailed`. */
  call<E extends Endpoint>(endpoint: E, ...input: InputArgs<E>): Promise<ResponseOf<E>>;
}

export function adminApi(transport: Transport): AdminApi {
  return {
    async call<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<ResponseOf<E>> {
      const given: { params?: unknown; query?: unknown; body?: unknown } = input ?? {};
      const body = given.body;
      const response = await transport.fetch(endpointUrl(endpoint, given as EndpointInput<E>, transport.base), {
        method: endpoint.method,
        headers: {
          Authorization: `Bearer ${transport.token}`,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      const answer: unknown = text ? JSON.parse(text) : undefined;
      if (!response.ok) throw new RequestFailed(response.status, answer);
      return endpoint.response.parse(answer) as ResponseOf<E>;
    },
  };
}
