"""The compose file's healthchecks look at the deployment's health, not only at a live process."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.compose_check import health_problems, problems

ROOT = Path(__file__).resolve().parents[2]


def test_the_compose_file_passes_its_checks() -> None:
    assert problems(yaml.safe_load((ROOT / "docker-compose.yml").read_text()), ROOT) == []


def test_a_follower_checked_only_for_being_alive_and_without_a_standby_is_refused() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    services["follower"]["healthcheck"]["test"] = ["CMD", "python", "-c", "import os; os.kill(1, 0)"]
    services["follower"].pop("deploy")
    services["api"]["healthcheck"]["test"] = ["CMD", "true"]
    found = health_problems(services)
    assert len(found) == 3, found


def test_an_api_command_running_uvicorn_with_its_own_proxy_trust_is_refused() -> None:
    """Uvicorn believes X-Forwarded-For from loopback and names itself unless told not to."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    compose["services"]["api"]["command"] = "uvicorn --factory api.main:create_app --workers 4"
    assert "api: uvicorn must run with --no-proxy-headers and --no-server-header" in problems(compose, ROOT)


def test_a_compose_file_without_a_required_public_address_is_refused() -> None:
    """The followers send the e-mails: without PUBLIC_URL their links point at their own HOST:PORT."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    del compose["services"]["follower"]["environment"]["PUBLIC_URL"]
    compose["services"]["api"]["environment"]["PUBLIC_URL"] = "${PUBLIC_URL:-http://127.0.0.1:8000}"
    found = problems(compose, ROOT)
    assert "follower: settings missing ['PUBLIC_URL']" in found, found
    assert any(line.startswith("api: PUBLIC_URL must be required") for line in found), found
