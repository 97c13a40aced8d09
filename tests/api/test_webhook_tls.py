"""HTTPS callbacks: the connection goes to the address checked, while TLS still names the host (SNI) and the
certificate is verified against that name, not against the address."""

from __future__ import annotations

import datetime as dt
import json
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from infrastructure.webhook_delivery import post_notification
from tests.api.webhook_guard_support import PUBLIC, Connections, StandInDns

SECRET = "whsec_" + "B" * 43 + "="


def _certificate(tmp_path: Path, name: str) -> tuple[Path, Path, Path]:
    """A CA of the test's own and a server certificate for `name` signed by it (CA file, cert, key)."""
    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "test webhook CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = tmp_path / f"ca-{name}.pem", tmp_path / f"{name}.pem", tmp_path / f"{name}.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return paths


class TlsReceiver:
    def __init__(self, cert: Path, key: Path) -> None:
        self.server_names: list[str | None] = []
        self.hosts: list[str] = []
        self.bodies: list[bytes] = []
        received = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                received.hosts.append(self.headers["host"])
                received.bodies.append(self.rfile.read(int(self.headers.get("content-length", "0"))))
                self.send_response(204)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *_: Any) -> None:
                pass

        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        context.sni_callback = lambda _socket, name, _context: self.server_names.append(name)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = int(self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def tls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TlsReceiver, Path]]:
    ca, cert, key = _certificate(tmp_path, "hooks.example.com")
    monkeypatch.setenv("SSL_CERT_FILE", str(ca))  # the sender's default context trusts the test's CA
    receiver = TlsReceiver(cert, key)
    try:
        yield receiver, tmp_path
    finally:
        receiver.close()


def _post(url: str, connections: Connections) -> Any:
    body = json.dumps({"id": "n1"}).encode()
    return post_notification(url, body, [SECRET], "n1", 1_700_000_000, False, StandInDns(), connections)


def test_tls_names_the_host_while_connecting_to_the_checked_address(tls: tuple[TlsReceiver, Path]) -> None:
    receiver, _ = tls
    connections = Connections(internet_port=receiver.port)
    attempt = _post("https://hooks.example.com/in", connections)
    assert attempt.delivered, attempt.error
    assert connections.asked == [(PUBLIC, 443)]
    assert receiver.server_names == ["hooks.example.com"]
    assert receiver.hosts == ["hooks.example.com"]


def test_a_certificate_for_another_name_is_refused(tls: tuple[TlsReceiver, Path]) -> None:
    receiver, _ = tls
    dns = {"other.example.com": [PUBLIC]}
    connections = Connections(internet_port=receiver.port)
    body = json.dumps({"id": "n1"}).encode()
    attempt = post_notification(
        "https://other.example.com/in", body, [SECRET], "n1", 1, False, StandInDns(dns), connections
    )
    assert not attempt.delivered and "CERTIFICATE_VERIFY_FAILED" in (attempt.error or "")
    assert receiver.bodies == []
