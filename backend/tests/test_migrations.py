"""Alembic upgrade and downgrade on a real PostgreSQL; the migrated schema
matches the models exactly."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from .stack import create_database, drop_database, migrate


def test_upgrade_downgrade_upgrade(pg_admin):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from app.models import Base

    url = create_database(pg_admin)
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        migrate(url)
        tables = set(inspect(engine).get_table_names())
        assert {"runs", "run_traces", "comparisons", "comparison_runs", "shares"} <= tables
        with engine.connect() as c:
            diff = compare_metadata(MigrationContext.configure(c, opts={"compare_type": True}), Base.metadata)
        assert diff == []
        # 0002 (history and lineage) on its own: down removes exactly its column and indexes
        history = {
            "ix_runs_created_at_id",
            "ix_runs_parent_run_id_created_at_id",
            "ix_comparisons_created_at_id",
            "ix_shares_created_at_slug",
        }

        def indexes() -> set[str]:
            insp = inspect(engine)
            return {str(ix["name"]) for t in ("runs", "comparisons", "shares") for ix in insp.get_indexes(t)}

        assert history <= indexes()
        migrate(url, "0001", "downgrade")
        assert not history & indexes() and "ix_runs_state" in indexes()
        assert "parent_run_id" not in {col["name"] for col in inspect(engine).get_columns("runs")}
        migrate(url, "0002")
        assert "parent_run_id" in {col["name"] for col in inspect(engine).get_columns("runs")}
        # 0003 (sweeps) on its own: a cancelled run reads as failed after a downgrade
        sweeps = {"direct"}, {"dispatched", "cancelled_at", "s_per_run"}

        def columns(table: str) -> set[str]:
            return {str(col["name"]) for col in inspect(engine).get_columns(table)}

        migrate(url)
        assert sweeps[0] <= columns("runs") and sweeps[1] <= columns("comparisons")
        assert "comparison_templates" in inspect(engine).get_table_names()
        with engine.begin() as c:
            c.exec_driver_sql(
                "INSERT INTO runs (id, run_key, scenario, seed, engine_version, state, progress, attempts) "
                "VALUES (gen_random_uuid(), 'k', '{}', 1, 'x', 'cancelled', 0, 0)"
            )
        migrate(url, "0002", "downgrade")
        assert not sweeps[0] & columns("runs") and not sweeps[1] & columns("comparisons")
        assert "comparison_templates" not in inspect(engine).get_table_names()
        with engine.connect() as c:
            assert c.exec_driver_sql("SELECT state, error FROM runs WHERE run_key = 'k'").one() == (
                "failed",
                "cancelled (before a downgrade of the database)",
            )
        migrate(url)
        with engine.connect() as c:  # a run that belongs to no comparison was asked for directly
            assert c.exec_driver_sql("SELECT direct FROM runs WHERE run_key = 'k'").scalar() is True
        migrate(url, "base", "downgrade")
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        migrate(url)
        assert "runs" in inspect(engine).get_table_names()
    finally:
        engine.dispose()
        drop_database(pg_admin, url)
