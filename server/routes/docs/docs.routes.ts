/**
 * `/openapi.json`, generated from the contract, and `/docs`, a readable API
 * reference rendered on the server from the same document (no script).
 */
import type { Hono } from 'hono';
import { buildOpenApi } from '../../../contract/openapi.ts';
import type { Settings } from '../../config.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  'x-extension'?: boolean;
};

function renderDocs(doc: ReturnType<typeof buildOpenApi>): string {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
        .join('');
      const body = op.requestBody?.content['application/json']?.schema;
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
      const successSchema = success?.[1].content?.['application/json']?.schema;
      const html = `<section class="op">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op['x-extension'] ? ' <span class="ext">extension</span>' : ''}</h3>
  <p>${escapeHtml(op.summary ?? '')}</p>${op.description ? `<p class="note">${escapeHtml(op.description)}</p>` : ''}
  ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
  ${body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ''}
  ${successSchema ? `<details><summary>Response ${success?.[0]}</summary><pre>${escapeHtml(JSON.stringify(successSchema, null, 2))}</pre></details>` : ''}
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>\n${ops.join('\n')}`).join('\n');
  const info = doc.info as { title: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} — API reference</title><link rel="stylesheet" href="/docs.css"></head>
<body><main><h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Errors always have the body <code>{ "error": { "code", "message", "issues"? } }</code>.</p>
${sections}</main></body></html>`;
}

const css = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem}
h2{margin-top:2rem;border-bottom:1px solid #d0d7de}.op{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:.5rem 1rem;margin:.75rem 0}
.op h3{font-size:1rem;margin:.25rem 0}.method{display:inline-block;min-width:3.5rem;font-weight:700}.get{color:#0a5c2e}.post{color:#7a4100}.put{color:#0b4f8a}
.ext{font-size:.75rem;background:#fff4d6;border:1px solid #d4a72c;border-radius:4px;padding:0 .3rem}.note{color:#4a5561}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:.8rem}`;

export function docsRoutes(app: Hono, settings: Settings): void {
  const doc = buildOpenApi({ sandbox: settings.PLATFORM_ENV === 'sandbox' });
  const json = JSON.stringify(doc);
  const html = renderDocs(doc);
  app.get('/openapi.json', (c) => c.body(json, 200, { 'Content-Type': 'application/json' }));
  app.get('/docs', (c) =>
    c.html(html, 200, {
      'Content-Security-Policy': "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    }),
  );
  app.get('/docs.css', (c) => c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
}
