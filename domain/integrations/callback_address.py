"""Which addresses a webhook may be sent to: globally routable ones only (no network is used here).

An address is judged after unwrapping the IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`,
IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), so `[::ffff:127.0.0.1]` is loopback.
A host written as a number in any of the spellings resolvers accept (`127.1`, `2130706433`, `0x7f000001`,
`0177.0.0.1`, `0`) is read as the address it names, and names that only mean something inside a network
(`localhost`, `*.local`, `*.internal`, single labels) are refused without asking DNS.
"""

from __future__ import annotations

import ipaddress
import re

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_COMPATIBLE = ipaddress.ip_network("::/96")
_INTERNAL_SUFFIXES = (".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan", ".intranet")
_INTERNAL_NAMES = ("localhost", "localhost.localdomain", "broadcasthost")
_NUMBER = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")


def unwrapped(address: IPAddress) -> IPAddress:
    """The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), else the address."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return address.ipv4_mapped
        if address.sixtofour is not None:
            return address.sixtofour
        if address in _NAT64 or address in _COMPATIBLE:
            return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return address


def is_public(address: IPAddress) -> bool:
    """Globally routable, unicast, after unwrapping (`ipaddress`'s `is_global` refuses 100.64.0.0/10 too)."""
    if isinstance(address, ipaddress.IPv6Address) and (
        address in _NAT64_LOCAL or address.teredo is not None or address.scope_id
    ):
        return False
    inner = unwrapped(address)
    return bool(
        inner.is_global and not inner.is_multicast and not inner.is_reserved and not inner.is_unspecified
    )


def _number(part: str) -> int | None:
    """One part of an IPv4 number as inet_aton reads it: 0x hex, leading-0 octal, else decimal."""
    text = part.lower()
    if not _NUMBER.match(text):
        return None
    try:
        if text.startswith("0x"):
            return int(text[2:] or "0", 16)
        if len(text) > 1 and text.startswith("0"):
            return int(text, 8)
        return int(text)
    except ValueError:
        return None


def _ipv4_spelling(host: str) -> ipaddress.IPv4Address | None:
    """`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`, `0`: the address inet_aton would read, or None."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    numbers = [_number(part) for part in parts]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    *leading, last = values
    if any(n > 255 for n in leading) or last >= 256 ** (5 - len(values)):
        return None
    value = last
    for index, n in enumerate(leading):
        value += n << (8 * (3 - index))
    return ipaddress.IPv4Address(value)


def literal_address(host: str) -> IPAddress | None:
    """The address a URL's host names literally (any spelling), or None for a name."""
    text = host.strip().lower().rstrip(".")
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        pass
    return _ipv4_spelling(text)


def looks_numeric(host: str) -> bool:
    """A host whose last label is a number is an address (WHATWG URL), even when no resolver can read it."""
    last = host.strip().lower().rstrip(".").rsplit(".", 1)[-1]
    return bool(_NUMBER.match(last)) or ":" in host


def internal_name(host: str) -> bool:
    """A name that can only mean a machine inside a network (no DNS asked)."""
    text = host.strip().lower().rstrip(".")
    return text in _INTERNAL_NAMES or text.endswith(_INTERNAL_SUFFIXES) or "." not in text
