"""Tables. PostgreSQL is the source of truth for every run, comparison and share."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal, get_args

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

RunState = Literal["queued", "running", "succeeded", "failed", "cancelled"]
RUN_STATES: tuple[RunState, ...] = get_args(RunState)


class Base(DeclarativeBase):
    pass


class Run(Base):
    __tablename__ = "runs"
    __table_args__ = (
        CheckConstraint(f"state IN {RUN_STATES}", name="ck_runs_state"),
        # the history's keyset pages (newest first, ties broken by id), all runs and a parent's children
        Index("ix_runs_created_at_id", "created_at", "id"),
        Index("ix_runs_parent_run_id_created_at_id", "parent_run_id", "created_at", "id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    run_key: Mapped[str] = mapped_column(
        String(64), unique=True, nullable=False, comment="sha256 of canonical scenario, engine version and seed"
    )
    scenario: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, comment="canonical scenario, seed applied")
    seed: Mapped[int] = mapped_column(BigInteger, nullable=False)
    engine_version: Mapped[str] = mapped_column(String(32), nullable=False)
    state: Mapped[RunState] = mapped_column(String(16), nullable=False, default="queued", index=True)
    progress: Mapped[float] = mapped_column(Float, nullable=False, default=0.0)
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    error: Mapped[str | None] = mapped_column(Text)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB, comment="flows' metrics and run summary")
    worker: Mapped[str | None] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)
    queued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    heartbeat_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    wall_ms: Mapped[float | None] = mapped_column(Float, comment="engine wall time")
    parent_run_id: Mapped[uuid.UUID | None] = mapped_column(
        UUID(as_uuid=True),
        ForeignKey("runs.id", ondelete="SET NULL"),
        comment="the run this one re-runs with a modified scenario (set when the run is created)",
    )
    direct: Mapped[bool] = mapped_column(
        Boolean,
        nullable=False,
        default=False,
        server_default="false",
        comment="requested through POST /runs (not only by comparisons): cancelling a comparison never drops it",
    )


class RunTrace(Base):
    __tablename__ = "run_traces"

    run_id: Mapped[uuid.UUID] = mapped_column(
        UUID(as_uuid=True), ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True
    )
    format: Mapped[str] = mapped_column(String(16), nullable=False)
    n_events: Mapped[int] = mapped_column(BigInteger, nullable=False)
    raw_bytes: Mapped[int] = mapped_column(BigInteger, nullable=False)
    blob: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)


class Comparison(Base):
    __tablename__ = "comparisons"
    __table_args__ = (
        Index("ix_comparisons_created_at_id", "created_at", "id"),
        # the sweepers' pump visits the comparisons that still have runs to dispatch
        Index(
            "ix_comparisons_dispatching",
            "created_at",
            postgresql_where=text("cancelled_at IS NULL AND dispatched < n_runs"),
        ),
    )

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    spec: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False)
    n_runs: Mapped[int] = mapped_column(Integer, nullable=False)
    engine_version: Mapped[str] = mapped_column(String(32), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)
    dispatched: Mapped[int] = mapped_column(
        Integer,
        nullable=False,
        default=0,
        server_default="0",
        comment="runs idx < dispatched exist and were sent to the workers; the rest wait in the plan",
    )
    cancelled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    s_per_run: Mapped[float | None] = mapped_column(
        Float, comment="seconds a worker spends per run of this comparison (moving average): sizes its chunks"
    )


class ComparisonTemplate(Base):
    """The plan of a comparison: per (cell, variant) its normalized scenario's
    canonical JSON, split where the seed goes (head + str(seed) + tail), from
    which each replication's run is made when it is dispatched."""

    __tablename__ = "comparison_templates"

    comparison_id: Mapped[uuid.UUID] = mapped_column(
        UUID(as_uuid=True), ForeignKey("comparisons.id", ondelete="CASCADE"), primary_key=True
    )
    slot: Mapped[int] = mapped_column(Integer, primary_key=True, comment="cell * n_variants + variant index")
    head: Mapped[str] = mapped_column(Text, nullable=False)
    tail: Mapped[str] = mapped_column(Text, nullable=False)


class ComparisonRun(Base):
    __tablename__ = "comparison_runs"

    comparison_id: Mapped[uuid.UUID] = mapped_column(
        UUID(as_uuid=True), ForeignKey("comparisons.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(
        Integer,
        primary_key=True,
        comment="replication * slots + cell * variants + variant: the dispatch order, a replication at a time",
    )
    cell: Mapped[int] = mapped_column(Integer, nullable=False)
    variant: Mapped[str] = mapped_column(String(64), nullable=False)
    replication: Mapped[int] = mapped_column(Integer, nullable=False)
    run_id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), ForeignKey("runs.id"), nullable=False, index=True)


class Share(Base):
    __tablename__ = "shares"
    __table_args__ = (
        CheckConstraint("kind IN ('run', 'comparison')", name="ck_shares_kind"),
        Index("ix_shares_created_at_slug", "created_at", "slug"),
    )

    slug: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    target_id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), nullable=False)
    payload: Mapped[dict[str, Any]] = mapped_column(
        JSONB, nullable=False, comment="frozen scenario, engine version, results"
    )
    view_state: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)
