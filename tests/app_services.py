"""The application's services object as a test reaches it through its client (or app), typed."""

from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.bootstrap import Services


def services_of(client: TestClient | FastAPI) -> Services:
    """The `Services` the app was built with (what `create_app` put on `app.state`)."""
    app = client if isinstance(client, FastAPI) else client.app
    assert isinstance(app, FastAPI), app
    services = app.state.services
    assert isinstance(services, Services), services
    return services
