# Image for the API workers and the follower worker (see docker-compose.yml).
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
COPY state-machines/ /src/state-machines/
COPY contract/ /src/contract/
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /app
COPY pyproject.toml ./
COPY domain/ domain/
COPY followers/ followers/
COPY projections/ projections/
COPY api/ api/
COPY infrastructure/ infrastructure/
COPY bench/ bench/
COPY state-machines/ state-machines/
COPY contract/ contract/
RUN pip install --no-cache-dir -e .
COPY --from=web /src/web/dist web/dist
ENV VAR_DIR=/var/lib/freight
EXPOSE 8000
CMD ["freight", "serve"]
