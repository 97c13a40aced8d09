"""Who is at the other end of the connection: the app decides, not the server that runs it.

`X-Forwarded-For` / `X-Forwarded-Proto` are believed only from a peer listed in `FORWARDED_ALLOW_IPS`
(addresses or networks, comma-separated; `*` any; empty, the default: nobody). The client is then the
right-most address of the chain that is not itself a listed proxy (a client can prepend anything, never
append), so a caller cannot name its own address past the per-address limits.

Servers are run with their own proxy handling off (`freight serve`, the compose command's
`--no-proxy-headers`). Should a server be started with it on anyway (uvicorn trusts loopback by default),
it hands the app a client it took from the headers, port 0, with the header still there: with no proxy
listed here that rewrite was never vouched for, so every such request counts as one unknown address
(limited together) rather than as whatever address it named.
"""

from __future__ import annotations

import ipaddress
import logging

from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)

UNVERIFIED = "forwarded-unverified"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    def __init__(self, setting: str) -> None:
        items = [item.strip() for item in setting.split(",") if item.strip()]
        self.anyone = "*" in items
        self.networks: list[Network] = []
        for item in items:
            if item != "*":
                self.networks.append(ipaddress.ip_network(item, strict=False))

    def __bool__(self) -> bool:
        return self.anyone or bool(self.networks)

    def __contains__(self, host: str) -> bool:
        if self.anyone:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client_of(self, chain: str) -> str | None:
        """The right-most address of an X-Forwarded-For chain that is not a trusted proxy."""
        hops = [hop.strip() for hop in chain.split(",") if hop.strip()]
        for hop in reversed(hops):
            if hop not in self:
                return hop
        return hops[0] if hops else None


class ForwardedHeaders:
    def __init__(self, app: ASGIApp, trusted: str) -> None:
        self.app = app
        self.trusted = TrustedProxies(trusted)
        self._warned = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            self._place(scope)
        await self.app(scope, receive, send)

    def _place(self, scope: Scope) -> None:
        chain, proto = "", ""
        for name, value in scope.get("headers", ()):
            if name == b"x-forwarded-for":
                chain = f"{chain}, {value.decode('latin-1')}" if chain else value.decode("latin-1")
            elif name == b"x-forwarded-proto":
                proto = value.decode("latin-1").strip().lower()
        client = scope.get("client")
        if not client or not (chain or proto):
            return
        host, port = client[0], client[1]
        if chain and port == 0 and not self.trusted:
            # The server already replaced the peer from the header, which nobody here vouched for.
            if not self._warned:
                self._warned = True
                log.warning("the server believes X-Forwarded-For itself; run it with proxy headers off")
            scope["client"] = (UNVERIFIED, 0)
            return
        if host not in self.trusted:
            return
        # A proxy that terminates TLS may say only how it was reached (X-Forwarded-Proto alone).
        forwarded = self.trusted.client_of(chain) if chain else None
        if forwarded:
            scope["client"] = (forwarded, 0)
        if proto in ("http", "https"):
            scope["scheme"] = proto
