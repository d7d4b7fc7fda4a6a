# syntax=docker/dockerfile:1
# Static images of the front ends: the shell and the three micro-frontends, one target each, all
# built from the repository root (the .dockerignore there keeps node_modules, builds, local data
# and secrets out of the context):
#
#   docker build -f infra/docker/static.Dockerfile --target shell         -t <registry>/pupitre/shell:<tag> .
#   docker build -f infra/docker/static.Dockerfile --target mfe-community -t <registry>/pupitre/mfe-community:<tag> .
#   docker build -f infra/docker/static.Dockerfile --target mfe-review    -t <registry>/pupitre/mfe-review:<tag> .
#   docker build -f infra/docker/static.Dockerfile --target mfe-account   -t <registry>/pupitre/mfe-account:<tag> .
#
# BuildKit builds only the stages a target needs: building mfe-review does not build the others.
# The runtime is nginx-unprivileged (uid 101, port 8080) with a read-only root filesystem (pid and
# temporary files in /tmp, an emptyDir in Kubernetes). Only the built files are in the image.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29-alpine

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
# No install scripts: the `node` devDependency would download a second Node 24 (this image has one)
# and the native tools load their prebuilt optional packages without scripts.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund \
 && rm -f node_modules/.bin/node

FROM deps AS source
COPY . .
ENV NODE_ENV=production NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI=true

FROM source AS build-shell
RUN npx nx run @pupitre/shell:build --output-style=static

FROM source AS build-mfe-community
RUN npx nx run @pupitre/mfe-community:build --output-style=static

FROM source AS build-mfe-review
RUN npx nx run @pupitre/mfe-review:build --output-style=static

FROM source AS build-mfe-account
RUN npx nx run @pupitre/mfe-account:build --output-style=static

# --- Runtime bases.
FROM ${NGINX_IMAGE} AS nginx-base
USER 101:101
EXPOSE 8080
STOPSIGNAL SIGQUIT
# nginx itself, not the image's entrypoint scripts: they try to edit the configuration, which is
# read-only here.
ENTRYPOINT ["nginx", "-g", "daemon off;"]
# The security headers every location includes (generated from infra/security-headers.json).
COPY --chown=root:root --chmod=0644 infra/docker/nginx/security-headers.conf /etc/nginx/security-headers.conf

FROM nginx-base AS remote-base
COPY --chown=root:root --chmod=0644 infra/docker/nginx/remote.conf /etc/nginx/conf.d/default.conf

# --- The images.
FROM nginx-base AS shell
LABEL org.opencontainers.image.title="pupitre-shell" \
      org.opencontainers.image.description="Pupitre shell (Module Federation host); /remotes.json is mounted at /etc/pupitre/remotes.json"
COPY --chown=root:root --chmod=0644 infra/docker/nginx/shell.conf /etc/nginx/conf.d/default.conf
COPY --chown=root:root --chmod=0644 infra/docker/nginx/shell-pages.conf /etc/nginx/shell-pages.conf
COPY --from=build-shell --chown=root:root /src/shell/dist /usr/share/nginx/html

FROM remote-base AS mfe-community
LABEL org.opencontainers.image.title="pupitre-mfe-community"
COPY --from=build-mfe-community --chown=root:root /src/mfe-community/dist /usr/share/nginx/html/mfe/community

FROM remote-base AS mfe-review
LABEL org.opencontainers.image.title="pupitre-mfe-review"
COPY --from=build-mfe-review --chown=root:root /src/mfe-review/dist /usr/share/nginx/html/mfe/review

FROM remote-base AS mfe-account
LABEL org.opencontainers.image.title="pupitre-mfe-account"
COPY --from=build-mfe-account --chown=root:root /src/mfe-account/dist /usr/share/nginx/html/mfe/account
