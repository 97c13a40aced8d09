"""`freight dead-letters`: the events a follower parked (followers/dead_letters.py), and what to do with
them: `list`, `explain POSITION`, `retry [POSITION ...]` (after a fix; applies them with the follower's own
code) and `skip POSITION --reason TEXT` (recorded)."""

from __future__ import annotations

import argparse
from typing import Any

from api.cli.commands import command
from api.cli.environment import REBUILDING, check_store, holding, load_settings
from api.cli.outcome import CLEAN, FOUND, Console, Refusal, Result
from api.presenters.dead_letters import summary


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("list", "explain", "retry", "skip"))
    parser.add_argument("positions", nargs="*", type=int, metavar="POSITION", help="store positions")
    parser.add_argument("--follower", help="only this follower's (read_models, a policy's name)")
    parser.add_argument("--reason", help="why it is skipped (required by skip)")
    parser.add_argument("--all", action="store_true", help="list retried and skipped ones too")


@command(
    "dead-letters",
    "events a follower could not apply and parked: list, explain POSITION, retry [POSITION ...],"
    " skip POSITION --reason TEXT",
    _arguments,
    json=True,
)
def dead_letters_command(args: argparse.Namespace, console: Console) -> Result:
    settings = load_settings()
    check_store(settings)
    if args.action == "skip" and not (args.reason or "").strip():
        raise Refusal("skip needs --reason TEXT (it is recorded with the event)")
    if args.action in ("explain", "skip") and not args.positions:
        raise Refusal(f"{args.action} needs the POSITION of a parked event")
    with holding(settings, exclusive=False, busy=REBUILDING):
        if args.action == "retry":
            return _retry(settings, args, console)
        return _read_or_skip(settings, args, console)


def _read_or_skip(settings: Any, args: argparse.Namespace, console: Console) -> Result:
    from api.bootstrap import open_read_models
    from followers import dead_letters

    db = open_read_models(settings)
    try:
        with db.read() as tx:
            state = None if args.all or args.action == "explain" else dead_letters.PARKED
            found = dead_letters.letters(tx, state, args.follower)
        if args.positions:
            found = [letter for letter in found if letter.position in set(args.positions)]
        if args.action == "list":
            for letter in found:
                console.say(
                    f"{letter.position} {letter.follower} {letter.state} {letter.topic} aggregate"
                    f" {letter.aggregate_id} tries {letter.attempts}"
                    f" ({letter.first_try} .. {letter.last_try}): {letter.error}"
                    + (f" [{letter.reason}]" if letter.reason else "")
                )
            parked = [letter for letter in found if letter.state == dead_letters.PARKED]
            if not found:
                console.say("no parked events")
            return Result(FOUND if parked else CLEAN, {"dead_letters": [summary(x) for x in found]})
        if not found:
            raise Refusal(f"no dead letter at position {', '.join(map(str, args.positions))}", FOUND)
        if args.action == "explain":
            for letter in found:
                console.say(f"{letter.follower} parked the event at position {letter.position}")
                console.say(f"  event {letter.event_id} ({letter.topic}), aggregate {letter.aggregate_id}")
                console.say(
                    f"  state {letter.state}, {letter.attempts} tries,"
                    f" {letter.first_try} .. {letter.last_try}"
                )
                console.say(f"  error: {letter.error}")
                console.say(letter.detail)
            return Result(CLEAN, {"dead_letters": [{**summary(x), "detail": x.detail} for x in found]})
        skipped = []
        with db.transaction() as tx:
            for letter in found:
                if dead_letters.settle(
                    tx, letter.follower, letter.position, dead_letters.SKIPPED, args.reason
                ):
                    skipped.append(summary(letter))
                    console.say(f"skipped {letter.position} for {letter.follower}: {args.reason}")
        return Result(CLEAN, {"skipped": skipped})
    finally:
        db.close()


def _retry(settings: Any, args: argparse.Namespace, console: Console) -> Result:
    from api.bootstrap import Services
    from followers import dead_letters
    from projections.registry import READ_MODELS

    services = Services(settings)  # built, not started: its followers' apply functions, nothing running
    try:
        with services.read_models.read() as tx:
            parked = dead_letters.letters(tx, dead_letters.PARKED, args.follower)
        if args.positions:
            parked = [letter for letter in parked if letter.position in set(args.positions)]
        followers = {follower.name: follower for follower in services.followers}
        applied, failed = [], []
        for letter in parked:
            follower = followers.get(letter.follower)
            if follower is None:
                failed.append({**summary(letter), "error": "no such follower in this version"})
                continue
            error = dead_letters.retry(
                services.store,
                services.read_models,
                letter.follower,
                follower.apply,
                letter.position,
                with_tail=letter.follower == READ_MODELS,
            )
            if error is None:
                applied.append(summary(letter))
                console.say(f"applied {letter.position} for {letter.follower}")
            else:
                failed.append({**summary(letter), "error": error})
                console.warn(f"{letter.position} for {letter.follower} failed again: {error}")
        if not parked:
            console.say("no parked events to retry")
        return Result(FOUND if failed else CLEAN, {"applied": applied, "failed": failed})
    finally:
        services.stop()
