"""`/docs`: Swagger UI under the app's own Content-Security-Policy.

FastAPI's page loads Swagger UI from a CDN and starts it with an inline script, both of which the CSP
(`script-src 'self'`, api/edge/security_headers.py) blocks, leaving a blank page. Here the assets come from
the `swagger-ui-bundle-v2` package, served by the app itself, and the page starts Swagger UI from a script
file of its own: nothing inline, nothing from elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle
from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs/swagger-ui"

PAGE = f"""<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Freight booking portal API</title>
    <link rel="stylesheet" type="text/css" href="{ASSETS}/swagger-ui.css">
    <link rel="icon" type="image/png" href="{ASSETS}/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="{ASSETS}/swagger-ui-bundle.js"></script>
    <script src="/docs/start.js"></script>
  </body>
</html>
"""

START = """window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
"""


def install(app: FastAPI) -> None:
    """Adds `/docs` (the app must be created with `docs_url=None`), before the web app's catch-all."""
    app.mount(ASSETS, StaticFiles(directory=Path(swagger_ui_bundle.swagger_ui_path)), name="swagger-ui")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(PAGE, headers={"Cache-Control": "no-cache"})

    @app.get("/docs/start.js", include_in_schema=False)
    def start() -> Response:
        return Response(START, media_type="text/javascript", headers={"Cache-Control": "no-cache"})
