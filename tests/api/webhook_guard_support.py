"""The callback-URL corpus, a stand-in DNS, a loopback listener that counts connections, and a connector that
never leaves the machine: what the webhook address tests share."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

from infrastructure.webhook_delivery import resolve

PUBLIC = "93.184.216.34"  # a globally routable address; the tests never connect to it (see `Connections`)

# URLs that name this machine, its network, or a place no webhook may go, in the spellings attackers use.
# `{port}` is the loopback listener's port, so a sender that let one through would be seen connecting.
NOT_PUBLIC = [
    "http://127.0.0.1:{port}/hooks",
    "http://127.1:{port}/hooks",
    "http://127.0.1:{port}/hooks",
    "http://2130706433:{port}/hooks",
    "http://0x7f000001:{port}/hooks",
    "http://0x7f.0x0.0x0.0x1:{port}/hooks",
    "http://0177.0.0.1:{port}/hooks",
    "http://017700000001:{port}/hooks",
    "http://127.000.000.001:{port}/hooks",
    "http://127.0.0.1.:{port}/hooks",
    "http://0:{port}/hooks",
    "http://0.0.0.0:{port}/hooks",
    "https://127.0.0.1:{port}/hooks",
    "http://localhost:{port}/hooks",
    "http://localhost.:{port}/hooks",
    "http://LocalHost:{port}/hooks",
    "http://hooks.localhost:{port}/hooks",
    "http://vm:{port}/hooks",  # a name from /etc/hosts
    "http://runsc:{port}/hooks",  # another
    "http://intranet:{port}/hooks",
    "http://printer.local:{port}/hooks",
    "http://metadata.google.internal:{port}/hooks",
    "http://[::1]:{port}/hooks",
    "http://[0:0:0:0:0:0:0:1]:{port}/hooks",
    "http://[::]:{port}/hooks",
    "http://[::127.0.0.1]:{port}/hooks",
    "http://[::ffff:127.0.0.1]:{port}/hooks",
    "http://[::ffff:7f00:1]:{port}/hooks",
    "http://[64:ff9b::7f00:1]:{port}/hooks",
    "http://[64:ff9b::a9fe:a9fe]:{port}/hooks",
    "http://[2002:7f00:1::1]:{port}/hooks",  # 6to4 of 127.0.0.1
    "http://[2002:a9fe:a9fe::1]:{port}/hooks",  # 6to4 of the metadata address
    "http://[fe80::1]:{port}/hooks",
    "http://[fc00::1]:{port}/hooks",
    "http://10.0.0.1:{port}/hooks",
    "http://172.16.0.1:{port}/hooks",
    "http://192.168.1.1:{port}/hooks",
    "http://100.64.0.1:{port}/hooks",  # shared address space (carrier-grade NAT)
    "http://100.100.100.200:{port}/hooks",  # a cloud's metadata address, in 100.64/10
    "http://169.254.169.254:{port}/hooks",
    "http://169.254.169.254.nip.io:{port}/hooks",  # a public name that resolves to the metadata address
    "http://loopback.example.org:{port}/hooks",  # a public name that resolves to loopback
    "http://mapped.example.org:{port}/hooks",  # ... to an IPv4-mapped loopback
    "http://split.example.org:{port}/hooks",  # ... to a public address and a private one
    "http://224.0.0.1:{port}/hooks",
    "http://255.255.255.255:{port}/hooks",
    "http://192.0.2.10:{port}/hooks",  # documentation range
    "http://198.18.0.1:{port}/hooks",  # benchmarking range
    "http://240.0.0.1:{port}/hooks",  # reserved
]

# The stand-in DNS: what a public resolver would answer for these names (everything else: the real one).
DNS = {
    "hooks.example.com": [PUBLIC],
    "rebind.example.net": [PUBLIC],
    "169.254.169.254.nip.io": ["169.254.169.254"],
    "loopback.example.org": ["127.0.0.1"],
    "mapped.example.org": ["::ffff:127.0.0.1"],
    "split.example.org": [PUBLIC, "10.0.0.7"],
}


@dataclass
class StandInDns:
    answers: dict[str, list[str]] = field(default_factory=lambda: dict(DNS))
    asked: list[str] = field(default_factory=list)

    def __call__(self, host: str, port: int) -> list[str]:
        self.asked.append(host)
        name = host.lower().rstrip(".")
        if name in self.answers:
            return list(self.answers[name])
        return resolve(host, port)


@dataclass
class Listener:
    """A loopback TCP listener (IPv4 and, where it can, IPv6 on the same port) counting the connections."""

    port: int
    accepted: list[str] = field(default_factory=list)


def listener() -> Iterator[Listener]:
    sockets = [socket.create_server(("127.0.0.1", 0))]
    found = Listener(sockets[0].getsockname()[1])
    # Where there is no IPv6 loopback, the IPv4 listener still sees every connection to 127/8.
    with contextlib.suppress(OSError):
        sockets.append(socket.create_server(("::1", found.port), family=socket.AF_INET6))
    stopping = threading.Event()

    def accept(server: socket.socket) -> None:
        server.settimeout(0.2)
        while not stopping.is_set():
            try:
                connection, address = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            found.accepted.append(str(address[0]))
            connection.close()

    threads = [threading.Thread(target=accept, args=(s,), daemon=True) for s in sockets]
    for thread in threads:
        thread.start()
    try:
        yield found
    finally:
        stopping.set()
        for thread in threads:
            thread.join()
        for server in sockets:
            server.close()


@dataclass
class Connections:
    """The sender's connector in these tests: it records every address it is asked to connect to, and never
    opens a connection off this machine. A public address is sent to `internet_port` on loopback (a receiver
    standing in for the integrator's server); a loopback address really connects (so the listener sees it);
    anything else fails as unreachable."""

    internet_port: int | None = None
    asked: list[tuple[str, int]] = field(default_factory=list)

    def __call__(self, address: str, port: int, timeout: float) -> socket.socket:
        self.asked.append((address, port))
        ip = ipaddress.ip_address(address)
        if ip.is_loopback:
            return socket.create_connection((address, port), timeout=timeout)
        if self.internet_port is not None and ip.is_global:
            return socket.create_connection(("127.0.0.1", self.internet_port), timeout=timeout)
        raise OSError(f"test connector: {address} is not reachable from a test")
