# Two entry points: `make demo` and `make test`. Both build .venv from scratch if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/contextledger demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy

# pytest-xdist: one worker per core (at most 4; one on a one-core box), each with its own
# PostgreSQL and S3 servers; worksteal keeps both cores busy to the end.
# PYTEST_XDIST_AUTO_NUM_WORKERS=1 make test runs it on one worker.
# compileall first: where PYTHONDONTWRITEBYTECODE is set, every worker and every subprocess a
# test starts would compile the package from source again (~0.2-0.3 s CPU each); bytecode
# written once is read by all of them.
test: lint
	$(BIN)/python -m compileall -q src
	$(BIN)/python -m pytest -n auto --maxprocesses=4 --dist worksteal

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
