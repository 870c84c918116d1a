from __future__ import annotations

from fastapi import APIRouter, Path

from ...schemas.common import Message
from ...schemas.gallery import GalleryCardPublic
from ...services import gallery

router = APIRouter(prefix="/gallery", tags=["gallery"])


@router.get("", response_model=list[GalleryCardPublic])
def list_cards() -> list[GalleryCardPublic]:
    """The paper gallery: one card per figure the engine reproduces, with the
    grid and replications to run as a comparison (POST /comparisons with the
    preset as base), how the paper draws it, its quoted findings (each marked
    holds or differs in Rexmit) and the values it publishes."""
    return gallery.cards()


@router.get("/{card_id}", response_model=GalleryCardPublic, responses={404: {"model": Message}})
def read_card(card_id: str = Path(max_length=64)) -> GalleryCardPublic:
    """One card of the gallery."""
    return gallery.card(card_id)
