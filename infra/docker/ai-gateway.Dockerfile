# ai-gateway: the AI gateway (area D, {ai_url}).
# Build from the repository root:
#   docker build -f infra/docker/ai-gateway.Dockerfile -t latchkey/ai-gateway .
# No `# syntax=` line: the Docker engine's built-in BuildKit frontend builds
# it, so no image is fetched from Docker Hub before the build.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH TURBO_TELEMETRY_DISABLED=1 CI=1
RUN npm install -g pnpm@10 turbo@2

# 1. The subset of the workspace that @latchkey/ai-gateway needs.
FROM base AS prune
WORKDIR /repo
COPY . .
RUN turbo prune @latchkey/ai-gateway --docker

# 2. Install from the pruned lockfile (a cached layer while only sources
#    change) and build.
FROM base AS build
WORKDIR /repo
COPY --from=prune /repo/out/json/ ./
COPY --from=prune /repo/scripts/ ./scripts/
RUN --mount=type=cache,id=pnpm,target=/pnpm/store pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ ./
COPY --from=prune /repo/tsconfig.base.json ./
COPY infra/docker/prune-deploy.mjs /prune-deploy.mjs
RUN pnpm db:generate && turbo run build --filter=@latchkey/ai-gateway...
# 3. The service alone with its production dependencies (a fresh install of
#    them, no development tool, no other workspace package), then without the
#    optional peers (Prisma CLI, TypeScript) and its sources and tests.
RUN --mount=type=cache,id=pnpm,target=/pnpm/store \
    pnpm --filter @latchkey/ai-gateway deploy --prod --legacy /app \
  && node /prune-deploy.mjs /app

# 4. Runtime: only /app, run as the unprivileged node user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4104 LATCHKEY_PRISMA_DIR=/app/prisma
COPY --from=build --chown=node:node /app /app
WORKDIR /app
USER node
EXPOSE 4104
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
