"""`freight create-admin`: a staff account, idempotently (an existing name is left as it is).

The password comes from ADMIN_PASSWORD or a prompt on a terminal; it is never printed or logged.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from api.cli.commands import command
from api.cli.environment import check_store, load_settings
from api.cli.outcome import CLEAN, FOUND, Console, Refusal


def _admin_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--username", default=None, help="default: ADMIN_USERNAME (admin)")
    parser.add_argument("--role", choices=["admin", "auditor"], default="admin")


def _ask(prompt: str, secret: bool) -> str:
    if not sys.stdin.isatty():
        what = "ADMIN_PASSWORD" if secret else "--username (or ADMIN_USERNAME)"
        raise Refusal(f"no {'password' if secret else 'username'}: set {what}; there is no terminal to ask")
    return (getpass.getpass(prompt) if secret else input(prompt)).strip()


def _meets_password_rule(password: str) -> bool:
    """The portal's own rule (the one a customer's new password meets)."""
    from domain.accounts.forms import new_password
    from domain.shared.errors import ValidationFailed

    try:
        new_password(password, password)
    except ValidationFailed:
        return False
    return True


@command(
    "create-admin",
    "create a staff account (password from ADMIN_PASSWORD or a prompt); an existing name is left as it is",
    _admin_arguments,
)
def create_admin(args: argparse.Namespace, console: Console) -> int:
    from domain.accounts.account import Account, account_id
    from domain.accounts.application import AccountsApplication
    from domain.accounts.passwords import Passwords
    from domain.shared.actor import SYSTEM_ACTOR
    from domain.shared.errors import AlreadyExists
    from infrastructure.event_store import SharedStore

    settings = load_settings()
    username = (args.username or settings.ADMIN_USERNAME or "").strip() or _ask("Username: ", secret=False)
    check_store(settings)
    store = SharedStore(settings.event_store_env())
    try:
        accounts = AccountsApplication(store, passwords=Passwords(settings.password_hash_cost()))
        if not accounts.exists(account_id(username)):
            password = settings.ADMIN_PASSWORD or _ask("Password: ", secret=True)
            if not _meets_password_rule(password):
                raise Refusal(
                    "the password does not meet the rule: 8 to 128 characters with an uppercase letter"
                    " and a number"
                )
            try:
                accounts.create_staff(username, password, [args.role], SYSTEM_ACTOR)
            except AlreadyExists:
                pass  # created meanwhile by another process: reported below like any existing name
            else:
                console.say(
                    f"created {args.role} {username}; a running server shows it at once,"
                    " a stopped one once it starts (or after `freight replay`)"
                )
                return CLEAN
        existing: object = accounts.repository.get(account_id(username))
        roles = list(existing.roles) if isinstance(existing, Account) else []
    finally:
        store.close()
    if args.role in roles:
        console.say(f"{username} exists already ({', '.join(roles)}); nothing changed")
        return CLEAN
    console.warn(
        f"{username} exists already, but not as {args.role} ({', '.join(roles) or 'a customer account'});"
        " nothing changed"
    )
    return FOUND
