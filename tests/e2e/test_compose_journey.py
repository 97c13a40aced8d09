"""docker-compose.yml's topology, started as the compose file starts it (no Docker here: each service's
command and environment read from the YAML and run as processes against a throwaway PostgreSQL), and a new
customer's first day on it: sign up, verify the phone with the texted code, staff accept, set the password
from the e-mailed link, and follow an e-mailed booking link through the login in Chromium.

Only what the containers' network provides is replaced: the database's host, the published port, and the
shared `files` volume (one VAR_DIR for both services). PUBLIC_URL is the proxy's address: every link must
start with it, and the test plays the proxy by sending the link's path to the API service.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
import yaml
from playwright.sync_api import Browser, expect

from api.settings import Settings
from tests.conftest import ADMIN_PASSWORD
from tests.corpus import IRANIAN_PHONES, PERSIAN_PEOPLE, fresh_national_id
from tests.e2e.browser import through_the_login
from tests.e2e.conftest import DESKTOP, LiveServer
from tests.e2e.customers import followers_caught_up, rate_request
from tests.e2e.customers import quote as staff_quote
from tests.live_server import ROOT, stop_processes
from tests.pg import Cluster, free_port

PUBLIC_URL = "https://freight.example.test"
# What an operator exports before `docker compose up` (the file refuses to start without them).
OPERATOR = {
    "JWT_SECRET": "compose-journey-secret-compose-journey-secret",
    "ADMIN_PASSWORD": ADMIN_PASSWORD,  # the staff helpers' (tests/e2e/customers.py)
    "PUBLIC_URL": PUBLIC_URL,
}
CLIENT = "/account/api/v1/client/indivisual-customers/register"
PASSWORD = "Quay-Lantern-48"
INTERPOLATION = re.compile(r"\$\{(\w+)(?:(:?[-?])([^}]*))?\}")


def interpolate(value: Any, env: dict[str, str]) -> str:
    """Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?error}` (the forms docker-compose.yml uses)."""

    def one(match: re.Match[str]) -> str:
        name, operator, word = match.group(1), match.group(2), match.group(3)
        found = env.get(name)
        missing = found is None or (found == "" and operator is not None and operator.startswith(":"))
        if operator and operator.endswith("?") and missing:
            raise AssertionError(f"compose refuses to start: {name}: {word}")
        if operator and operator.endswith("-") and missing:
            return word
        return found or ""

    return INTERPOLATION.sub(one, str(value))


def service_process(
    service: dict[str, Any], operator: dict[str, str], network: dict[str, str]
) -> tuple[list[str], dict[str, str]]:
    """The service's command (the image's `freight` is this environment's) and its environment as compose
    passes it, plus what the network and volumes provide."""
    command = [str(part) for part in service["command"]]
    assert command[0] == "freight", command
    freight = Path(sys.executable).with_name("freight")
    environment = {name: interpolate(value, operator) for name, value in service["environment"].items()}
    # The container has no other setting: none of this machine's leaks in.
    base = {key: value for key, value in os.environ.items() if key not in Settings.model_fields}
    return [str(freight), *command[1:]], {**base, **environment, **network}


class Deployment:
    def __init__(self, cluster: Cluster, work: Path) -> None:
        self.compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
        self.work = work
        self.var_dir = work / "files"  # the `files` volume both services mount
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.database_url = cluster.create_database("compose")
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def network(self, service: dict[str, Any]) -> dict[str, str]:
        url = urlparse(interpolate(service["environment"]["DATABASE_URL"], OPERATOR))
        assert url.hostname == "postgres"  # the compose service's name: here, the throwaway cluster
        provided = {"DATABASE_URL": self.database_url, "VAR_DIR": str(self.var_dir)}
        if service.get("ports"):  # the published port (8000:8000), here a free one
            provided["PORT"] = str(self.port)
        return provided

    def start(self, name: str) -> None:
        service = self.compose["services"][name]
        command, env = service_process(service, OPERATOR, self.network(service))
        replicas = int((service.get("deploy") or {}).get("replicas", 1))
        for index in range(replicas):
            log = (self.work / f"{name}-{index}.log").open("wb")
            self.processes[f"{name}-{index}"] = subprocess.Popen(
                command, env=env, cwd=self.work, stdout=log, stderr=subprocess.STDOUT
            )

    def log(self, name: str) -> str:
        return (self.work / f"{name}.log").read_text(errors="replace")[-3000:]

    def wait_healthy(self, seconds: float) -> None:
        """The api service's own healthcheck, until it passes: every follower group held and caught up."""
        deadline = time.monotonic() + seconds
        while True:
            for name, process in self.processes.items():
                assert process.poll() is None, f"{name} exited:\n{self.log(name)}"
            try:
                if httpx.get(f"{self.url}/health", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, {name: self.log(name) for name in self.processes}
            time.sleep(0.3)

    def stop(self) -> None:
        stop_processes(self.processes.values(), grace=20)


@contextmanager
def compose_up(cluster: Cluster, work: Path) -> Iterator[Deployment]:
    deployment = Deployment(cluster, work)
    with ExitStack() as stack:
        stack.callback(deployment.stop)
        # compose's order: postgres healthy, then the followers, then the API (depends_on).
        deployment.start("follower")
        deployment.start("api")
        deployment.wait_healthy(180)
        yield deployment


def test_compose_refuses_to_start_without_a_public_address() -> None:
    api = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["follower"]
    without = {key: value for key, value in OPERATOR.items() if key != "PUBLIC_URL"}
    with pytest.raises(AssertionError, match="PUBLIC_URL"):
        service_process(api, without, {})


def test_a_new_customers_first_day_on_the_compose_topology(
    browser: Browser, pg_cluster: Cluster, tmp_path: Path
) -> None:
    with (
        compose_up(pg_cluster, tmp_path) as deployment,
        httpx.Client(base_url=deployment.url, timeout=30) as api,
    ):
        server = LiveServer(url=deployment.url, var_dir=deployment.var_dir)
        first, last = PERSIAN_PEOPLE[0]
        national_id, phone = fresh_national_id(), IRANIAN_PHONES[1]
        email = f"c{national_id}@example.com"
        form = {"firstName": first, "lastName": last, "birthDate": "1370/05/12", "nationalId": national_id}
        form |= {"phone": phone, "fax": "02112345678", "email": email, "address": "12 Valiasr Street, Tehran"}
        form |= {"postalCode": "1234567890"}

        def sent(channel: str, to: str, key: str) -> list[dict[str, Any]]:
            """The messages of this kind in the outbox once the followers (which send them) are caught up."""
            followers_caught_up(server)
            return [
                m for m in server.outbox() if m["channel"] == channel and m["to"] == to and key in m["data"]
            ]

        def ok(answer: httpx.Response) -> Any:
            assert answer.status_code in (200, 201), answer.text
            return answer.json()["response"]

        ok(api.post(f"{CLIENT}/start", json={"nationalId": national_id, "phone": phone}))
        ok(api.post(f"{CLIENT}/finalize", json=form))
        code = sent("sms", phone, "code")[-1]["data"]["code"]
        ok(
            api.post(
                f"{CLIENT.replace('indivisual', 'Indivisual')}/verify",
                json={"nationalId": national_id, "code": code},
            )
        )
        admin = {"username": "admin", "password": OPERATOR["ADMIN_PASSWORD"]}  # ADMIN_USERNAME's default
        staff = {"Authorization": f"Bearer {ok(api.post('/auth/api/v1/login', json=admin))['token']}"}
        ok(
            api.post(
                f"/account/api/v1/admin/indivisual-customer/register-requests/{national_id}", headers=staff
            )
        )

        # The set-password link the follower e-mailed: at the public address, not at any process's own.
        link = str(sent("email", email, "link")[-1]["data"]["link"])
        assert link.startswith(f"{PUBLIC_URL}/forgetpassword/createpassword?"), link
        assert parse_qs(urlparse(link).query)["nationalId"] == [national_id]

        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        try:
            page.goto(deployment.url + link.removeprefix(PUBLIC_URL))  # the proxy's forwarding
            page.get_by_label("Password", exact=True).fill(PASSWORD)
            page.get_by_label("Confirm Password").fill(PASSWORD)
            page.get_by_role("button", name="Save Password").click()
            expect(page.get_by_role("dialog", name="Password Changed Successfully")).to_be_visible()

            customer = {"username": national_id, "password": PASSWORD}
            token = str(ok(api.post("/auth/api/v1/login", json=customer))["token"])
            rid = rate_request(server, token, "Saffron threads in tins")
            staff_quote(server, rid)
            booking = [m for m in sent("email", email, "link") if m["data"].get("kind") == "quoteReady"]
            assert booking, sent("email", email, "link")
            target = f"/dashboard/bookings/rate-request/detail/{rid}"
            assert booking[-1]["data"]["link"] == f"{PUBLIC_URL}{target}", booking[-1]["data"]

            # Opened signed out (a new browser context): the login, then the booking itself.
            context.clear_cookies()
            page.goto(f"{deployment.url}{target}")
            through_the_login(page, deployment.url, target, national_id, PASSWORD)
            expect(page.get_by_text("Saffron threads in tins").first).to_be_visible()
        finally:
            context.close()
