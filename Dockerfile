# The site in a container: built once, run by its own server (scripts/start.mjs) as the
# unprivileged node user, with a health check on /api/health (which reads the database).
#   docker build --build-arg NEXT_PUBLIC_SITE_URL=https://skidsteer.example -t skidsteer .
# Every instance must run the same image (one build, one server-actions key).

FROM node:24-slim AS build
WORKDIR /app
# npm install, not npm ci: the lockfile is made where the registry lacks next's compiler packages
# for other platforms, so npm ci cannot satisfy it on another one.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ARG NEXT_PUBLIC_SITE_URL
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
RUN test -n "$NEXT_PUBLIC_SITE_URL" || (echo "Build with --build-arg NEXT_PUBLIC_SITE_URL=https://your.domain" && false)
RUN NEXT_PUBLIC_SITE_URL="$NEXT_PUBLIC_SITE_URL" NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY" \
    node node_modules/next/dist/bin/next build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf .next/cache tests

FROM node:24-slim AS run
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOSTNAME=0.0.0.0 PGLITE_DATA_DIR=/data/pglite OUTBOX_DIR=/data/outbox
COPY --from=build --chown=node:node /app /app
# The embedded database and unsent-mail files live on a volume; unused with hosted Supabase.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# SIGTERM (docker stop): the server finishes its requests and their work, then exits within 10 s.
CMD ["node", "scripts/start.mjs"]
