"""Staff and auditors find a customer in either script: a Persian name by its Latin spelling, a Latin name by
its Persian spelling (by the sound of its consonants); within one script the letters decide as before."""

from __future__ import annotations

from fastapi.testclient import TestClient

from projections.people_search import sound_key, words
from tests.api import booking_support as booking
from tests.api.booking_support import CLIENT
from tests.api.test_audit_people_and_publishers import found, staff_found
from tests.app_services import services_of
from tests.corpus import PERSIAN_PEOPLE, TEAM_COMPANY, ZAHRA_HOSSEINI


def booked(client: TestClient, admin: dict[str, str], username: str, profile: dict[str, str]) -> str:
    headers = booking.customer(client, username, profile)
    rid = booking.quoted(client, headers, admin)
    return str(booking.ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["reference"])


def test_a_persian_name_is_found_by_its_latin_spelling_and_a_latin_name_by_its_persian_one(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    (sara_first, sara_last), (ali_first, ali_last) = PERSIAN_PEOPLE[0], PERSIAN_PEOPLE[1]
    sara = booked(client, admin_headers, "search-sara", {"firstName": sara_first, "lastName": sara_last})
    ali = booked(client, admin_headers, "search-ali", {"firstName": ali_first, "lastName": ali_last})
    pars = booked(client, admin_headers, "search-pars", {"name": TEAM_COMPANY})
    services_of(client).settle_all()

    for query in ("Sara Rahimi", "rahimi", "Rahim", "SARA"):
        assert staff_found(client, admin_headers, query) == [sara], query
        assert found(client, admin_headers, query) == [sara], query
    assert staff_found(client, admin_headers, "Ali Karimi") == [ali]
    # A Latin name by its Persian spelling: Pars Export Co. as پارس اکسپورت.
    assert staff_found(client, admin_headers, "پارس") == [pars]
    assert found(client, admin_headers, "پارس اکسپورت") == [pars]
    # Within one script, as before: her Persian name by its letters, and no one else's name by sound alone.
    assert staff_found(client, admin_headers, sara_last) == [sara]
    assert staff_found(client, admin_headers, "کریمی") == [ali]
    assert staff_found(client, admin_headers, "Karimi Rahimi") == []


def test_the_sound_keys_of_the_corpus_names_agree_across_scripts() -> None:
    (first, last), latin = ZAHRA_HOSSEINI
    assert [sound_key(w) for w in words(f"{first} {last}")] == [sound_key(w) for w in words(latin)]
    assert sound_key("rahimi") == sound_key(words(PERSIAN_PEOPLE[0][1])[0]) == "rm"
    assert sound_key("karimi") != sound_key("rahimi")
