# Stand-in for redis:7-alpine: Debian's Redis (7.0 on bookworm), data in /data,
# protected mode off as the official image's entrypoint does without a config file.
FROM latchkey-stand-in/debian:bookworm
LABEL org.latchkey.stand-in="1" org.latchkey.stand-in.from="Debian's Redis 7.0"
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends redis-server >/dev/null && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown redis:redis /data
WORKDIR /data
VOLUME /data
EXPOSE 6379
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
