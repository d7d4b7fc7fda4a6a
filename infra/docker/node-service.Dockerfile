# syntax=docker/dockerfile:1
# Node 24 images of the services, one target each, built from the repository root:
#
#   docker build -f infra/docker/node-service.Dockerfile --target auth          -t <registry>/pupitre/auth:<tag> .
#   docker build -f infra/docker/node-service.Dockerfile --target rating-api    -t <registry>/pupitre/rating-api:<tag> .
#   docker build -f infra/docker/node-service.Dockerfile --target rating-worker -t <registry>/pupitre/rating-worker:<tag> .
#
# rspack bundles each service and the @pupitre/* libraries it imports into <service>/dist/*.js;
# the other packages stay external, so the image carries the production dependencies of the
# service and of the bundled libraries (npm ci --omit=dev on those workspaces), never the build
# tools. Runs as uid 1000 (`node`) under tini, which forwards SIGTERM so the service can drain.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- Package manifests only: the dependency layers below stay cached until one of them changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -depth -type d -empty -delete

# --- Every dependency, build tools included (this stage never ships).
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
# A build machine whose TLS goes through a proxy of its own passes that proxy's CA for npm as a
# path in NODE_EXTRA_CA_CERTS, with the file mounted for the build only (`npm run images` does so:
# infra/images/build-ca.mjs): it is never copied into a layer. Empty by default.
ARG NODE_EXTRA_CA_CERTS
COPY --from=manifests /src ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund \
 && rm -f node_modules/.bin/node

FROM deps AS source
COPY . .
ENV NODE_ENV=production NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI=true

FROM source AS build-auth
RUN npx nx run @pupitre/auth:build --output-style=static

FROM source AS build-rating
RUN npx nx run @pupitre/rating:build --output-style=static

# --- Production dependencies only, per service (its workspace plus the libraries it bundles).
# Then what the running service never reads goes: typescript (an optional peer of @nestjs/swagger,
# for its build-time plugin only), source maps, TypeScript sources and declarations, and docs.
FROM ${NODE_IMAGE} AS prod-deps-auth
WORKDIR /src
ARG NODE_EXTRA_CA_CERTS
COPY --from=manifests /src ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      --workspace services/auth --workspace libs/server-kit --workspace libs/contracts \
 && mkdir -p services/auth/node_modules \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.md' \) -delete

FROM ${NODE_IMAGE} AS prod-deps-rating
WORKDIR /src
ARG NODE_EXTRA_CA_CERTS
COPY --from=manifests /src ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      --workspace services/rating --workspace libs/server-kit --workspace libs/contracts \
 && mkdir -p services/rating/node_modules \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.md' \) -delete

# --- Runtime base: Node 24, tini, nothing else; files owned by root, read-only for the process.
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt /var/log/dpkg.log
ENV NODE_ENV=production NODE_OPTIONS=--enable-source-maps
WORKDIR /app
USER 1000:1000
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--", "node"]

# --- The images.
FROM runtime AS auth
LABEL org.opencontainers.image.title="pupitre-auth"
COPY --from=prod-deps-auth --chown=root:root /src/node_modules ./node_modules
COPY --from=prod-deps-auth --chown=root:root /src/services/auth/node_modules ./services/auth/node_modules
COPY --from=build-auth --chown=root:root /src/services/auth/dist ./services/auth/dist
EXPOSE 3001
CMD ["services/auth/dist/main.js"]

FROM runtime AS rating-base
COPY --from=prod-deps-rating --chown=root:root /src/node_modules ./node_modules
COPY --from=prod-deps-rating --chown=root:root /src/services/rating/node_modules ./services/rating/node_modules
# The whole dist/: main.js (API), worker.js, migrate.js (the rating-migrate Job), seed.js (demo data, run as a Job) and their chunks.
COPY --from=build-rating --chown=root:root /src/services/rating/dist ./services/rating/dist

FROM rating-base AS rating-api
LABEL org.opencontainers.image.title="pupitre-rating-api"
EXPOSE 3002
CMD ["services/rating/dist/main.js"]

FROM rating-base AS rating-worker
LABEL org.opencontainers.image.title="pupitre-rating-worker"
EXPOSE 3003
CMD ["services/rating/dist/worker.js"]
