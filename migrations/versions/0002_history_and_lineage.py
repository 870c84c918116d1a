"""history and lineage: a run's parent, and the indexes of the history's keyset pages

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02

The list endpoints page newest first by (created_at, id) (shares by
(created_at, slug)) with a keyset cursor, so each needs a B-tree over those
columns (scanned backwards). A run's children are listed and counted through
(parent_run_id, created_at, id).
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "runs",
        sa.Column(
            "parent_run_id",
            postgresql.UUID(as_uuid=True),
            sa.ForeignKey("runs.id", ondelete="SET NULL", name="runs_parent_run_id_fkey"),
            comment="the run this one re-runs with a modified scenario (set when the run is created)",
        ),
    )
    op.create_index("ix_runs_created_at_id", "runs", ["created_at", "id"])
    op.create_index("ix_runs_parent_run_id_created_at_id", "runs", ["parent_run_id", "created_at", "id"])
    op.create_index("ix_comparisons_created_at_id", "comparisons", ["created_at", "id"])
    op.create_index("ix_shares_created_at_slug", "shares", ["created_at", "slug"])


def downgrade() -> None:
    op.drop_index("ix_shares_created_at_slug", table_name="shares")
    op.drop_index("ix_comparisons_created_at_id", table_name="comparisons")
    op.drop_index("ix_runs_parent_run_id_created_at_id", table_name="runs")
    op.drop_index("ix_runs_created_at_id", table_name="runs")
    op.drop_column("runs", "parent_run_id")
