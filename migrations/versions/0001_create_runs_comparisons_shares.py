"""create runs, run traces, comparisons and shares

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "runs",
        sa.Column("id", postgresql.UUID(as_uuid=True), primary_key=True),
        sa.Column(
            "run_key",
            sa.String(64),
            nullable=False,
            unique=True,
            comment="sha256 of canonical scenario, engine version and seed",
        ),
        sa.Column("scenario", postgresql.JSONB(), nullable=False, comment="canonical scenario, seed applied"),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("engine_version", sa.String(32), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("progress", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text()),
        sa.Column("result", postgresql.JSONB(), comment="flows' metrics and run summary"),
        sa.Column("worker", sa.String(128)),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("queued_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True)),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True)),
        sa.Column("finished_at", sa.DateTime(timezone=True)),
        sa.Column("wall_ms", sa.Float(), comment="engine wall time"),
        sa.CheckConstraint("state IN ('queued', 'running', 'succeeded', 'failed')", name="ck_runs_state"),
    )
    op.create_index("ix_runs_state", "runs", ["state"])
    op.create_table(
        "run_traces",
        sa.Column(
            "run_id", postgresql.UUID(as_uuid=True), sa.ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("n_events", sa.BigInteger(), nullable=False),
        sa.Column("raw_bytes", sa.BigInteger(), nullable=False),
        sa.Column("blob", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "comparisons",
        sa.Column("id", postgresql.UUID(as_uuid=True), primary_key=True),
        sa.Column("spec", postgresql.JSONB(), nullable=False),
        sa.Column("n_runs", sa.Integer(), nullable=False),
        sa.Column("engine_version", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "comparison_runs",
        sa.Column(
            "comparison_id",
            postgresql.UUID(as_uuid=True),
            sa.ForeignKey("comparisons.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("cell", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("replication", sa.Integer(), nullable=False),
        sa.Column("run_id", postgresql.UUID(as_uuid=True), sa.ForeignKey("runs.id"), nullable=False),
    )
    op.create_index("ix_comparison_runs_run_id", "comparison_runs", ["run_id"])
    op.create_table(
        "shares",
        sa.Column("slug", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target_id", postgresql.UUID(as_uuid=True), nullable=False),
        sa.Column("payload", postgresql.JSONB(), nullable=False, comment="frozen scenario, engine version, results"),
        sa.Column("view_state", postgresql.JSONB(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.CheckConstraint("kind IN ('run', 'comparison')", name="ck_shares_kind"),
    )


def downgrade() -> None:
    op.drop_table("shares")
    op.drop_index("ix_comparison_runs_run_id", table_name="comparison_runs")
    op.drop_table("comparison_runs")
    op.drop_table("comparisons")
    op.drop_table("run_traces")
    op.drop_index("ix_runs_state", table_name="runs")
    op.drop_table("runs")
