/**
 * The files of `/docs` that are ours: the page, the script that starts
 * Swagger UI on it, and a few styles. Kept as text here (not beside the code
 * as files) so the built service (`build/main.js`) carries them.
 *
 * The script is loaded from the page's own origin, as Swagger UI itself is:
 * the page runs under a CSP with no inline script or style and no other
 * origin. Swagger UI is started without the top bar (whose logo is an inline
 * `<style>`) and without the online validator (a third-party origin).
 *
 * "Try it" needs a user token for most routes: when a call to
 * `POST /sandbox/v1/token` succeeds, the script authorizes the page with the
 * token it answered (`userToken`), so the next call just works. Nothing is
 * stored: a reload forgets it (`persistAuthorization` stays off).
 */

export function docsHtml(assets: { readonly css: string; readonly bundle: string; readonly favicon: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Learning platform service — API reference</title>
<link rel="icon" type="image/png" href="${assets.favicon}">
<link rel="stylesheet" href="${assets.css}">
<link rel="stylesheet" href="/docs/docs.css">
</head>
<body>
<div id="swagger-ui"><p class="docs-loading">Loading the API reference…</p></div>
<noscript><p class="docs-noscript">The interactive reference needs JavaScript. The document itself: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p></noscript>
<script src="${assets.bundle}"></script>
<script src="/docs/docs.js"></script>
</body>
</html>
`;
}

export const docsScript = `'use strict';
(function () {
  var ui = window.SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    presets: [window.SwaggerUIBundle.presets.apis],
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 1,
    persistAuthorization: false,
    validatorUrl: null,
    responseInterceptor: function (response) {
      var token = response && response.ok && response.body && response.body.token;
      if (typeof token === 'string' && /\\/sandbox\\/v1\\/token$/.test(new URL(response.url, location.href).pathname)) {
        ui.preauthorizeApiKey('userToken', token);
      }
      return response;
    },
  });
  window.ui = ui;
})();
`;

// An operation's body scrolls sideways by itself: its tables (responses, parameters) are wider than a phone.
export const docsCss = `.docs-loading,.docs-noscript{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1.5rem}
.swagger-ui .info{margin:32px 0 16px}
.swagger-ui .opblock-description-wrapper p,.swagger-ui .opblock-external-docs-wrapper p{font-size:14px}
.swagger-ui .opblock-body{overflow-x:auto}
`;
