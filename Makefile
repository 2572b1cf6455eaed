# Plinth: `make run` serves the app with demo data on http://127.0.0.1:8080; `make test` runs
# every test against real PostgreSQL and NATS (started if missing).

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/plinth/target
export npm_config_cache ?= $(HOME)/.cache/plinth/npm
PLINTH := $(CARGO_TARGET_DIR)/debug/plinth
DATASETS := $(wildcard datasets/public-art/*.json datasets/public-art/*.geojson datasets/public-art/*.csv)

.PHONY: run test build web lint fmt sqlx-prepare bench replay deploy-check

build:
	cargo build --workspace

# Web app dependencies, reinstalled when the lock file changes.
webapp/node_modules/.package-lock.json: webapp/package-lock.json
	cd webapp && npm ci --no-audit --no-fund

web: webapp/node_modules/.package-lock.json
	cd webapp && npm run build

## Build, then serve everything in one process; imports the demo data on the first run.
## DATABASE_URL / NATS_URL unset: private PostgreSQL and nats-server start under ./data.
run: build web
	$(PLINTH) serve --demo $(DATASETS)

## Every test: unit, domain, integration (real PostgreSQL + NATS), web app (unit, then end to end
## in Chromium against plinth serve with the demo data), deploy manifests.
test: webapp/node_modules/.package-lock.json
	eval "$$(bash deploy/local/test-services.sh)" && bash deploy/local/sqlx-prepare.sh --check \
		&& cargo test --workspace --no-fail-fast
	cd webapp && npm test
	python3 deploy/check.py
	cargo build --workspace
	cd webapp && npm run build && npm run e2e

lint: webapp/node_modules/.package-lock.json
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo machete
	python3 deploy/local/layers.py
	cd webapp && npm run typecheck && npm run lint

fmt:
	cargo fmt --all

## Rewrite .sqlx/ (the compile-time query checks' data) after changing SQL or a schema file.
sqlx-prepare:
	eval "$$(bash deploy/local/test-services.sh)" && bash deploy/local/sqlx-prepare.sh

## Rebuild every read model from the event store.
replay: build
	$(PLINTH) replay

deploy-check:
	python3 deploy/check.py

## Benchmarks on 100k and 1M synthetic artworks, then 10 concurrent 10-photo uploads (release
## build). Each run's table lands in bench/results/ beside the previous one (before/after);
## figures go to docs/PERFORMANCE.md.
bench:
	CARGO_TARGET_DIR=$(HOME)/.cache/plinth/target-release cargo build --release --workspace --bins --examples
	bench/run.sh 100000
	bench/run.sh 1000000
	bench/uploads.sh 10 10
