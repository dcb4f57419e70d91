/**
 * A mission planner plugin for the readiness bench: node:http in the bench
 * process, answering the two requests the service sends a plugin (section
 * 4.2) behind the Basic check the sample plugin makes. Capabilities: each
 * position asked, with `competencies` competencies the plugin prefers at
 * PREFERRED_LEVEL. Candidates: the class's students placed as
 * `placedCandidates` places them, in the order the class lists them. Counts
 * the candidate requests, so the bench can tell each answer was fresh.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decodeBasic } from '../../contract/basic-auth.ts';
import {
  type CandidatesResponse,
  type CapabilitiesResponse,
  candidatesRequestSchema,
  capabilitiesRequestSchema,
} from '../../contract/mission-planner.ts';
import { benchCompetencies, PREFERRED_LEVEL, placedCandidates } from './readiness-answer.ts';

export interface PlannerPlugin {
  readonly capabilitiesUrl: string;
  readonly candidatesUrl: string;
  /** Candidate requests answered so far. */
  candidatesAnswered(): number;
  close(): Promise<void>;
}

export interface PlannerPluginOptions {
  readonly port: number;
  /** The plugin's credentials, as registered on the service: the service sends them with each request. */
  readonly clientId: string;
  readonly clientSecret: string;
  readonly competencies: number;
  /** The class's students (userIds), in the order the class lists them. */
  readonly userIds: readonly string[];
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

const failure = (code: string, message: string) => ({ error: { code, message } });

export async function startPlannerPlugin(options: PlannerPluginOptions): Promise<PlannerPlugin> {
  const competencies = benchCompetencies(options.competencies).map((c) => ({
    ...c,
    preferredCompetencyLevel: PREFERRED_LEVEL,
  }));
  let candidates = 0;

  const answer = async (request: IncomingMessage): Promise<[number, unknown]> => {
    const credentials = decodeBasic(request.headers.authorization);
    if (credentials?.clientId !== options.clientId || credentials.clientSecret !== options.clientSecret) {
      return [401, failure('unauthorized', 'The client id or client secret does not match this plugin')];
    }
    const path = new URL(request.url ?? '/', 'http://plugin').pathname;
    if (request.method === 'POST' && path === '/capabilities') {
      const asked = capabilitiesRequestSchema.safeParse(await bodyOf(request));
      if (!asked.success) return [400, failure('invalid_input', asked.error.message)];
      const body: CapabilitiesResponse = {
        positions: asked.data.positions.map((position) => ({ title: position.title, competencies })),
        additionalCompetencies: [],
      };
      return [200, body];
    }
    if (request.method === 'POST' && path === '/candidates') {
      const asked = candidatesRequestSchema.safeParse(await bodyOf(request));
      if (!asked.success) return [400, failure('invalid_input', asked.error.message)];
      candidates += 1;
      const body: CandidatesResponse = {
        positions: asked.data.positions.map((position) => placedCandidates(position, options.userIds)),
      };
      return [200, body];
    }
    return [404, failure('not_found', `No route for ${request.method} ${path}`)];
  };

  const server = createServer((request, response) => {
    answer(request).then(
      ([status, body]) => send(response, status, body),
      (error: unknown) => send(response, 400, failure('malformed_json', String(error))),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${options.port}`;
  return {
    capabilitiesUrl: `${base}/capabilities`,
    candidatesUrl: `${base}/candidates`,
    candidatesAnswered: () => candidates,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
