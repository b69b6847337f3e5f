# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
UV_VERSION := 0.13.8
export UV_PROJECT_ENVIRONMENT := $(CURDIR)/$(VENV)
export UV_PYTHON := $(CURDIR)/$(VENV)/bin/python
# `make run` serves the phones around the table: every interface of this machine, port 8000 (both settable).
HOST ?= 0.0.0.0
PORT ?= 8000
MESSAGES_IGNORE := -i "tests/*" -i "bench/*" -i "var/*" --no-obsolete

.PHONY: setup run test lint format worker beat bench migrate content demo clean messages

# The virtualenv is rebuilt from the lock file whenever pyproject.toml or uv.lock change.
# --inexact keeps pip and uv themselves, which the lock does not list, for the next sync.
$(VENV)/.synced: pyproject.toml uv.lock
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip --version >/dev/null 2>&1 || $(PY) -m ensurepip --upgrade >/dev/null
	@$(PY) -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	@$(VENV)/bin/uv sync --frozen --inexact --quiet
	@touch $@

# The translation catalogues, compiled with polib (from the lock), so no gettext tools are needed here.
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/*.po)
$(CATALOGUES:.po=.mo): %.mo: %.po $(VENV)/.synced
	@$(PY) -m companion.compile_catalogue $<

setup: $(VENV)/.synced $(CATALOGUES:.po=.mo)

# After marking new strings: refresh the catalogues (needs GNU gettext), translate, then `make setup`.
messages: setup
	$(PY) manage.py makemessages -l pt_BR $(MESSAGES_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l pt_BR $(MESSAGES_IGNORE) -i "static/vendor/*"

migrate: setup
	$(PY) manage.py migrate --noinput

content: migrate
	$(PY) manage.py load_content

run: content
	@$(PY) manage.py first_run_login --port $(PORT)
	@$(PY) -m companion.hosting $(HOST) $(PORT)
	$(PY) manage.py runserver $(HOST):$(PORT)

demo: content
	$(PY) manage.py seed_demo

# In parallel (pytest-xdist): one worker per core, at most 4; the browser tests stay together on one worker
# (--dist loadgroup, tests/conftest.py). PYTEST_WORKERS=0, or -n 0 in PYTEST_ARGS, runs in one process.
test: PYTEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); echo $$(( n < 4 ? n : 4 )))
test: setup
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: setup
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

worker: setup
	@test -n "$$REDIS_URL" || (echo "Set REDIS_URL (e.g. redis://127.0.0.1:6379/0) to run a worker." && exit 2)
	$(VENV)/bin/celery -A companion worker --loglevel=INFO --concurrency=$${WORKER_CONCURRENCY:-2}

# The periodic tasks (CELERY_BEAT_SCHEDULE: pruning old printed sheets); run exactly one next to the workers.
beat: setup
	@test -n "$$REDIS_URL" || (echo "Set REDIS_URL (e.g. redis://127.0.0.1:6379/0) to run the scheduler." && exit 2)
	@mkdir -p var
	$(VENV)/bin/celery -A companion beat --loglevel=INFO --schedule var/celerybeat-schedule

# Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (see bench/README.md); installs wrk.
bench: setup
	@command -v wrk >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq wrk >/dev/null) || echo "wrk could not be installed (apt-get install wrk)" >&2
	$(PY) -m bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
