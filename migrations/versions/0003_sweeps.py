"""sweeps: comparisons dispatched chunk by chunk from a plan, and Cancel

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05

A comparison now stores its plan (comparison_templates: per cell and variant
the normalized scenario's canonical JSON, split where the seed goes) and makes
its runs as it dispatches them, a chunk at a time (comparisons.dispatched is
how far it got; s_per_run sizes the chunks). Cancel (comparisons.cancelled_at)
drops a comparison's queued runs, which become 'cancelled', unless a live
comparison or a request of POST /runs (runs.direct) still needs them.

Existing comparisons had all their runs made and enqueued when they were
created: they count as fully dispatched. Existing runs that belong to no
comparison were requested through POST /runs.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

IDX_COMMENT = "replication * slots + cell * variants + variant: the dispatch order, a replication at a time"


def upgrade() -> None:
    op.drop_constraint("ck_runs_state", "runs", type_="check")
    op.create_check_constraint(
        "ck_runs_state", "runs", "state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')"
    )
    op.add_column(
        "runs",
        sa.Column(
            "direct",
            sa.Boolean(),
            nullable=False,
            server_default="false",
            comment="requested through POST /runs (not only by comparisons): cancelling a comparison never drops it",
        ),
    )
    op.execute(
        "UPDATE runs SET direct = true WHERE NOT EXISTS (SELECT 1 FROM comparison_runs cr WHERE cr.run_id = runs.id)"
    )
    op.add_column(
        "comparisons",
        sa.Column(
            "dispatched",
            sa.Integer(),
            nullable=False,
            server_default="0",
            comment="runs idx < dispatched exist and were sent to the workers; the rest wait in the plan",
        ),
    )
    op.execute("UPDATE comparisons SET dispatched = n_runs")
    op.add_column("comparisons", sa.Column("cancelled_at", sa.DateTime(timezone=True)))
    op.add_column(
        "comparisons",
        sa.Column(
            "s_per_run",
            sa.Float(),
            comment="seconds a worker spends per run of this comparison (moving average): sizes its chunks",
        ),
    )
    op.create_index(
        "ix_comparisons_dispatching",
        "comparisons",
        ["created_at"],
        postgresql_where=sa.text("cancelled_at IS NULL AND dispatched < n_runs"),
    )
    op.alter_column("comparison_runs", "idx", existing_type=sa.Integer(), comment=IDX_COMMENT)
    op.create_table(
        "comparison_templates",
        sa.Column(
            "comparison_id",
            postgresql.UUID(as_uuid=True),
            sa.ForeignKey("comparisons.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("slot", sa.Integer(), primary_key=True, comment="cell * n_variants + variant index"),
        sa.Column("head", sa.Text(), nullable=False),
        sa.Column("tail", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    # runs a Cancel dropped read as failed, with the reason; comparisons not
    # fully dispatched keep the runs they made (their plan goes)
    op.drop_table("comparison_templates")
    op.alter_column("comparison_runs", "idx", existing_type=sa.Integer(), comment=None)
    op.drop_index("ix_comparisons_dispatching", table_name="comparisons")
    op.drop_column("comparisons", "s_per_run")
    op.drop_column("comparisons", "cancelled_at")
    op.drop_column("comparisons", "dispatched")
    op.drop_column("runs", "direct")
    op.execute(
        "UPDATE runs SET state = 'failed', error = 'cancelled (before a downgrade of the database)', "
        "finished_at = coalesce(finished_at, now()) WHERE state = 'cancelled'"
    )
    op.drop_constraint("ck_runs_state", "runs", type_="check")
    op.create_check_constraint("ck_runs_state", "runs", "state IN ('queued', 'running', 'succeeded', 'failed')")
