"""A sign-up in no one's name (decision 3913). On a shared computer a member of staff (an auditor) is signed
in, in one tab; another person opens the sign-up page on the same browser, in another tab, and signs her
company up. Her requests carry no one's token: the server records her sign-up as hers (an auditor's token
would have had it refused, auditors change nothing), and the auditor stays signed in, in her tab and on the
server."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Request, expect

from tests.e2e.accounts_support import fill_company, start_company, unique_id
from tests.e2e.browser import layout_problems, no_serious_violations, sign_in
from tests.e2e.conftest import DESKTOP, PHONE, LiveServer
from tests.e2e.customers import call
from tests.e2e.test_audit_screens import AUDITOR_PASSWORD, AUDITOR_USERNAME, create_auditor, wait_for_login
from tests.e2e.words import english as w

REGISTER = "/account/api/v1/client/"
ME = "/auth/api/v1/me"


def _sign_up_beside_the_auditor(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, phone: bool
) -> None:
    create_auditor(live_server)
    viewport = PHONE if phone else DESKTOP
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    hers = context.new_page()
    wait_for_login(hers, live_server, AUDITOR_USERNAME, AUDITOR_PASSWORD)
    sign_in(hers, live_server, AUDITOR_USERNAME, AUDITOR_PASSWORD)
    her_token = next(c["value"] for c in context.cookies() if c["name"] == "token")

    # The other person, in a tab of her own on the same browser: the cookie names the auditor.
    theirs = context.new_page()
    sent: list[Request] = []
    theirs.on("request", lambda request: sent.append(request) if REGISTER in request.url else None)
    company_id = unique_id("F")
    start_company(theirs, live_server, company_id)
    expect(theirs.get_by_role("heading", name="Foreign Company Information")).to_be_visible()
    fill_company(theirs, f"{company_id.lower()}@example.com", "+49 40 1234 5678", domestic=False)
    with theirs.expect_response(lambda answer: answer.url.endswith("/register/finalize")) as answered:
        theirs.get_by_role("button", name=w("accounts:registrationForm.submit")).click()
    assert answered.value.status == 200, answered.value.text()
    expect(theirs.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()

    # Sent in no one's name: the start and the details, neither with the auditor's token.
    assert [r.url.rsplit("/", 1)[-1] for r in sent] == ["start", "finalize"]
    assert [r.headers.get("authorization") for r in sent] == [None, None]
    if phone:
        assert layout_problems(theirs) == []
    else:
        no_serious_violations(theirs)
    width = "375" if phone else "1280"
    shot = screenshot_dir / f"sign-up-beside-a-signed-in-person-{width}.png"
    theirs.screenshot(path=str(shot), full_page=True)

    # The auditor is untouched: the cookie is still hers, the server takes her token, her tab shows her.
    assert [c["value"] for c in context.cookies() if c["name"] == "token"] == [her_token]
    assert call(live_server, "GET", ME, token=her_token)["username"] == AUDITOR_USERNAME
    with hers.expect_response(lambda answer: answer.url.endswith(ME)) as me:
        hers.reload()
    assert me.value.status == 200
    expect(hers).to_have_url(f"{live_server.url}/dashboard/overview")
    context.close()
    live_server.verify()


def test_a_sign_up_beside_a_signed_in_auditor_goes_in_no_one_s_name(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _sign_up_beside_the_auditor(browser, live_server, screenshot_dir, phone=False)


def test_at_a_phone_s_width_a_sign_up_beside_a_signed_in_auditor_goes_in_no_one_s_name(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _sign_up_beside_the_auditor(browser, live_server, screenshot_dir, phone=True)
