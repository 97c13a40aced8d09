"""The `freight` command on SQLite and PostgreSQL: each subcommand on a fresh store, a store in use by a
running server, a damaged one (a read-model table dropped, rows lost) and an unreachable one.

Every run asserts its exit code, that no traceback reached the terminal, and the --json shape. One real
`freight serve` per store kind is shared by the in-use cases. `serve` and `follow` run as processes (they
block); the one-shot commands run in this process through `main()` with the environment they would see
(one `python -m api.cli` run proves the real entry point too). `bench` is only refused, never run.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.cli import main
from api.settings import ExplicitSettings, Settings
from tests.live_server import wait_until_healthy
from tests.pg import Cluster, free_port

# Every setting the command reads; each run sets exactly the ones it wants.
SETTINGS = ("DATABASE_URL", "VAR_DIR", "HOST", "PORT", "JWT_SECRET", "ADMIN_USERNAME", "ADMIN_PASSWORD")
ADMIN_PASSWORD = "Admin-Pass1"
VERIFY_KEYS = {
    "command", "ok", "exit_code", "head", "positions", "behind", "compared_at", "missing_tables",
    "difference_count", "differences", "parked", "unreplayed",
}  # fmt: skip
REFUSAL_KEYS = {"command", "ok", "exit_code", "error"}
CHECK_KEYS = {"command", "ok", "exit_code", "file", "events", "line", "problem"}


@dataclass
class Ran:
    code: int
    out: str
    err: str

    def json(self) -> dict[str, Any]:
        lines = [line for line in self.out.splitlines() if line.strip()]
        assert len(lines) == 1, f"--json printed {len(lines)} lines: {self.out!r}"
        return dict(json.loads(lines[0]))

    def refused(self, command: str, code: int = 2) -> str:
        """A refusal: the exit code and exactly one line on standard error, naming the command."""
        assert self.code == code, (self.code, self.out, self.err)
        lines = [line for line in self.err.splitlines() if line.strip()]
        assert len(lines) == 1, self.err
        assert lines[0].startswith(f"freight {command}: "), lines[0]
        return lines[0]


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text


@dataclass
class Store:
    kind: str
    env: dict[str, str]

    @property
    def settings(self) -> Settings:
        return ExplicitSettings(
            DATABASE_URL=self.env.get("DATABASE_URL"),
            VAR_DIR=Path(self.env["VAR_DIR"]),
        )

    def process_env(self) -> dict[str, str]:
        base = {k: v for k, v in os.environ.items() if k not in SETTINGS and k != "FREIGHT_DEBUG"}
        return {**base, **self.env}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def new_store(kind: str, var_dir: Path, request: pytest.FixtureRequest, **extra: str) -> Store:
    env = {
        "VAR_DIR": str(var_dir),
        "JWT_SECRET": "cli-matrix-secret-that-is-long-enough",
        "ADMIN_USERNAME": "admin",
        "ADMIN_PASSWORD": ADMIN_PASSWORD,
        "HOST": "127.0.0.1",
        "PORT": str(free_port()),
        "PUBLIC_URL": "https://freight.example.test",
        **extra,
    }
    if kind == "postgres":
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        env["DATABASE_URL"] = cluster.create_database("cli")
    return Store(kind, env)


@pytest.fixture
def fresh(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Store:
    return new_store(kind, tmp_path / "var", request)


@pytest.fixture
def unreachable(kind: str, tmp_path: Path) -> Store:
    """PostgreSQL: a port nobody listens on. SQLite: a VAR_DIR that cannot exist (under a file)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    env = {"VAR_DIR": str(blocker / "var"), "ADMIN_PASSWORD": ADMIN_PASSWORD, "PORT": str(free_port())}
    if kind == "postgres":
        env["DATABASE_URL"] = f"postgresql://postgres:secret-pw@127.0.0.1:{free_port()}/nothing"
    return Store(kind, env)


@pytest.fixture
def freight(capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """Run `freight ARGS` in this process with exactly the store's settings in the environment."""
    monkeypatch.chdir(tmp_path)  # no developer's .env is read

    def run(store: Store, *args: str, **overrides: str | None) -> Ran:
        capfd.readouterr()
        with monkeypatch.context() as patch:
            for key in (*SETTINGS, "FREIGHT_DEBUG"):
                patch.delenv(key, raising=False)
            for key, value in {**store.env, **overrides}.items():
                if value is not None:
                    patch.setenv(key, value)
            code = main(list(args))
        out, err = capfd.readouterr()
        no_traceback(out, err)
        return Ran(code, out, err)

    return run


def damage(store: Store) -> None:
    """A read-model table dropped and the newest rows of another lost, the tracking row left as it was."""
    from api.bootstrap import open_read_models

    db = open_read_models(store.settings)
    try:
        with db.transaction() as tx:
            tx.execute("DROP TABLE accounts")
            tx.execute("DELETE FROM event_log WHERE position > (SELECT MAX(position) - 20 FROM event_log)")
    finally:
        db.close()


@pytest.fixture
def damaged(fresh: Store, freight: Any) -> Store:
    assert freight(fresh, "seed-demo", "--events", "150").code == 0
    damage(fresh)
    return fresh


# -- processes ---------------------------------------------------------------------------------------------


def start(store: Store, *args: str, log: Path, **overrides: str) -> subprocess.Popen[bytes]:
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "api.cli", *args],
            env={**store.process_env(), **overrides},
            cwd=log.parent,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def run_process(store: Store, *args: str, cwd: Path, timeout: float = 60, **overrides: str) -> Ran:
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        env={**store.process_env(), **overrides},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    no_traceback(done.stdout, done.stderr)
    return Ran(done.returncode, done.stdout, done.stderr)


def stop(process: subprocess.Popen[bytes], log: Path) -> str:
    """SIGTERM, as a service manager stops it: it must end cleanly (exit 0) and log no traceback."""
    process.send_signal(signal.SIGTERM)
    try:
        code = process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise
    text = log.read_text(errors="replace")
    assert code == 0, text[-3000:]
    no_traceback(text)
    return text


def wait_for_text(log: Path, text: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while text not in log.read_text(errors="replace"):
        assert process.poll() is None, log.read_text(errors="replace")[-3000:]
        assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
        time.sleep(0.1)


@dataclass
class Served:
    store: Store
    url: str
    process: subprocess.Popen[bytes]
    log: Path


@pytest.fixture(scope="module")
def served(
    kind: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Served]:
    """`freight serve` on a fresh store: the store in use for the in-use cases (shared by them)."""
    directory = tmp_path_factory.mktemp(f"served-{kind}")
    store = new_store(kind, directory / "var", request)
    log = directory / "server.log"
    process = start(store, "serve", log=log)
    url = f"http://127.0.0.1:{store.env['PORT']}"
    try:
        wait_until_healthy(url, process, log)
    except BaseException:
        process.kill()
        process.wait()
        raise
    try:
        yield Served(store, url, process, log)
    finally:
        stop(process, log)


# -- serve and follow --------------------------------------------------------------------------------------


def test_serve_on_a_fresh_store_comes_up_and_stops_cleanly(served: Served) -> None:
    health = httpx.get(f"{served.url}/health", timeout=5)
    assert health.status_code == 200
    assert health.json()["response"]["position"] >= 1  # the first admin, from the settings
    no_traceback(served.log.read_text(errors="replace"))  # and on SIGTERM at the end: exit 0 (fixture)


def test_follow_on_a_fresh_store_starts_and_stops_cleanly(fresh: Store, tmp_path: Path) -> None:
    log = tmp_path / "follow.log"
    process = start(fresh, "follow", log=log)
    wait_for_text(log, "following", process)
    stop(process, log)


def test_a_second_server_on_a_store_in_use_refuses(served: Served, tmp_path: Path) -> None:
    # The same settings twice (what an operator does by mistake): the port, or SQLite's one follower.
    run_process(served.store, "serve", cwd=tmp_path).refused("serve")
    assert httpx.get(f"{served.url}/health", timeout=5).status_code == 200


def test_follow_beside_a_running_server(served: Served, tmp_path: Path) -> None:
    if served.store.kind == "sqlite":
        line = run_process(served.store, "follow", cwd=tmp_path).refused("follow")
        assert "one server process" in line
        return
    # PostgreSQL: a separate follower process is the multi-process deployment; it starts and stops cleanly.
    log = tmp_path / "follow.log"
    process = start(served.store, "follow", log=log)
    wait_for_text(log, "following", process)
    stop(process, log)


@pytest.mark.parametrize("command", ["serve", "follow"])
def test_serve_and_follow_refuse_damaged_read_models(damaged: Store, command: str, tmp_path: Path) -> None:
    line = run_process(damaged, command, cwd=tmp_path).refused(command)
    assert "accounts" in line and "freight replay" in line


# -- create-admin ------------------------------------------------------------------------------------------


def test_create_admin_on_a_fresh_store_is_idempotent_and_keeps_the_password_secret(
    fresh: Store, freight: Any
) -> None:
    first = freight(fresh, "create-admin", "--username", "ops")
    assert first.code == 0 and "created admin ops" in first.out
    again = freight(fresh, "create-admin", "--username", "ops")
    assert again.code == 0 and "exists already" in again.out
    # Asked for another role than the account has: nothing changes, and that is a failed check.
    other = freight(fresh, "create-admin", "--username", "ops", "--role", "auditor")
    assert other.code == 1 and "not as auditor" in other.err
    for ran in (first, again, other):
        assert ADMIN_PASSWORD not in ran.out + ran.err
    # No password set and no terminal to ask on; a password below the portal's rule.
    freight(fresh, "create-admin", "--username", "new", ADMIN_PASSWORD=None).refused("create-admin")
    weak = freight(fresh, "create-admin", "--username", "new", ADMIN_PASSWORD="short").refused("create-admin")
    assert "short" not in weak


def test_create_admin_on_a_store_in_use_shows_at_once(served: Served, freight: Any) -> None:
    password = "Auditor-Pass9"
    ran = freight(
        served.store, "create-admin", "--username", "inuse", "--role", "auditor", ADMIN_PASSWORD=password
    )
    assert ran.code == 0, ran.err
    assert password not in ran.out + ran.err
    deadline = time.monotonic() + 15
    while True:  # the running server's follower applies the new account
        answer = httpx.post(
            f"{served.url}/auth/api/v1/login", json={"username": "inuse", "password": password}, timeout=5
        )
        if answer.status_code == 200:
            break
        assert time.monotonic() < deadline, answer.text
        time.sleep(0.2)


def test_create_admin_on_a_damaged_store_records_the_account(damaged: Store, freight: Any) -> None:
    assert freight(damaged, "create-admin", "--username", "ops").code == 0


# -- replay and verify -------------------------------------------------------------------------------------


def test_replay_and_verify_on_a_fresh_store(fresh: Store, freight: Any) -> None:
    assert freight(fresh, "replay").code == 0
    result = freight(fresh, "verify", "--json")
    assert result.code == 0
    body = result.json()
    assert set(body) == VERIFY_KEYS
    assert (body["command"], body["ok"], body["exit_code"], body["head"]) == ("verify", True, 0, 0)
    assert (body["behind"], body["differences"], body["difference_count"]) == ([], [], 0)


def test_replay_refuses_a_store_in_use_and_the_server_carries_on(served: Served, freight: Any) -> None:
    line = freight(served.store, "replay").refused("replay")
    assert "in use" in line
    assert httpx.get(f"{served.url}/health", timeout=5).status_code == 200
    assert freight(served.store, "seed-demo", "--events", "50").refused("seed-demo") == line.replace(
        "replay", "seed-demo", 1
    )


def test_verify_beside_a_running_server_that_takes_writes(served: Served, freight: Any) -> None:
    """Events keep arriving (and the server keeps applying them) while verify rebuilds and compares."""
    from api.cli.demo_seed import Seeder
    from infrastructure.event_store import SharedStore

    store = SharedStore(served.store.settings.event_store_env())
    seeder = Seeder(store, password_hash="not-a-real-hash", batch_events=40, prefix=f"w{os.getpid()}x")
    stopping = threading.Event()
    written: list[int] = []

    def write() -> None:
        while not stopping.is_set():
            written.append(seeder.run(len(written) * 80 + 80).events)
            time.sleep(0.05)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    try:
        time.sleep(0.5)
        # A bound, not a sleep: verify goes on as soon as the followers reach the head; a loaded machine
        # (the whole suite beside it) may starve the server's followers for seconds.
        result = freight(served.store, "verify", "--json", "--wait", "60")
    finally:
        stopping.set()
        writer.join(timeout=30)
        store.close()
    assert written, "no events were written during verify"
    body = result.json()
    assert result.code == 0, body
    assert set(body) == VERIFY_KEYS and body["ok"] is True
    # Compared at a position every follower had reached, taken after events were written.
    assert body["compared_at"] >= body["head"] > 2


def test_while_a_rebuild_holds_the_store_servers_and_verify_refuse(
    fresh: Store, freight: Any, tmp_path: Path
) -> None:
    from api.bootstrap import store_lock

    rebuild = store_lock(fresh.settings)
    rebuild.acquire(exclusive=True)  # as `freight replay` holds it while it runs
    try:
        assert "a rebuild" in freight(fresh, "verify", "--json").refused("verify")
        assert "a rebuild" in run_process(fresh, "serve", cwd=tmp_path).refused("serve")
    finally:
        rebuild.release()
    assert freight(fresh, "verify").code == 0


def test_verify_fails_on_a_follower_behind_the_head(fresh: Store, freight: Any) -> None:
    # Events no follower has applied (no server ran): every follower is behind, whatever the rows say.
    assert freight(fresh, "create-admin", "--username", "ops").code == 0
    result = freight(fresh, "verify", "--json", "--wait", "0")
    assert result.code == 1
    body = result.json()
    assert set(body) == VERIFY_KEYS and body["ok"] is False and body["head"] == 2
    assert {lag["name"] for lag in body["behind"]} == {
        "read_models",
        "notifications_policy",
        "messaging_policy",
    }
    assert all(lag["events"] == 2 for lag in body["behind"])
    assert "read_models is behind the store" in result.err


def test_verify_finds_the_damage_and_replay_repairs_it(damaged: Store, freight: Any) -> None:
    result = freight(damaged, "verify", "--json", "--wait", "0")
    assert result.code == 1
    body = result.json()
    assert set(body) == VERIFY_KEYS and body["ok"] is False and body["behind"] == []
    assert body["missing_tables"] == ["accounts"]
    assert body["difference_count"] == 20 == len(body["differences"])
    lost = body["differences"][0]
    assert (
        lost["table"] == "event_log"
        and lost["live"] is None
        and lost["rebuilt"]["position"] == lost["key"][0]
    )
    human = freight(damaged, "verify", "--wait", "0")
    assert human.code == 1 and "accounts: missing" in human.out and "20 differing rows" in human.err

    assert freight(damaged, "replay").code == 0
    assert freight(damaged, "verify", "--json").json()["ok"] is True


def test_an_interrupted_replay_leaves_half_built_read_models_that_verify_flags(
    fresh: Store, freight: Any
) -> None:
    """Half-built, as a replay stopped by Ctrl-C after its first batch leaves them: consistent up to their
    position (a server may carry on from there), behind the head (verify says so), finished by replay."""
    from api.bootstrap import open_read_models
    from api.cli.serving import check_read_models
    from infrastructure.event_store import SharedStore
    from projections.rebuild import rebuild

    assert freight(fresh, "seed-demo", "--events", "150").code == 0

    def interrupt(done: int, total: int, seconds: float) -> None:
        raise KeyboardInterrupt

    store, db = SharedStore(fresh.settings.event_store_env()), open_read_models(fresh.settings)
    try:
        with pytest.raises(KeyboardInterrupt):
            rebuild(store, db, batch_size=50, progress=interrupt)
    finally:
        db.close()
        store.close()
    check_read_models(fresh.settings)  # no refusal: a follower may carry on from this position
    result = freight(fresh, "verify", "--json", "--wait", "0")
    body = result.json()
    assert result.code == 1 and body["missing_tables"] == [] and body["difference_count"] == 0
    assert body["behind"] == [{"name": "read_models", "position": 50, "events": body["head"] - 50}]
    assert freight(fresh, "replay").code == 0
    assert freight(fresh, "verify", "--json", "--wait", "0").json()["ok"] is True


@pytest.mark.parametrize("changed", [None, "booking_sailings"])
def test_read_models_of_an_earlier_release_are_rebuilt_before_serving(
    fresh: Store, freight: Any, capfd: pytest.CaptureFixture[str], changed: str | None
) -> None:
    """A release that changes a read-model table or rows meets read models built before it: on the embedded
    store the server rebuilds them before it serves; on PostgreSQL (other workers may be serving them) it
    refuses and names `freight replay --changed`. Only the read model the release changed is rebuilt (3863);
    every one where which changed is not known (`changed` None: no read model's own fingerprint differs)."""
    from api.bootstrap import open_read_models
    from api.cli.outcome import Console, Refusal
    from api.cli.serving import check_read_models
    from projections.condition import inspect

    assert freight(fresh, "seed-demo", "--events", "60").code == 0
    db = open_read_models(fresh.settings)
    try:
        with db.transaction() as tx:
            tx.execute("UPDATE read_model_schema SET fingerprint = 'release-41'")
            tx.execute(
                "UPDATE read_model_fingerprints SET fingerprint = 'release-41' WHERE name = ?", (changed,)
            )
    finally:
        db.close()
    if fresh.kind == "postgres":
        with pytest.raises(Refusal, match="freight replay --changed"):
            check_read_models(fresh.settings, Console())
        said = freight(fresh, "replay", "--changed")
        assert said.code == 0
        out = said.out
    else:
        capfd.readouterr()
        check_read_models(fresh.settings, Console())
        out = capfd.readouterr().out
    rebuilt = "every read model" if changed is None else f"the read models {changed}"
    assert f"rebuilt {rebuilt} from" in out, out
    db = open_read_models(fresh.settings)
    try:
        with db.read() as tx:
            assert inspect(tx).damage() is None
    finally:
        db.close()
    assert freight(fresh, "verify", "--json", "--wait", "0").json()["ok"] is True


# -- audit -------------------------------------------------------------------------------------------------


def export_and_check(store: Store, freight: Any, directory: Path) -> dict[str, Any]:
    out = directory / "history.jsonl"
    assert freight(store, "audit", "export", "--out", str(out)).code == 0
    result = freight(store, "audit", "check", str(out), "--json")
    body: dict[str, Any] = result.json()
    assert result.code == 0 and set(body) == CHECK_KEYS and body["ok"] is True
    return body


def test_audit_on_a_fresh_store(fresh: Store, freight: Any, tmp_path: Path) -> None:
    assert export_and_check(fresh, freight, tmp_path)["events"] == 0


def test_audit_on_a_store_in_use(served: Served, freight: Any, tmp_path: Path) -> None:
    assert export_and_check(served.store, freight, tmp_path)["events"] >= 2


def test_audit_export_reads_the_store_not_the_damaged_read_models(
    damaged: Store, freight: Any, tmp_path: Path
) -> None:
    assert export_and_check(damaged, freight, tmp_path)["events"] >= 150


def test_audit_check_of_a_damaged_file_names_the_line(fresh: Store, freight: Any, tmp_path: Path) -> None:
    export_and_check(fresh, freight, tmp_path)  # the seal line alone
    export = tmp_path / "history.jsonl"
    export.write_bytes(b'{"position": 1}\n\xff\xfe\n')
    result = freight(fresh, "audit", "check", str(export), "--json")
    body = result.json()
    assert result.code == 1 and set(body) == CHECK_KEYS and body["ok"] is False
    assert body["line"] == 1 and body["events"] is None
    export.write_bytes(b"\xff\xfe\n")
    assert freight(fresh, "audit", "check", str(export), "--json").json()["problem"] == "not UTF-8 text"


# -- seed-demo ---------------------------------------------------------------------------------------------


def test_seed_demo_on_a_fresh_store_leaves_everything_verified(fresh: Store, freight: Any) -> None:
    assert freight(fresh, "seed-demo", "--events", "120").code == 0
    body = freight(fresh, "verify", "--json", "--wait", "0").json()
    assert body["ok"] is True and body["head"] >= 120


def test_seed_demo_on_a_damaged_store_rebuilds_it(damaged: Store, freight: Any) -> None:
    assert freight(damaged, "seed-demo", "--events", "60").code == 0
    assert freight(damaged, "verify", "--json", "--wait", "0").json()["ok"] is True


# -- an unreachable store ----------------------------------------------------------------------------------

STORE_COMMANDS = [
    ("serve",),
    ("follow",),
    ("create-admin",),
    ("replay",),
    ("verify",),
    ("audit", "export"),
    ("seed-demo", "--events", "10"),
]


def test_every_store_command_refuses_an_unreachable_store(unreachable: Store, freight: Any) -> None:
    for args in STORE_COMMANDS:
        name = " ".join(a for a in args[:2] if not a.startswith("-") and not a.isdigit())
        line = freight(unreachable, *args).refused(name)
        assert ("cannot reach the database" if unreachable.kind == "postgres" else "cannot be used") in line
        assert "secret-pw" not in line
    body = freight(unreachable, "verify", "--json").json()
    assert set(body) == REFUSAL_KEYS and (body["ok"], body["exit_code"]) == (False, 2)


def test_a_store_that_is_there_but_unusable_is_refused(fresh: Store, freight: Any) -> None:
    """SQLite: an events file that is not a database. PostgreSQL: a database that does not exist."""
    if fresh.kind == "sqlite":
        Path(fresh.env["VAR_DIR"]).mkdir(parents=True)
        (Path(fresh.env["VAR_DIR"]) / "events.db").write_bytes(b"not sqlite at all" * 100)
        expected = "not a usable SQLite database"
    else:
        fresh.env["DATABASE_URL"] = fresh.env["DATABASE_URL"].rsplit("/", 1)[0] + "/no_such_database"
        expected = "does not exist"
    for args in (("verify",), ("replay",), ("create-admin",)):
        assert expected in freight(fresh, *args).refused(args[0])


def test_the_installed_entry_point_refuses_an_unreachable_store_in_one_line(
    unreachable: Store, tmp_path: Path
) -> None:
    ran = run_process(unreachable, "verify", "--json", cwd=tmp_path)
    ran.refused("verify")
    assert set(ran.json()) == REFUSAL_KEYS


def test_audit_check_needs_no_database(
    unreachable: Store, fresh: Store, freight: Any, tmp_path: Path
) -> None:
    export_and_check(fresh, freight, tmp_path)
    assert freight(unreachable, "audit", "check", str(tmp_path / "history.jsonl")).code == 0
    freight(unreachable, "audit", "check", str(tmp_path / "missing.jsonl")).refused("audit check")


# -- bench: never run here, only its refusals and its help -------------------------------------------------


def test_bench_refuses_bad_usage_in_one_json_object(freight: Any, tmp_path: Path) -> None:
    store = Store("sqlite", {"VAR_DIR": str(tmp_path / "var")})
    ran = freight(store, "bench", "--events", "10", "--json")
    ran.refused("bench")
    body = ran.json()
    assert set(body) == REFUSAL_KEYS and body["command"] == "bench" and body["exit_code"] == 2


def test_help_documents_the_exit_codes(tmp_path: Path) -> None:
    store = Store("sqlite", {"VAR_DIR": str(tmp_path / "var")})
    for args in [(), ("verify",)]:
        ran = run_process(store, *args, "--help", cwd=tmp_path)
        assert ran.code == 0
        for code in ("0", "1", "2"):
            assert f"\n  {code} " in ran.out
    assert "--json" in ran.out and "--wait SECONDS" in ran.out
