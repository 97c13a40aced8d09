"""A customer's stored details (a sign-up's, or a profile's) as the specification's views show them: staff's
view of a registration request and the customer's own profile."""

from __future__ import annotations

from typing import Any

# Every customer type's contact fields (`domain.accounts.forms.ContactForm`), by wire key.
CONTACT_KEYS = ("phone", "email", "address", "fax", "postalCode")


def contact(details: dict[str, Any]) -> dict[str, Any]:
    """The contact fields, "" where none was given."""
    return {key: details.get(key, "") for key in CONTACT_KEYS}


def person(details: dict[str, Any]) -> dict[str, Any]:
    """An individual's name and birth date; the specification's views spell `firstname` and `lastname`."""
    return {
        "firstname": details.get("firstName", ""),
        "lastname": details.get("lastName", ""),
        "birthDate": details.get("birthDate", ""),
    }
