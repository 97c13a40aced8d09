"""Validates docker-compose.yml where no Docker engine exists: `docker compose config` when the plugin is
there, otherwise the structural rules this deployment relies on."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

REQUIRED_SERVICES = {"postgres", "api", "follower"}
SETTINGS = {"DATABASE_URL", "VAR_DIR", "JWT_SECRET", "PUBLIC_URL"}
# PUBLIC_URL is required of whoever starts the deployment (`${PUBLIC_URL:?...}`) or written out as an address:
# a default would send every e-mailed link to an address nobody outside reaches.
PUBLIC_URL_VALUE = re.compile(r"^(\$\{PUBLIC_URL:?\?[^}]*\}|https?://[^/?#\s]+/?)$")


def problems(compose: dict[str, Any], root: Path) -> list[str]:
    found: list[str] = []
    services: dict[str, Any] = compose.get("services") or {}
    missing = REQUIRED_SERVICES - set(services)
    if missing:
        found.append(f"missing services: {sorted(missing)}")
    for name, service in services.items():
        if "image" not in service and "build" not in service:
            found.append(f"{name}: needs image or build")
        if "build" in service and not (root / service["build"] / "Dockerfile").is_file():
            found.append(f"{name}: build context has no Dockerfile")
        if "healthcheck" not in service:
            found.append(f"{name}: no healthcheck")
        for dependency in service.get("depends_on") or {}:
            if dependency not in services:
                found.append(f"{name}: depends on unknown service {dependency}")
    for name in ("api", "follower"):
        environment = (services.get(name) or {}).get("environment") or {}
        if not set(environment) >= SETTINGS:
            found.append(f"{name}: settings missing {sorted(SETTINGS - set(environment))}")
        public_url = environment.get("PUBLIC_URL")
        if "PUBLIC_URL" in environment and not PUBLIC_URL_VALUE.match(str(public_url or "")):
            found.append(f"{name}: PUBLIC_URL must be required (${{PUBLIC_URL:?...}}) or an http(s) address")
    api_env = (services.get("api") or {}).get("environment") or {}
    if str(api_env.get("RUN_FOLLOWERS", "")).lower() != "false":
        found.append("api: workers must run with RUN_FOLLOWERS=false (the follower service runs them)")
    command = " ".join(map(str, (services.get("api") or {}).get("command") or []))
    if isinstance((services.get("api") or {}).get("command"), str):
        command = str(services["api"]["command"])
    if "freight serve" not in command:
        found.append("api: should run `freight serve`, the command the README gives")
    if "--workers" not in command:
        found.append("api: should run several workers")
    if "uvicorn" in command and not all(
        flag in command for flag in ("--no-proxy-headers", "--no-server-header")
    ):
        # uvicorn would believe X-Forwarded-For from loopback and name itself (api/edge/forwarded.py).
        found.append("api: uvicorn must run with --no-proxy-headers and --no-server-header")
    found.extend(health_problems(services))
    return found


def health_problems(services: dict[str, Any]) -> list[str]:
    """The healthchecks must look at what matters (api/health.py), not only at a live process."""
    found: list[str] = []
    api_check = " ".join(map(str, ((services.get("api") or {}).get("healthcheck") or {}).get("test") or []))
    if "/health" not in api_check:
        found.append("api: the healthcheck must ask /health (503 when followers are behind)")
    follower = services.get("follower") or {}
    follower_check = " ".join(map(str, (follower.get("healthcheck") or {}).get("test") or []))
    if "api.health" not in follower_check:
        found.append("follower: the healthcheck must run `python -m api.health` (tracked positions vs head)")
    if int((follower.get("deploy") or {}).get("replicas", 1)) < 2:
        found.append("follower: run two replicas (one active, one hot standby)")
    return found


def main(path: str) -> int:
    file = Path(path)
    if (
        shutil.which("docker")
        and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0
    ):
        env = {
            "JWT_SECRET": "x",
            "ADMIN_PASSWORD": "x",
            "PUBLIC_URL": "https://x.test",
            "PATH": "/usr/bin:/bin:/usr/local/bin",
        }
        result = subprocess.run(["docker", "compose", "-f", str(file), "config", "-q"], env=env)
        if result.returncode != 0:
            return result.returncode
    found = problems(yaml.safe_load(file.read_text()), file.resolve().parent)
    for problem in found:
        print(f"docker-compose.yml: {problem}", file=sys.stderr)
    if not found:
        print("docker-compose.yml: valid")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "docker-compose.yml"))
