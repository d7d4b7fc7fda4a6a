# syntax=docker/dockerfile:1
# Node 24 images of the front ends' servers (server-rendered pages, issue #39), one target each,
# built from the repository root:
#
#   docker build -f infra/docker/node-front-server.Dockerfile --target composer               -t <registry>/pupitre/composer:<tag> .
#   docker build -f infra/docker/node-front-server.Dockerfile --target mfe-community-renderer -t <registry>/pupitre/mfe-community-renderer:<tag> .
#   docker build -f infra/docker/node-front-server.Dockerfile --target mfe-review-renderer    -t <registry>/pupitre/mfe-review-renderer:<tag> .
#   docker build -f infra/docker/node-front-server.Dockerfile --target mfe-account-renderer   -t <registry>/pupitre/mfe-account-renderer:<tag> .
#
# The composer (shell team) is built by the shell's `build` into shell/dist-server/, each remote's
# renderer by the remote's `build` into mfe-<remote>/dist-server/: each is one bundled CommonJS
# file (plus its chunks) that needs only Node, no node_modules. The build stages are the same
# instructions as static.Dockerfile's (manifests, deps, source, build-<app>) and the runtime stage
# the same as node-service.Dockerfile's, so a machine that built the static and service images
# reuses their cached layers. Runs as uid 1000 (`node`) under tini, which forwards SIGTERM.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- Package manifests only: the dependency layer below stays cached until one of them changes.
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

# The apps' whole builds (browser and server bundles): the same layers as static.Dockerfile's.
FROM source AS build-shell
RUN npx nx run @pupitre/shell:build --output-style=static

FROM source AS build-mfe-community
RUN npx nx run @pupitre/mfe-community:build --output-style=static

FROM source AS build-mfe-review
RUN npx nx run @pupitre/mfe-review:build --output-style=static

FROM source AS build-mfe-account
RUN npx nx run @pupitre/mfe-account:build --output-style=static

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

# --- The images: the server bundle only (no node_modules, no browser files).
FROM runtime AS composer
LABEL org.opencontainers.image.title="pupitre-composer" \
      org.opencontainers.image.description="Pupitre composer: page navigations answered with the shell's layout around the remotes' server-rendered pages"
COPY --from=build-shell --chown=root:root /src/shell/dist-server ./shell/dist-server
EXPOSE 8080
CMD ["shell/dist-server/composer.js"]

FROM runtime AS mfe-community-renderer
LABEL org.opencontainers.image.title="pupitre-mfe-community-renderer" \
      org.opencontainers.image.description="Pupitre community renderer: the community remote's pages rendered on the server for the composer"
COPY --from=build-mfe-community --chown=root:root /src/mfe-community/dist-server ./mfe-community/dist-server
EXPOSE 8080
CMD ["mfe-community/dist-server/renderer.js"]

FROM runtime AS mfe-review-renderer
LABEL org.opencontainers.image.title="pupitre-mfe-review-renderer" \
      org.opencontainers.image.description="Pupitre review renderer: the review remote's pages rendered on the server for the composer"
COPY --from=build-mfe-review --chown=root:root /src/mfe-review/dist-server ./mfe-review/dist-server
EXPOSE 8080
CMD ["mfe-review/dist-server/renderer.js"]

FROM runtime AS mfe-account-renderer
LABEL org.opencontainers.image.title="pupitre-mfe-account-renderer" \
      org.opencontainers.image.description="Pupitre account renderer: the account remote's pages rendered on the server for the composer"
COPY --from=build-mfe-account --chown=root:root /src/mfe-account/dist-server ./mfe-account/dist-server
EXPOSE 8080
CMD ["mfe-account/dist-server/renderer.js"]
