# Unveil: one image for the web app and the scheduled jobs (JOBS_ENABLED=false makes an API-only instance).
# Node 24 comes from the official node:24-slim image (Debian); the app runs its TypeScript sources directly
# (Node 24 type stripping), so there is no server compile step. The `node` npm package the project lists
# also installs a Node 24 binary into node_modules for development machines; the image's own node is used.
#
#   docker build -t unveil .
#   docker run -p 5000:5000 --env-file .env.production unveil
#
# See docs/production.md for the environment variables, migrations and running several instances.

# --- build: every dependency, the client build, then the dev dependencies pruned ---------------------------
FROM node:24-slim AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime: production dependencies, server sources, migrations and the built client, as a non-root user -
FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/src ./src
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/dist/client ./dist/client
# Only DATA_DIR is writable (the embedded database and local outbox of a trial run; production uses
# DATABASE_URL and SMTP_URL). The code itself belongs to root and cannot be changed by the app.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts migrates (under an advisory lock), starts the jobs unless JOBS_ENABLED=false, and stops cleanly on
# SIGTERM. It is started directly, not through npm, so the signal reaches it.
CMD ["node", "src/app/server/main.ts"]
