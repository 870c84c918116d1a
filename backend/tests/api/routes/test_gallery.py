"""GET /gallery: the engine's cards, served as they are; and a card's grid,
posted as a comparison, gives what the engine's gallery test checks."""

from __future__ import annotations

import rexsim
import rexsim.gallery

from ...stack import wait_comparison

API = "/api/v1"


def test_gallery_serves_the_engines_cards(client):
    r = client.get(f"{API}/gallery")
    assert r.status_code == 200, r.text
    body = r.json()
    cards = rexsim.gallery.cards()
    assert [c["id"] for c in body] == [c["id"] for c in cards]
    presets = {p["name"]: p for p in client.get(f"{API}/presets").json()}
    for served, card in zip(body, cards, strict=True):
        # every field the engine declares passes through; a field of another chart kind (a bar chart's x for
        # a CDF, a time plot's panel fields, a table's rows) reads null, on either side: the engine may leave
        # it out or declare it null
        def declared(card: dict) -> dict:
            def bare(d: dict) -> dict:
                return {k: v for k, v in d.items() if v is not None}

            return {
                **card,
                "chart": bare(card["chart"]),
                "panels": [bare(p) for p in card["panels"]],
                "published": [bare(p) for p in card["published"]],
            }

        assert declared({k: served[k] for k in card}) == declared(card)
        p = presets[served["preset"]]
        if served["chart"]["kind"] == "timeseries":
            # a time plot runs the variants it draws: some of the preset's
            assert served["variants"] == {v: p["variants"][v] for v in served["variants"]}
            assert served["baseline_variant"] in served["variants"]
            assert {x["variant"] for x in served["panels"]} == set(served["variants"])
        else:
            assert served["variants"] == p["variants"] and served["baseline_variant"] == p["baseline_variant"]
        assert {f["status"] for f in served["findings"]} <= {"holds", "differs"}


def test_one_card_and_an_unknown_one(client):
    r = client.get(f"{API}/gallery/tail-loss-fig4")
    assert r.status_code == 200 and r.json()["figure"] == "Fig. 4 (c, f)"
    kinds = {p["kind"] for p in r.json()["published"]}
    assert kinds == {"ecdf_at", "ratio"}
    r = client.get(f"{API}/gallery/no-such-card")
    assert r.status_code == 404 and r.json()["detail"] == "gallery card not found"


def test_published_values_are_typed_by_kind(client):
    schemas = client.get(f"{API}/openapi.json").json()["components"]["schemas"]
    published = schemas["GalleryCardPublic"]["properties"]["published"]["items"]
    assert published["discriminator"]["propertyName"] == "kind"
    assert {ref["$ref"].rsplit("/", 1)[1] for ref in published["oneOf"]} == {
        "PublishedSaving",
        "PublishedRatio",
        "PublishedEcdfAt",
        "PublishedCells",
    }


def test_a_cards_comparison_gives_the_engines_reproduction(client, worker):
    """Reproduce Fig. 2 the way the gallery page does (the card's grid,
    replications, metric and flows, the preset as base): each bar equals
    rexsim.gallery.reproduce()'s normalized mean, which the engine's gallery
    test checks against the paper."""
    card = client.get(f"{API}/gallery/tail-loss-fig2").json()
    body = {
        "base": {"preset": card["preset"]},
        "variants": card["variants"],
        "baseline": card["baseline_variant"],
        "grid": card["grid"],
        "replications": card["replications"],
        "metric": card["metric"],
        "flows": card["flows"],
    }
    r = client.post(f"{API}/comparisons", json=body)
    assert r.status_code == 202, r.text
    assert r.json()["n_runs"] == card["n_runs"] == 5 * 2 * 4
    got = wait_comparison(client, r.json()["id"])
    assert got["state"] == "succeeded"
    engine = rexsim.gallery.reproduce("tail-loss-fig2")
    assert [c["params"] for c in got["cells"]] == [c["params"] for c in engine["cells"]]
    for served, ours in zip(got["cells"], engine["cells"], strict=True):
        for v, stats in ours["variants"].items():
            assert served["variants"][v]["normalized_mean"] == stats["normalized_mean"], (served["params"], v)
