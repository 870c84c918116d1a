"""The one Settings class. Values come from the environment (or .env)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    DATABASE_URL: str = Field(
        "postgresql+psycopg://postgres@127.0.0.1:5432/rexmit", description="SQLAlchemy URL of PostgreSQL"
    )
    REDIS_URL: str = Field("redis://127.0.0.1:6379/0", description="Celery broker")
    API_TOKEN: str | None = Field(None, description="when set, POST /comparisons needs 'Authorization: Bearer <token>'")
    CORS_ORIGINS: list[str] = Field(default_factory=list)
    FRONTEND_DIST: str | None = Field(None, description="a built frontend to serve at /")
    # per client address: a classroom behind one NAT shares it, so the default
    # leaves room for about 30 students submitting 20 runs a minute each
    RATE_LIMIT_WRITES_PER_MINUTE: int = 600
    # size limits on what one request may ask for
    MAX_SIM_SECONDS: float = 600.0
    MAX_PACKETS: int = 20_000_000  # packets implied by rate x time, summed over directions
    MAX_FLOWS: int = 64
    MAX_COMPARISON_RUNS: int = Field(
        10_000,
        ge=1,
        description="runs one comparison may ask for (grid cells x variants x replications); a comparison "
        "stores its plan and makes its runs chunk by chunk as workers take them, so the POST costs little",
    )
    MAX_SEEDS: int = 200
    # worker
    WORKER_SOFT_TIME_LIMIT_S: int = 300
    WORKER_HARD_TIME_LIMIT_S: int = 330
    HEARTBEAT_INTERVAL_S: float = 2.0
    STUCK_AFTER_S: float = 15.0  # a running run without a heartbeat for this long is stuck
    REQUEUE_QUEUED_AFTER_S: float = 30.0  # a queued run not picked up for this long is enqueued again
    MAX_ATTEMPTS: int = 3
    # sweeps (comparisons): dispatched chunk by chunk, see app/services/dispatch.py
    SWEEP_CHUNKS_IN_FLIGHT: int = Field(
        4, ge=1, description="chunks of one comparison queued or running at once: what makes sweeps share workers"
    )
    SWEEP_CHUNK_SECONDS: float = Field(
        1.0, gt=0, description="work one chunk aims at, from the comparison's measured time per run"
    )
    SWEEP_FIRST_CHUNK_RUNS: int = Field(
        8, ge=1, description="runs per chunk before a comparison's time per run is known"
    )
    SWEEP_MAX_CHUNK_RUNS: int = Field(500, ge=1, description="runs per chunk at most")
    TRACE_CACHE_MAX_BYTES: int = Field(
        4_000_000_000,
        ge=0,
        description="decoded traces the API keeps in memory for the runs viewed last, in bytes of arrays (the "
        "newest is kept whatever its size): Table 15's 26.2 M-event run at 400 Mb/s decodes to 2.0 GB",
    )
    EXPORT_MAX_EVENTS: int = Field(
        4_000_000,
        ge=0,
        description="events a run's trace may have to be exported (CSV, JSON, pcap are built in memory: at peak "
        "about 200, 550 and 240 bytes an event, CSV at 12 us an event; Table 15's 26.2 M-event run would take "
        "14 GB as JSON and 5 minutes as CSV)",
    )
    TRACE_REBUILD_MAX_MS: float = Field(
        100.0,
        ge=0,
        description="a comparison's run whose engine time is at most this stores no trace: the API rebuilds it by "
        "running the (deterministic) engine again when someone opens the run; 0 stores every trace",
    )

    @field_validator("DATABASE_URL")
    @classmethod
    def _psycopg_driver(cls, v: str) -> str:
        if v.startswith("postgresql://") or v.startswith("postgres://"):
            v = "postgresql+psycopg://" + v.split("://", 1)[1]
        return v


@lru_cache
def get_settings() -> Settings:
    return Settings()
