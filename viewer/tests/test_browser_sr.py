"""The Serbian demo story in a real headless Chromium: names, questions and quotes show in
the script they were written in (Cyrillic, Latin, Latin without diacritics), on the story
page and on a flip's audit, at a desktop and a phone width; the API answers them unchanged."""
import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ingest.services import excerpts_extract, ingest_file
from ledger.bundle import story_load
from ledger.models import Excerpt, StanceRecord

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
SR, SHOTS = ROOT / "fixtures" / "canopy-sr", ROOT / "artifacts" / "screenshots"


@pytest.fixture
def canopy_sr(transactional_db, broker_clean, tmp_path):
    """The bundle ingested with the offline extractor, extracted here in the test's process
    (the workers' part is tested in ingest/tests/test_worker_sr.py)."""
    story, _ = story_load(SR)
    articles = tmp_path / "articles.jsonl"
    articles.write_bytes((SR / "articles.jsonl").read_bytes())
    run = ingest_file(story=story, path=articles)
    excerpts_extract(run_id=run.pk, excerpt_ids=list(Excerpt.objects.filter(story=story).values_list("id", flat=True)))
    return story


def cyrillic_shown(page, selector: str) -> bool:
    """The element's text is laid out with real glyphs: a Cyrillic word is as wide as its
    Latin transliteration give or take, not a row of equal boxes or nothing."""
    return page.evaluate(
        """(selector) => {
            const el = document.querySelector(selector);
            if (!el || !/[\\u0400-\\u04ff]/.test(el.textContent)) return false;
            const probe = (text) => { const s = document.createElement('span'); s.textContent = text;
                el.appendChild(s); const w = s.getBoundingClientRect().width; s.remove(); return w; };
            const cyr = probe('Председник'), lat = probe('Predsednik'), boxes = probe('ПППППППППП');
            return cyr > 0.6 * lat && cyr < 1.6 * lat && Math.abs(cyr - boxes) > 1;
        }""", selector)


@pytest.mark.parametrize("width", [1280, 390])
def test_names_and_quotes_in_their_own_script(page, screenshot, canopy_sr, width):
    page.set_viewport_size({"width": width, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # The story page: names with diacritics, a question in Serbian, the Cyrillic outlet names.
    page.goto("/stories/canopy-sr/?topic=march-15&as_of=2025-03-20")
    ministry = page.locator("#q-device-owned tr[data-actor='interior-ministry']")
    expect(ministry).to_contain_text("Ministarstvo unutrašnjih poslova (MUP)")
    expect(page.locator("#q-device-owned")).to_contain_text("Da li državni organi poseduju zvučni uređaj?")
    expect(page.locator("#q-device-owned .chart[data-ready]")).to_have_count(1)
    screenshot(f"story-{width}")
    page.locator("#q-device-owned").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"test_names_and_quotes_in_their_own_script[{width}]-story-{width}-view.png"))

    # The President's flip on owning a device: from RTS's Cyrillic report to Informer's
    # Latin without diacritics.
    flips = page.request.get("/api/v1/stories/canopy-sr/flips?confirm=2&actor=president&question=device-owned").json()
    (flip,) = flips["results"]
    page.goto(f"/stories/canopy-sr/flips/{flip['id']}/")
    cyrillic_quote = "Председник је рекао да оружане снаге немају тако нешто као што је звучни топ."
    ascii_quote = "Predsednik je u sredu rekao da je Srbija kupila razne stvari"
    expect(page.locator("body")).to_contain_text(cyrillic_quote)
    expect(page.locator("body")).to_contain_text(ascii_quote)
    expect(page.locator("body")).to_contain_text("РТС")
    quote = page.locator(f"text={cyrillic_quote}").first
    expect(quote).to_be_visible()
    quote.evaluate("el => el.setAttribute('data-probe', '1')")
    assert cyrillic_shown(page, "[data-probe='1']")
    screenshot(f"flip-{width}")
    assert not errors, errors


def test_the_api_answers_quotes_as_written(client, canopy_sr):
    record = StanceRecord.objects.filter(outlet__key="rts", question__key="device-owned").order_by("id").first()
    assert record is not None and "Председник" in record.quote
    response = client.get(f"/api/v1/records/{record.pk}")
    assert response.status_code == 200
    body = json.loads(response.content.decode("utf-8"))
    assert body["quote"] == record.quote and body["quote"] == body["excerpt_detail"]["sentence"]
    assert body["outlet_name"] == "РТС" and body["article"]["title"] == "Председник о суботњем протесту"
    story = client.get("/api/v1/stories/canopy-sr/").json()
    assert {o["name"] for o in story["outlets"]} >= {"РТС", "Политика", "N1"}
    assert "Ministarstvo unutrašnjih poslova (MUP)" in {a["name"] for a in story["actors"]}
