"""Every page at a phone's width (390 px) and a laptop's (1280 px) in a real Chromium: nothing
scrolls sideways, charts draw, and each page is kept as a screenshot to look at."""
import json

import pytest
from django.contrib.auth.models import Permission, User
from ingest.models import IngestReject, IngestRun
from ledger.models import Actor
from ledger.selectors import _story_cast
from ledger.tests.factories import canopy_make, record_add

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY = [json.dumps(line) for line in (
    {"actor": "ministry", "question": "device-owned", "position": "deny", "date": "2025-03-16",
     "url": "https://n1info.rs/ministry/device-owned/2025-03-16"},
    {"actor": "ministry", "question": "device-owned", "position": "affirm", "date": "2025-03-18",
     "url": "https://rts.rs/lrad-units"},
    {"actor": "president", "question": "sound-used", "position": "deny", "date": "2025-03-17",
     "url": "https://danas.rs/a-long-article-the-ledger-never-read"},
)]


@pytest.fixture
def world(transactional_db, tmp_path):
    world = canopy_make(tmp_path, key_lines=KEY)
    story = world["story"]
    # Long names and a pending change with two outlets of one group: the widest rows there are.
    record_add(story, "president", "device-owned", "affirm", "2025-03-19", "n1",
        url="https://n1info.rs/a/very/long/path/that/does/not/break/easily/on/a/phone/screen/at/all")
    record_add(story, "president", "device-owned", "affirm", "2025-03-20", "nova")
    run = IngestRun.objects.create(story=story, file_name="articles-with-a-rather-long-file-name.jsonl",
                                   extractor="rules/1", status="done", articles=272, excerpts=315,
                                   excerpts_done=315, records=196, rejects=1)
    IngestReject.objects.create(run=run, line=17, reason="no text: the line has an empty 'text' field")
    world["run"] = run
    # An actor with a long name, as the demo story has (it once pushed the comparison to 483 px).
    Actor.objects.create(story=story, key="archive", name="Public Assembly Archive (independent crowd counter)",
                         side="independent")
    _story_cast.cache_clear()
    record_add(story, "archive", "crowd-size", "number", "2025-03-16", "danas", value=275000)
    editor = User.objects.create_user("editor", password="pw-editor-1", is_staff=True)
    editor.user_permissions.add(Permission.objects.get(content_type__app_label="ledger", codename="add_stancerecord"))
    return world


def pages(world):
    r = world["records"]
    return {
        "stories": "/",
        "overview": "/stories/canopy/?as_of=2025-03-20",
        "topic": "/stories/canopy/?topic=march-15&as_of=2025-03-20",
        "figures": "/stories/canopy/?topic=crowds&as_of=2025-03-20",
        "actor-filter": "/stories/canopy/?topic=march-15&as_of=2025-03-20&actor=president",
        "actor": "/stories/canopy/actors/ministry/?as_of=2025-03-20",
        "compare": "/stories/canopy/compare/?question=device-owned&actor=ministry&actor=president"
                   "&actor=students&as_of=2025-03-20",
        "queue": "/stories/canopy/pending/?as_of=2025-03-20",
        "flip": f"/stories/canopy/flips/{world['flip_id']}/",
        "record": f"/records/{r['affirm1'].id}/?as_of=2025-03-19",
        "chart": "/stories/canopy/charts/device-owned/?as_of=2025-03-20",
        "runs": "/stories/canopy/runs/",
        "run": f"/stories/canopy/runs/{world['run'].id}/",
        "evaluation": "/stories/canopy/evaluation/",
        "not-found": "/stories/nope/",
        "login": "/accounts/login/",
    }


@pytest.mark.parametrize("width", [390, 1280])
def test_every_page_fits_the_screen(browser, live_server, world, width):
    from conftest import ARTIFACTS

    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    too_wide = {}
    try:
        for name, url in pages(world).items():
            page.goto(url)
            charts = page.locator(".chart").count()
            if charts:  # every chart drawn (waited for by locator: the page's CSP forbids eval)
                page.locator(".chart[data-ready]").nth(charts - 1).wait_for()
                assert page.locator(".chart[data-ready]").count() == charts, name
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                too_wide[name] = scroll
            page.screenshot(path=str(folder / f"layout-{name}-{width}.png"), full_page=True)
        # Staff pages too.
        page.goto("/accounts/login/")
        page.fill("#id_username", "editor")
        page.fill("#id_password", "pw-editor-1")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/")
        for name, url in {"add-record": "/stories/canopy/records/new/",
                          "flip-as-staff": f"/stories/canopy/flips/{world['flip_id']}/"}.items():
            page.goto(url)
            assert page.locator(".notice.error").count() == 0, name
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                too_wide[name] = scroll
            page.screenshot(path=str(folder / f"layout-{name}-{width}.png"), full_page=True)
    finally:
        context.close()
    assert too_wide == {}, f"wider than {width} px: {too_wide}"
    assert not errors, errors
