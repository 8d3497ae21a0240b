# syntax=docker/dockerfile:1
# The production image: the server bundle, the built member app and operator console and the SQL
# migrations, with production dependencies only, run as the unprivileged `node` user on Node 24
# (LTS; docs/decisions/023). See README "Deploying".
# e2e/production-image.e2e.ts lays this file's stages out and starts them without Docker, reading
# its lines (e2e/support/dockerfile.ts refuses an instruction it does not know: teach it first).

# ---- build: every dependency, then the web app, the console and the server bundle ----
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages packages
COPY apps apps
RUN npm run build

# ---- deps: the server's production dependencies only ----
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @app/server --no-audit --no-fund \
 && rm -rf apps/web apps/admin apps/server/node_modules/.bin e2e bench

# ---- runtime ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps --chown=root:root /app /app
COPY --from=build --chown=root:root /src/packages/shared/package.json packages/shared/package.json
COPY --from=build --chown=root:root /src/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /src/apps/server/drizzle apps/server/drizzle
COPY --from=build --chown=root:root /src/apps/web/dist apps/web/dist
COPY --from=build --chown=root:root /src/apps/admin/dist apps/admin/dist
# The code is root's and read-only to the process; it writes nothing but its logs (stdout).
USER node
EXPOSE 3000
# Alive = the process answers; readiness (/readyz) is for the load balancer, not for restarts.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
