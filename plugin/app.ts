/**
 * The sample plugin's HTTP side: the two mission planner endpoints the
 * service calls (POST /capabilities and POST /candidates), each behind the
 * Basic check of section 4.2. Errors use the platform's error body.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod/mini';
import { candidatesRequestSchema, capabilitiesRequestSchema } from '../contract/mission-planner.ts';
import { verifyBasic } from './basic-auth.ts';
import { deriveCapabilities } from './capabilities.ts';
import type { PluginConfig } from './config.ts';
import { errorFields, logger } from './logger.ts';
import { PlatformError, platformClient } from './platform-client.ts';
import { rankCandidates } from './ranking.ts';

const errorBody = (code: string, message: string, issues?: { path: string; message: string }[]) => ({
  error: { code, message, ...(issues ? { issues } : {}) },
});

export function createPluginApp(config: PluginConfig): Hono {
  const platform = platformClient(config);
  const app = new Hono();

  app.get('/health', (c) => c.json({ ok: true, clientId: config.PLUGIN_CLIENT_ID }));

  app.use(
    '*',
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => c.json(errorBody('payload_too_large', 'The body is larger than 256 KiB'), 413),
    }),
  );

  app.use('*', async (c, next) => {
    if (!verifyBasic(c.req.header('authorization'), config.PLUGIN_CLIENT_ID, config.PLUGIN_CLIENT_SECRET)) {
      c.header('WWW-Authenticate', 'Basic realm="mission-planner"');
      return c.json(errorBody('unauthorized', 'The client id or client secret does not match this plugin'), 401);
    }
    await next();
  });

  async function input<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S> | Response> {
    let json: unknown;
    try {
      json = await request.json();
    } catch {
      return Response.json(errorBody('malformed_json', 'The body is not valid JSON'), { status: 400 });
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    return Response.json(errorBody('invalid_input', 'The request does not have the shape of the interface', issues), {
      status: 400,
    });
  }

  app.post('/capabilities', async (c) => {
    const request = await input(c.req.raw, capabilitiesRequestSchema);
    if (request instanceof Response) return request;
    return c.json(deriveCapabilities(request));
  });

  app.post('/candidates', async (c) => {
    const request = await input(c.req.raw, candidatesRequestSchema);
    if (request instanceof Response) return request;
    const { people, catalogue } = await platform.load();
    return c.json(rankCandidates(request.positions, people, catalogue));
  });

  app.notFound((c) =>
    c.json(errorBody('not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`), 404),
  );
  app.onError((error, c) => {
    if (error instanceof PlatformError) return c.json(errorBody('upstream', error.message), 502);
    logger.error(errorFields(error), 'Sample plugin failed');
    return c.json(errorBody('internal', 'The plugin failed; the request was not completed'), 500);
  });
  return app;
}
