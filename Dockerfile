# syntax=docker/dockerfile:1
# Shuk Kehilati as one container: the production server on port 3000, SQLite in /data.

# ---- build: compilers for better-sqlite3, all dependencies, the production build ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci first; see README ("Why npm install") for when it refuses the lockfile.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev
# Litestream (REPLICA_URL) comes as this platform's binary of @flydotio/litestream: the build
# fails here, not the replica at run time, when the platform's package did not install.
RUN node_modules/@flydotio/litestream-linux-$(dpkg --print-architecture | sed 's/amd64/x64/')/litestream version

# ---- run: production dependencies (already compiled; Litestream's binary among them, from
# @flydotio/litestream, run by the server when REPLICA_URL is set), the build, the migrations,
# the backup and restore scripts ----
FROM node:22-bookworm-slim AS run
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/shuk.db \
    MIGRATIONS_PATH=/app/drizzle
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/drizzle ./drizzle
# `npm run db:backup` inside the container and the server's scheduled backups, and
# `npm run db:restore` (plain JavaScript: they run without dev dependencies).
COPY --from=build --chown=node:node /app/scripts/db-backup.mjs ./scripts/db-backup.mjs
COPY --from=build --chown=node:node /app/scripts/db-restore.mjs ./scripts/db-restore.mjs
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/start.js"]
