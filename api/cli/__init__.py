"""The `freight` command: serve, follow, create-admin, replay, verify, audit, seed-demo, bench.

One module per subcommand (or pair); `app.main` parses, runs and turns every outcome into an exit code
(`outcome.EXIT_CODES`) and, on a refusal, one clear line instead of a traceback.
"""

from api.cli.app import main

__all__ = ["main"]
