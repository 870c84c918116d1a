"""The paper gallery: the engine's cards (rexsim.gallery), validated there
against its presets and catalogue, served as they are."""

from __future__ import annotations

from functools import lru_cache

import rexsim.gallery

from ..core.errors import not_found
from ..schemas.gallery import GalleryCardPublic


@lru_cache(maxsize=1)
def _cards() -> tuple[GalleryCardPublic, ...]:
    # the cards are constants of the installed engine: validate and type them once
    return tuple(GalleryCardPublic(**c) for c in rexsim.gallery.cards())


def cards() -> list[GalleryCardPublic]:
    return list(_cards())


def card(card_id: str) -> GalleryCardPublic:
    for c in _cards():
        if c.id == card_id:
            return c
    raise not_found("gallery card")
