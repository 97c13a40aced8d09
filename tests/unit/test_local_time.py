"""The one time policy: a moment is written in the local time of its port, with the zone, from the
time-zone database; a moment with no place, or a port whose zone cannot be told, in UTC."""

from __future__ import annotations

from domain.booking.sailing_notices import _when
from domain.shared.local_time import port_zone, written_at, written_in


def test_a_departure_from_bandar_abbas_is_written_in_tehrans_time() -> None:
    assert written_at("2026-12-08T22:30:00Z", "IRBND") == "2026/12/09 02:00 local time (UTC+03:30)"
    assert _when("2026-12-08T22:30:00Z", "IRBND") == "2026/12/09 02:00 local time (UTC+03:30)"


def test_a_time_given_with_an_offset_keeps_its_moment() -> None:
    # A publisher at Hamburg writes 07:00+01:00: 07:00 there, never "07:00 UTC".
    assert written_at("2027-01-05T07:00:00+01:00", "DEHAM") == "2027/01/05 07:00 local time (UTC+01:00)"
    assert written_at("2027-01-05T07:00:00+01:00", "IRBND") == "2027/01/05 09:30 local time (UTC+03:30)"


def test_summer_time_and_the_ports_of_countries_with_several_zones() -> None:
    assert written_at("2027-07-05T07:00:00Z", "DEHAM") == "2027/07/05 09:00 local time (UTC+02:00)"
    assert written_at("2027-07-05T07:00:00Z", "USLAX") == "2027/07/05 00:00 local time (UTC-07:00)"
    assert written_at("2027-07-05T07:00:00Z", "USNYC") == "2027/07/05 03:00 local time (UTC-04:00)"
    assert port_zone("AUFRE") == "Australia/Perth" and port_zone("ESLPA") == "Atlantic/Canary"
    assert port_zone("CNNGB") == "Asia/Shanghai" and port_zone("GBFXT") == "Europe/London"


def test_a_port_time_names_no_other_city() -> None:
    # The zone database names a zone after one city: a Hamburg arrival is not at "Berlin", a Shenzhen
    # departure not at "Shanghai", a Jebel Ali cut-off not at "Dubai".
    for port, moment, written in (
        ("DEHAM", "2027-01-05T07:00:00Z", "2027/01/05 08:00 local time (UTC+01:00)"),
        ("CNSZX", "2027-01-05T07:00:00Z", "2027/01/05 15:00 local time (UTC+08:00)"),
        ("AEJEA", "2027-01-05T07:00:00Z", "2027/01/05 11:00 local time (UTC+04:00)"),
    ):
        assert written_at(moment, port) == written
        for city in ("Berlin", "Shanghai", "Dubai"):
            assert city not in written_at(moment, port)


def test_no_place_or_an_unknown_zone_is_utc() -> None:
    assert written_at("2027-01-05T07:00:00Z", None) == "2027/01/05 07:00 UTC"
    # A port of a country with several zones that the product does not list: not guessed.
    assert written_at("2027-01-05T07:00:00Z", "USZZZ") == "2027/01/05 07:00 UTC"
    assert written_in("2027-01-05T07:00:00+01:00", "UTC") == "2027/01/05 06:00 UTC"
