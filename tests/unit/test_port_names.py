"""A message names a port as the lists and screens do, `Hamburg (DEHAM)`: a customer may not know the code."""

from __future__ import annotations

from domain.booking.reference import all_ports, port_named


def test_a_message_names_a_port_as_the_lists_do() -> None:
    ports = all_ports()
    # Every port of the reference files, the seed list's and the UN/LOCODE release's, aliases leading.
    assert all(port_named(p.code) == f"{p.name} ({p.code})" for p in ports)
    assert port_named("DEHAM") == "Hamburg (DEHAM)"
    assert port_named(" irzbr ") == "Chabahar / Chah Bahar (IRZBR)"
    # A port the files lack (one staff added) reads by its code; no port reads as nothing.
    assert port_named("XXZZZ") == "XXZZZ" and port_named(None) == "" and port_named("") == ""
