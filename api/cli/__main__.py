"""`python -m api.cli ...` is `freight ...`."""

from api.cli.app import main

raise SystemExit(main())
