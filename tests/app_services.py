"""The application a test talks to in this process, and its services object, reached through the test's
HTTP client (or the app itself), typed."""

import httpx
from fastapi import FastAPI

from api.bootstrap import Services


def app_of(client: httpx.Client | FastAPI) -> FastAPI:
    """The app behind `client`: a TestClient's, or that of a client of a server run in this process (which
    carries it as `.app`)."""
    app = client if isinstance(client, FastAPI) else getattr(client, "app", None)
    assert isinstance(app, FastAPI), client
    return app


def services_of(client: httpx.Client | FastAPI) -> Services:
    """The `Services` the app was built with (what `create_app` put on `app.state`)."""
    services = app_of(client).state.services
    assert isinstance(services, Services), services
    return services
