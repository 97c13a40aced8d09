# Two commands on a fresh machine: `make run` and `make test`. Everything else is set up by them.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Debian's old headless shell: the same Blink and V8 without the full browser's UI layer, about a fifth less
# CPU in the browser tests (decision 3802).
CHROMIUM ?= /usr/bin/chromium-headless-shell
# Compiled modules are kept: an environment's PYTHONDONTWRITEBYTECODE would have every server, worker,
# rebuild helper and command that `make run`, `make test` and `make bench` start compile the app again.
export PYTHONDONTWRITEBYTECODE :=

.PHONY: run test setup python web chromium lint lint-python lint-web typecheck typecheck-python typecheck-web test-python test-web test-e2e compose-check bench openapi dcsa-models clean

run: setup web
	$(BIN)/freight serve

# The Python and web installs, the static checks, the web's build and its tests, three at a time: each starts
# as soon as what it needs is installed (the web's checks while pip is still at work), and each is mostly one
# core's work, so on two cores they overlap. Then the pytest run, which uses every core itself.
test:
	$(MAKE) --no-print-directory -j3 --output-sync=target chromium lint typecheck test-web
	$(MAKE) --no-print-directory test-python compose-check

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web: web/node_modules/.installed
	cd web && npm run build

chromium:
	@test -x $(CHROMIUM) || { \
	  echo "installing Debian's chromium-headless-shell for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell; }

lint: lint-python lint-web

lint-python: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# eslint, then prettier --check (web/.prettierignore leaves out the generated openapi.json and src/types/).
lint-web: web/node_modules/.installed
	cd web && npm run lint

typecheck: typecheck-python typecheck-web

typecheck-python: setup
	$(BIN)/mypy

typecheck-web: web/node_modules/.installed
	cd web && npm run typecheck

# npm test first checks that src/types/api.ts and limits.ts are what web/openapi.json gives (stale fails),
# then vitest, then the login page's first load against its 150 KB gzip budget (scripts/login-size.mjs, on the
# build `web` made).
test-web: web
	cd web && npm test

# Unit, property, API (SQLite and PostgreSQL) and browser tests in one pytest run, in parallel workers
# (pytest-xdist; each its own PostgreSQL cluster, browser server and temporary directories). Two workers
# a core: much of a test's time is spent waiting; three a core was slower and timed out under load
# (decision 3681). PYTEST_WORKERS=0 runs them in one process. The slowest 20 tests are listed at the end.
PYTEST_WORKERS ?= $(shell echo $$(( $$(nproc) * 2 )))
test-python: setup
	CHROMIUM=$(CHROMIUM) $(BIN)/pytest -q -n $(PYTEST_WORKERS) --dist loadgroup --durations=20

test-e2e: setup web chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/pytest -q tests/e2e

# No Docker engine here: validate the compose file's structure instead of running it.
compose-check: setup
	$(BIN)/python -m tests.compose_check docker-compose.yml

# The OpenAPI document and the web's types generated from it (a test fails when either checked-in file is stale).
# The generated DCSA models, written again from the vendored documents in contract/dcsa/.
dcsa-models: setup
	$(BIN)/python -m api.dcsa.generate

openapi: setup web/node_modules/.installed
	$(BIN)/python -m api.openapi_file
	cd web && npm run api:types

bench: setup web chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/freight bench --short --topology multi

clean:
	rm -rf $(VENV) web/node_modules web/dist var test-output
