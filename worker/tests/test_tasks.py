"""sim.run's contract with Celery, read from the app (no broker needed)."""

from __future__ import annotations

import inspect

import redis
from sqlalchemy.exc import OperationalError

from rexmit_worker import job, tasks
from rexmit_worker.celery_app import app


def test_sim_run_is_named_and_id_only():
    assert tasks.run.name == "sim.run"
    assert "sim.run" in app.tasks
    assert list(inspect.signature(tasks.run.run).parameters) == ["run_id"]


def test_a_task_lost_with_its_worker_is_delivered_again():
    conf = app.conf
    assert conf.task_acks_late is True and conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.task_ignore_result is True  # PostgreSQL holds the outcome
    assert conf.task_serializer == "json" and conf.accept_content == ["json"]
    assert conf.task_soft_time_limit < conf.task_time_limit


def test_only_infrastructure_errors_are_retried(monkeypatch):
    assert set(tasks.run.autoretry_for) == {OperationalError, redis.RedisError}
    seen = []
    monkeypatch.setattr(job, "execute", seen.append)
    tasks.run.run("00000000-0000-0000-0000-000000000001")  # the body only: calls the job
    assert seen == ["00000000-0000-0000-0000-000000000001"]


def test_sim_chunk_is_named_and_id_only():
    assert tasks.chunk.name == "sim.chunk" and "sim.chunk" in app.tasks
    assert list(inspect.signature(tasks.chunk.run).parameters) == ["run_ids"]
    assert set(tasks.chunk.autoretry_for) == {OperationalError, redis.RedisError}


def test_single_runs_are_served_before_sweeps():
    from app.services.queue import QUEUE, SWEEP_QUEUE, WORKER_QUEUES

    # a worker consumes sim first: the Redis transport's "priority" order takes
    # from the next queue only when the ones before it are empty
    assert [q.name for q in app.conf.task_queues] == [QUEUE, SWEEP_QUEUE] == WORKER_QUEUES.split(",")
    assert app.conf.broker_transport_options["queue_order_strategy"] == "priority"
    assert app.conf.task_default_queue == QUEUE and app.conf.task_create_missing_queues is False
