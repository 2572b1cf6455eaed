# syntax=docker/dockerfile:1
# The plinth image that deploy/compose and deploy/k8s run (ghcr.io/plinth-registry/plinth):
# one binary for every subcommand, the built web app beside it, curl for the health checks, and
# a non-root user (uid 10001) owning the data directory.
#
#   docker build -t ghcr.io/plinth-registry/plinth:0.1.0 .
#
# `python3 deploy/check.py` checks this file against the manifests (user, port, binary, curl).

ARG RUST_VERSION=1.95.0
ARG NODE_VERSION=20
ARG DEBIAN_RELEASE=bookworm

# --- The web app: static files only -------------------------------------------------------------
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim AS web
WORKDIR /src/webapp
COPY webapp/package.json webapp/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY webapp/ ./
RUN npm run build

# --- The server -----------------------------------------------------------------------------------
FROM rust:${RUST_VERSION}-${DEBIAN_RELEASE} AS server
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin plinth \
    && install -m 0755 target/release/plinth /usr/local/bin/plinth

# --- What runs ------------------------------------------------------------------------------------
FROM debian:${DEBIAN_RELEASE}-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 plinth \
    && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/plinth --no-create-home \
       --shell /usr/sbin/nologin plinth \
    && install -d -o 10001 -g 10001 -m 0750 /var/lib/plinth
COPY --from=server /usr/local/bin/plinth /usr/local/bin/plinth
# `plinth serve` serves webapp/dist relative to its working directory (--web-dir).
COPY --from=web /src/webapp/dist /app/webapp/dist
WORKDIR /app
USER 10001:10001
ENV PLINTH_ADDR=0.0.0.0:8080 \
    PLINTH_DATA_DIR=/var/lib/plinth \
    MALLOC_ARENA_MAX=2
EXPOSE 8080
VOLUME ["/var/lib/plinth"]
ENTRYPOINT ["plinth"]
CMD ["serve"]
