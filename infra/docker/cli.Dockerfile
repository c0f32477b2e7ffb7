# cli: the `latchkey` operator CLI, for `docker compose run --rm cli …`.
# Build from the repository root:
#   docker build -f infra/docker/cli.Dockerfile -t latchkey/cli .
# No `# syntax=` line: the engine's built-in BuildKit frontend builds it.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH TURBO_TELEMETRY_DISABLED=1 CI=1
RUN npm install -g pnpm@10 turbo@2

FROM base AS prune
WORKDIR /repo
COPY . .
RUN turbo prune @latchkey/cli --docker

FROM base AS build
WORKDIR /repo
COPY --from=prune /repo/out/json/ ./
COPY --from=prune /repo/scripts/ ./scripts/
RUN --mount=type=cache,id=pnpm,target=/pnpm/store pnpm install --frozen-lockfile
COPY --from=prune /repo/out/full/ ./
COPY --from=prune /repo/tsconfig.base.json ./
COPY infra/docker/prune-deploy.mjs /prune-deploy.mjs
RUN turbo run build --filter=@latchkey/cli...
RUN --mount=type=cache,id=pnpm,target=/pnpm/store \
    pnpm --filter @latchkey/cli deploy --prod --legacy /app \
  && node /prune-deploy.mjs /app

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app /app
WORKDIR /app
USER node
# Service addresses (LATCHKEY_*_URL) and the operator token come from the environment.
ENTRYPOINT ["node", "/app/dist/index.js"]
CMD ["--help"]
