# One-shot job: applies every pending migration of the four services to their
# databases on the DATABASE_URL server (`migrateAll` of @latchkey/db, the same
# code as `pnpm db:migrate`), then exits.
# Build from the repository root:
#   docker build -f infra/docker/migrate.Dockerfile -t latchkey/migrate .
# A production image like the services': @latchkey/db with its production
# dependencies only (`pnpm deploy --prod`), its compiled JavaScript and the
# services' migration folders; no pnpm, tsx, TypeScript, Prisma CLI or sources.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH TURBO_TELEMETRY_DISABLED=1 CI=1
RUN npm install -g pnpm@10 turbo@2

# 1. The subset of the workspace that @latchkey/db needs.
FROM base AS prune
WORKDIR /repo
COPY . .
RUN turbo prune @latchkey/db --docker

# 2. Install from the pruned lockfile and compile @latchkey/db.
FROM base AS build
WORKDIR /repo
COPY --from=prune /repo/out/json/ ./
# No install scripts: @latchkey/db compiles with tsc alone (no Prisma client to generate).
RUN --mount=type=cache,id=pnpm,target=/pnpm/store pnpm install --frozen-lockfile --ignore-scripts
COPY --from=prune /repo/out/full/ ./
COPY --from=prune /repo/tsconfig.base.json ./
COPY infra/docker/prune-deploy.mjs /prune-deploy.mjs
RUN turbo run build --filter=@latchkey/db
# 3. @latchkey/db alone with its production dependencies, laid out as in the
#    repository (packages/db finds apps/<service>/prisma two levels up).
RUN --mount=type=cache,id=pnpm,target=/pnpm/store \
    pnpm --filter @latchkey/db deploy --prod --legacy --ignore-scripts /app/packages/db \
  && node /prune-deploy.mjs /app/packages/db
COPY apps/auth-central/prisma/ /app/apps/auth-central/prisma/
COPY apps/app-signin/prisma/ /app/apps/app-signin/prisma/
COPY apps/strategy/prisma/ /app/apps/strategy/prisma/
COPY apps/ai-gateway/prisma/ /app/apps/ai-gateway/prisma/

# 4. Runtime: only /app, run as the unprivileged node user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app /app
WORKDIR /app
USER node
CMD ["node", "packages/db/dist/migrate-cli.js"]
