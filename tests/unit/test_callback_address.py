"""Reading a callback host as resolvers do, and judging the address after unwrapping its IPv6 forms."""

from __future__ import annotations

import ipaddress
import stat
from pathlib import Path

import pytest

from domain.integrations.callback_address import is_public, literal_address, unwrapped
from infrastructure.secret_box import SecretBox, box_key


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("127.1", "127.0.0.1"),
        ("127.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("0x7f.0x0.0x0.0x1", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),
        ("0", "0.0.0.0"),
        ("127.0.0.1.", "127.0.0.1"),
        ("[::127.0.0.1]", "::7f00:1"),
        ("[::FFFF:127.0.0.1]", "::ffff:7f00:1"),
        ("169.254.169.254", "169.254.169.254"),
    ],
)
def test_numeric_spellings_are_read_as_the_address_they_name(host: str, address: str) -> None:
    assert literal_address(host) == ipaddress.ip_address(address)


@pytest.mark.parametrize("host", ["hooks.example.com", "1.2.3.256", "08.0.0.1", "0x", "example"])
def test_names_and_impossible_numbers_are_no_address(host: str) -> None:
    found = literal_address(host)
    assert found is None or str(found) == "0.0.0.0"


@pytest.mark.parametrize(
    ("address", "inner"),
    [
        ("::ffff:127.0.0.1", "127.0.0.1"),
        ("::127.0.0.1", "127.0.0.1"),
        ("64:ff9b::a9fe:a9fe", "169.254.169.254"),
        ("2002:a00:1::1", "10.0.0.1"),
        ("2606:4700::1111", "2606:4700::1111"),
    ],
)
def test_ipv6_forms_carrying_ipv4_are_unwrapped(address: str, inner: str) -> None:
    assert unwrapped(ipaddress.ip_address(address)) == ipaddress.ip_address(inner)


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("93.184.216.34", True),
        ("2606:4700::1111", True),
        ("64:ff9b::5db8:d822", True),  # NAT64 of a public address
        ("100.64.0.1", False),
        ("100.127.255.254", False),
        ("64:ff9b:1::1", False),
        ("2001::1", False),  # Teredo
        ("ff02::1", False),
        ("::", False),
    ],
)
def test_only_globally_routable_unicast_is_public(address: str, public: bool) -> None:
    assert is_public(ipaddress.ip_address(address)) is public


def test_sealed_secrets_open_only_with_their_key(tmp_path: Path) -> None:
    key = box_key(None, tmp_path)
    assert stat.S_IMODE((tmp_path / "webhook-secrets-key").stat().st_mode) == 0o600
    assert box_key(None, tmp_path) == key  # made once, then read
    box = SecretBox(key)
    sealed = box.seal("whsec_c2VjcmV0")
    assert "c2VjcmV0" not in sealed and box.open(sealed) == "whsec_c2VjcmV0"
    assert box.seal("whsec_c2VjcmV0") != sealed  # a fresh nonce each time
    with pytest.raises(Exception):  # noqa: B017 - the library's InvalidTag
        SecretBox(box_key(None, tmp_path / "other")).open(sealed)
