"""A throwaway PostgreSQL 15 cluster on a free loopback port, for tests and benchmarks; and a streaming hot
standby of one (`throwaway_standby`)."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PGBIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_postgres(args: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server binaries as the `postgres` user.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def _binary(name: str) -> str:
    path = PGBIN / name
    return str(path) if path.exists() else (shutil.which(name) or name)


class Cluster:
    def __init__(self, port: int, directory: Path, options: str = "") -> None:
        self.port = port
        self.directory = directory
        self.options = options

    def stop(self) -> None:
        """Stop the server as an outage would (`fast`: open sessions are cut off)."""
        subprocess.run(
            _as_postgres([_binary("pg_ctl"), "-D", str(self.directory / "data"), "-m", "fast", "-w", "stop"]),
            check=True,
            capture_output=True,
        )

    def start(self) -> None:
        subprocess.run(
            _as_postgres(
                [
                    _binary("pg_ctl"),
                    "-D",
                    str(self.directory / "data"),
                    "-l",
                    str(self.directory / "log"),
                    "-w",
                    "-o",
                    self.options,
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join((self.directory / "log").read_text(errors="replace").splitlines()[-lines:])
        except OSError as error:
            return f"no log: {error}"

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres:postgres@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, prefix: str = "t", template: str | None = None) -> str:
        """A new database (its URL): empty, or a copy of the database `template` names."""
        import psycopg

        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        statement = f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")
        for attempt in range(50):
            try:
                with psycopg.connect(self.url(), autocommit=True) as conn:
                    conn.execute(statement)
                break
            except psycopg.errors.ObjectInUse:
                # A copy needs the template idle: a session that was just closed may still be leaving.
                if attempt == 49:
                    raise
                time.sleep(0.1)
        return self.url(name)


def _started(directory: Path, durable: bool, extra: str = "") -> Cluster:
    # A free port may be taken by another process (a parallel test worker starting its own cluster) between
    # the probe and the server's bind: the start then fails, and another free port is tried.
    for attempt in range(5):
        port = free_port()
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {directory} -c max_connections=300"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        cluster = Cluster(port, directory, f"{options} {extra}".strip())
        try:
            cluster.start()
            return cluster
        except subprocess.CalledProcessError:
            if attempt == 4:
                raise
    raise AssertionError("unreachable")


@contextmanager
def throwaway_cluster(durable: bool = False, options: str = "") -> Iterator[Cluster]:
    """Start a cluster; `durable=False` turns fsync off (tests only, never benchmarks); `options`: more
    server settings (`-c name=value ...`)."""
    directory = Path(tempfile.mkdtemp(prefix="freight-pg-"))
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(directory, entry.pw_uid, entry.pw_gid)
    data = directory / "data"
    subprocess.run(
        _as_postgres(
            [
                _binary("initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
                "--no-sync",
            ]
        ),
        check=True,
        capture_output=True,
    )
    cluster = _started(directory, durable, options)
    try:
        yield cluster
    finally:
        subprocess.run(
            _as_postgres([_binary("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(directory, ignore_errors=True)


def _owned_directory(prefix: str) -> Path:
    directory = Path(tempfile.mkdtemp(prefix=prefix))
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(directory, entry.pw_uid, entry.pw_gid)
    return directory


@contextmanager
def throwaway_standby(primary: Cluster) -> Iterator[Cluster]:
    """A hot standby of `primary` streaming its WAL (`pg_basebackup -R`: PostgreSQL's own replication), on a
    free loopback port of its own. Databases created on the primary appear on it (same names)."""
    directory = _owned_directory("freight-pg-standby-")
    data = directory / "data"
    subprocess.run(
        _as_postgres(
            [
                _binary("pg_basebackup"),
                "-D",
                str(data),
                "-h",
                "127.0.0.1",
                "-p",
                str(primary.port),
                "-U",
                "postgres",
                "-R",
                "-X",
                "stream",
                "--checkpoint=fast",
                "--no-sync",
            ]
        ),
        check=True,
        capture_output=True,
    )
    port = free_port()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {directory} -c max_connections=300"
    standby = Cluster(port, directory, options)
    standby.start()
    try:
        yield standby
    finally:
        subprocess.run(
            _as_postgres([_binary("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(directory, ignore_errors=True)
