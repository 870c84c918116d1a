from fastapi import APIRouter

from .routes import comparisons, gallery, runs, shares, utils

api_router = APIRouter()
api_router.include_router(utils.router)
api_router.include_router(runs.router)
api_router.include_router(comparisons.router)
api_router.include_router(shares.router)
api_router.include_router(gallery.router)
