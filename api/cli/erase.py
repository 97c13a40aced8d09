"""`freight erase ACCOUNT_ID --reason TEXT`: erase a customer's personal data (api/erasure.py).

Works with the server running or stopped: the read models are rewritten as a replay would build them up to
where they are, and a running server's followers apply the erasure's own events as any other."""

from __future__ import annotations

import argparse

from api.cli.commands import command
from api.cli.environment import check_store, load_settings
from api.cli.outcome import BUG, CLEAN, Console, Refusal


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("account_id", help="the customer's account id")
    parser.add_argument("--reason", required=True, help="why (kept in the history, shown to auditors)")


@command(
    "erase", "erase a customer's personal data for good (their keys are destroyed); facts stay", _arguments
)
def erase(args: argparse.Namespace, console: Console) -> int:
    from api.bootstrap import open_read_models
    from api.erasure import Erasure, erase_customer
    from domain.accounts.application import AccountsApplication
    from domain.integrations.application import IntegrationsApplication
    from domain.shared.actor import SYSTEM_ACTOR
    from domain.shared.errors import Conflict, NotFound, ValidationFailed
    from infrastructure.event_store import SharedStore
    from infrastructure.secret_box import SecretBox, box_key

    settings = load_settings()
    check_store(settings)
    store = SharedStore(settings.event_store_env())
    live = open_read_models(settings)
    try:
        box = SecretBox(box_key(settings.WEBHOOK_SECRETS_KEY, settings.VAR_DIR))
        erasure = Erasure(
            settings, store, AccountsApplication(store), IntegrationsApplication(store, box), live
        )
        try:
            erased = erase_customer(erasure, args.account_id, args.reason, SYSTEM_ACTOR)
        except NotFound:
            raise Refusal(f"no customer account {args.account_id}") from None
        except Conflict:
            raise Refusal(f"the personal data of {args.account_id} was erased already") from None
        except ValidationFailed as error:
            raise Refusal(str(error)) from None
    finally:
        live.close()
        store.close()
    console.say(
        f"erased {erased.account_id}: {erased.keys_destroyed} keys destroyed,"
        f" {erased.rows_rewritten} read-model rows rewritten (erasure at position {erased.position})"
    )
    return CLEAN


@command(
    "seal-personal-data",
    "seal the personal fields of a store written before they were sealed (the server must be stopped)",
)
def seal_personal_data(_: argparse.Namespace, console: Console) -> int:
    from api.cli.environment import IN_USE, holding
    from api.cli.progress import Meter
    from infrastructure.event_store import SharedStore
    from infrastructure.personal_data_rewrite import RewriteDiffers, seal_store

    settings = load_settings()
    check_store(settings)
    with holding(settings, exclusive=True, busy=IN_USE):
        store = SharedStore(settings.event_store_env())
        meter = Meter("seal-personal-data")
        try:
            stats = seal_store(store, progress=meter)
        except RewriteDiffers as error:
            raise Refusal(f"nothing of the failing batch was written: {error}", code=BUG) from None
        finally:
            meter.finish()
            store.close()
    console.say(
        f"sealed {stats.rewritten} of {stats.events} events in {stats.seconds:.2f}s; positions unchanged"
        " (run `freight audit export` and `audit check`, then `freight verify`)"
    )
    return CLEAN
