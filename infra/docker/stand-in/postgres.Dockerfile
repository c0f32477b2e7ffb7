# Stand-in for postgres:16-alpine: Debian's PostgreSQL (15 on bookworm),
# honouring the official image's POSTGRES_USER, POSTGRES_PASSWORD and
# POSTGRES_DB and its data directory /var/lib/postgresql/data.
FROM latchkey-stand-in/debian:bookworm
LABEL org.latchkey.stand-in="1" org.latchkey.stand-in.from="Debian's PostgreSQL 15"
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null && rm -rf /var/lib/apt/lists/* \
  && ln -s /usr/lib/postgresql/*/bin/* /usr/local/bin/ 2>/dev/null; true
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
