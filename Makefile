# Two commands: `make` installs and builds every kit; `make test` runs the tests.
.PHONY: all build install test check clean

all: build

.install-stamp: pyproject.toml scripts/install.sh
	bash scripts/install.sh
	touch .install-stamp

install: .install-stamp

build: install
	.venv/bin/pnp build --paper all

test: install
	.venv/bin/ruff check pnp tests scripts
	.venv/bin/mypy
	.venv/bin/python -m pytest -q -n auto

check: install
	.venv/bin/pnp check

clean:
	rm -rf output .install-stamp
