"""A stop signal ends `freight serve` within 10 s whatever it is doing: here, in the middle of a request whose
client sends half a body and waits (a request that would otherwise hold the stop forever), in one process
and under the supervisor with workers and the followers' process."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.api.test_serve_topology import serve_process
from tests.live_server import wait_until_healthy
from tests.pg import free_port


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_mid_request_ends_the_server_within_ten_seconds(tmp_path: Path, workers: int) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    process = serve_process(tmp_path / "var", port, log, "--workers", str(workers))
    client = None
    try:
        wait_until_healthy(f"http://127.0.0.1:{port}", process, log)
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(
            b"POST /auth/api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100000\r\n\r\n{"username": '
        )
        # The request is in the server's hands once the worker waits for the rest of the body.
        client.settimeout(0.5)
        with pytest.raises(TimeoutError):
            client.recv(1)
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running 30 s after SIGTERM: {log.read_text(errors='replace')[-2000:]}")
        took = time.monotonic() - started
        assert took < 10, f"stopped after {took:.1f} s"
        assert code == 0, log.read_text(errors="replace")[-2000:]
    finally:
        if client is not None:
            client.close()
        if process.poll() is None:
            process.kill()
            process.wait()
