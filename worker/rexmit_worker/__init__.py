"""Rexmit workers. Start with: celery -A rexmit_worker.celery_app worker -Q sim,sweep -c N"""
