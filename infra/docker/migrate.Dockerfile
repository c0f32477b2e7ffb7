# One-shot job: applies every pending migration of the four services to their
# databases on the DATABASE_URL server (`pnpm db:migrate`), then exits.
# Build from the repository root:
#   docker build -f infra/docker/migrate.Dockerfile -t latchkey/migrate .
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE}
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH TURBO_TELEMETRY_DISABLED=1 CI=1
RUN npm install -g pnpm@10
WORKDIR /repo
COPY . .
RUN --mount=type=cache,id=pnpm,target=/pnpm/store pnpm install --frozen-lockfile \
  && chown -R node:node /repo
USER node
CMD ["pnpm", "db:migrate"]
