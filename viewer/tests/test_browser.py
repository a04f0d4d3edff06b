"""The viewer in a real headless Chromium, on the live server: pick a topic and a date,
go back, audit a flip, retract as staff, and article text that tries to run a script."""
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from ledger.tests.factories import canopy_make, excerpt_make, record_add

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world(transactional_db, tmp_path):
    return canopy_make(tmp_path)


def ministry_row(page, question="device-owned"):
    return page.locator(f"#q-{question} tr[data-actor='ministry']")


def test_pick_topic_and_date_then_go_back(page, screenshot, world):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/stories/canopy/?topic=march-15&as_of=2025-03-18")
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Denies")
    expect(ministry_row(page).locator(".c-pending")).to_contain_text("Pending")
    expect(page.locator("#q-device-owned .chart[data-ready]")).to_have_count(1)  # plotly drew it
    screenshot("as-of-18-march")

    # The day input shows days as every page writes them; one typed there: HTMX swaps the
    # panel and the URL follows.
    expect(page.locator("#as-of")).to_have_value("18 Mar 2025")
    page.fill("#as-of", "19 Mar 2025")
    page.locator("#as-of").dispatch_event("change")
    expect(page).to_have_url(re.compile(r"as_of=2025-03-19"))
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Affirms")
    expect(ministry_row(page).locator(".c-before")).to_contain_text("Denies")
    expect(ministry_row(page).locator("a.audit")).to_have_count(1)
    screenshot("as-of-19-march")

    # Another topic: the crowd figures.
    page.get_by_role("link", name="Crowds").click()
    expect(page).to_have_url(re.compile(r"topic=crowds"))
    expect(page.locator("#q-crowd-size")).to_contain_text("300,000 people")
    expect(page.locator("#q-crowd-size .chart[data-ready]")).to_have_count(1)
    screenshot("crowds")

    # Back: the previous topic and date, as they were.
    page.go_back()
    expect(page).to_have_url(re.compile(r"topic=march-15.*as_of=2025-03-19"))
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Affirms")
    expect(page.locator("#as-of")).to_have_value("19 Mar 2025")
    expect(page.locator("#as-of-iso")).to_have_value("2025-03-19")
    page.go_back()
    expect(page).to_have_url(re.compile(r"as_of=2025-03-18"))
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Denies")

    # The step buttons and the rule N.
    page.locator("#step-next").click()
    expect(page).to_have_url(re.compile(r"as_of=2025-03-20"))
    # Going back loaded the page afresh, so the step may have been a plain link: pick N only
    # once the new page's scripts run (its chart is drawn), or no script hears the change.
    expect(page.locator("#as-of")).to_have_value("20 Mar 2025")
    expect(page.locator("#q-device-owned .chart[data-ready]")).to_have_count(1)
    page.select_option("#confirm", "1")
    expect(page).to_have_url(re.compile(r"confirm=1"))
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Affirms")
    assert not errors, errors


def test_the_slider_moves_the_date(page, world):
    page.goto("/stories/canopy/?topic=march-15&as_of=2025-03-01")
    slider = page.locator("#day")
    slider.fill("18")  # 1 March + 18 days
    expect(page).to_have_url(re.compile(r"as_of=2025-03-19"))
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Affirms")


def test_the_controls_work_without_javascript(browser, live_server, world):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/stories/canopy/?topic=march-15&as_of=2025-03-18")
        page.fill("#as-of", "2025-03-19")
        page.click("button.show")
        expect(page).to_have_url(re.compile(r"as_of=2025-03-19"))
        expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Affirms")
        page.get_by_role("link", name="Crowds").click()
        expect(page.locator("#q-crowd-size")).to_contain_text("107,000 people")
    finally:
        context.close()


def test_audit_a_flip_then_retract_as_staff(page, screenshot, world):
    User.objects.create_user("editor", password="pw-editor-1", is_staff=True)
    page.goto("/stories/canopy/?topic=march-15&as_of=2025-03-20")
    ministry_row(page).locator("a.audit").click()
    expect(page).to_have_url(re.compile(rf"/flips/{world['flip_id']}/"))
    after = page.locator(".side-col").nth(1)
    expect(after.locator("a.article-link").first).to_have_attribute("href", "https://rts.rs/lrad-units")
    expect(after.locator("mark").first).to_have_text("The ministry said it does have such devices, for warnings only.")
    expect(page.locator(".side-col").nth(0)).to_contain_text("We have no such device.")
    screenshot("flip-audit")

    # Log in as staff, come back, retract the record that confirmed the change.
    page.goto(f"/accounts/login/?next=/stories/canopy/flips/{world['flip_id']}/")
    page.fill("#id_username", "editor")
    page.fill("#id_password", "pw-editor-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(rf"/flips/{world['flip_id']}/"))
    confirming = page.locator(f"#record-{world['records']['affirm2'].id}")
    confirming.locator("summary").click()
    confirming.locator("textarea").fill("Danas quoted the Defence Ministry, not the Interior Ministry")
    screenshot("retract-form")
    confirming.get_by_role("button", name=re.compile("Retract record")).click()
    expect(page.locator("#position-now")).to_contain_text("Denies")
    expect(page.locator(".effect")).to_contain_text("Before the retraction")
    expect(page.locator(".record-card")).to_contain_text("Danas quoted the Defence Ministry")
    screenshot("after-retraction")

    # The positions page agrees: the ministry denies again, the affirm waits for a source.
    page.goto("/stories/canopy/?topic=march-15&as_of=2025-03-20")
    expect(ministry_row(page).locator(".c-now .badge")).to_have_text("Denies")
    expect(ministry_row(page).locator(".c-pending")).to_contain_text("Affirms")


def test_article_text_and_urls_stay_inert(page, screenshot, world):
    story = world["story"]
    hostile = "Police said <script>window.__pwned = 1</script> nothing. <img src=x onerror=\"window.__pwned=2\">"
    sentence = "Police said <script>window.__pwned = 1</script> nothing."
    ex = excerpt_make(story, url="javascript:window.__pwned=3", outlet="n1", day="2025-03-21", text=hostile,
                      sentence=sentence, title="<b>bold</b> title", position=1)
    # The ledger refuses a record whose URL is not http(s); an article's text and title still
    # come from outside.
    r1 = record_add(story, "president", "device-owned", "affirm", "2025-03-21", "n1", url="https://n1info.rs/said-nothing",
             quote=sentence, excerpt=ex)
    r2 = record_add(story, "president", "device-owned", "affirm", "2025-03-22", "rts", url="https://rts.rs/said-nothing")
    page.goto("/stories/canopy/?topic=march-15&as_of=2025-03-22&confirm=2")
    president = page.locator("#q-device-owned tr[data-actor='president']")
    expect(president.locator(".c-now .badge")).to_have_text("Affirms")
    expect(president.locator("a[href^='javascript']")).to_have_count(0)
    flip_id = f"{r2.id}-2"
    page.goto(f"/stories/canopy/flips/{flip_id}/")
    card = page.locator(f"#record-{r1.id}")
    expect(card.locator("blockquote")).to_contain_text("<script>window.__pwned = 1</script>")
    expect(card.locator("blockquote")).to_contain_text('<img src=x onerror="window.__pwned=2">')
    expect(card).to_contain_text("<b>bold</b> title")
    assert page.locator("a[href^='javascript']").count() == 0
    assert page.locator("script:not([src])").count() == 0
    assert page.evaluate("window.__pwned") is None
    screenshot("inert")
