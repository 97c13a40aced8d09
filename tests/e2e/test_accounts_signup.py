"""Sign-up in the browser against the live server: individual, domestic and foreign companies, the
resume at verification, User Exist, and the password reset."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.corpus import (
    COMPANY_ID_WRONG_CHECK_DIGIT,
    NATIONAL_ID_WRONG_CHECK_DIGIT,
    fresh_company_id,
    fresh_national_id,
)
from tests.e2e.accounts_support import (
    DESKTOP,
    MOBILE,
    PASSWORD,
    assert_accessible,
    choose_type,
    email_link,
    enter_code,
    fill_company,
    fill_individual,
    phone_number,
    register_individual,
    shot,
    sms_code,
    staff_page,
    start_company,
    start_individual,
    unique_id,
)
from tests.e2e.browser import browser_of, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.words import Language, words
from tests.live_server import ROOT

# The server's words, as it answers in each language (contract/validation-messages*.json).
MESSAGES: dict[str, dict[str, str]] = {
    lang: json.loads((ROOT / "contract" / name).read_text(encoding="utf-8"))
    for lang, name in (("en", "validation-messages.json"), ("fa", "validation-messages.fa.json"))
}


def test_individual_sign_up_on_a_phone(page: Page, live_server: LiveServer, screenshot_dir: Path) -> None:
    page.set_viewport_size(MOBILE)
    register_individual(page, live_server, screenshot_dir)


def test_domestic_company_sign_up(page: Page, live_server: LiveServer, screenshot_dir: Path) -> None:
    page.set_viewport_size(DESKTOP)
    company_id, phone = fresh_company_id(), phone_number()
    email = f"{company_id.lower()}@example.com"
    start_company(page, live_server, company_id, phone)
    expect(page.get_by_role("heading", name="Company Information")).to_be_visible()
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_text("Company name is required.")).to_be_visible()
    expect(page.get_by_text("Invalid economic code.")).to_be_visible()
    fill_company(page, email, None, domestic=True)
    page.get_by_label("Fax").fill("02112345678")
    shot(page, screenshot_dir, "register-domestic-form")
    assert_accessible(page, "domestic form")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", name="Verification")).to_be_visible()
    enter_code(page, sms_code(live_server, phone))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()


def test_foreign_company_sign_up_skips_verification(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page.set_viewport_size(MOBILE)
    company_id = unique_id("F")
    page.goto(f"{live_server.url}/register")
    choose_type(page, "Company")
    page.get_by_label("Company ID").fill(company_id)
    expect(page.get_by_role("navigation", name="Sign-up progress")).to_contain_text("Step 1 of 3")
    page.get_by_role("switch", name="Registered outside Iran").check()
    expect(page.get_by_role("navigation", name="Sign-up progress")).to_contain_text("Step 1 of 2")
    expect(page.get_by_label("Mobile Number")).to_have_count(0)
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Foreign Company Information")).to_be_visible()
    progress = page.get_by_role("navigation", name="Sign-up progress")
    expect(progress).to_contain_text("Step 2 of 2")  # a foreign company has no phone to verify
    # A foreign company's phone is international: "+" and spaces are the number, not an error.
    phone = page.get_by_label("Phone")
    expect(phone).to_have_attribute("inputmode", "tel")
    fill_company(page, f"{company_id.lower()}@example.com", "+49 40", domestic=False)
    page.get_by_label("Fax (optional)").fill("123")
    page.get_by_role("button", name="Submit").click()
    # Its fax is international too, each rule in its own words.
    expect(page.get_by_text("Enter the fax number with its country code")).to_be_visible()
    expect(page.get_by_text("Enter the number with its country code: + and 7 to 15 digits")).to_be_visible()
    phone.fill("+49 40 1234 5678")
    page.get_by_label("Fax (optional)").fill("+49 40 1234 5679")
    shot(page, screenshot_dir, "register-foreign-form")
    assert_accessible(page, "foreign form")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()
    shot(page, screenshot_dir, "foreign-sign-up-successful")
    page.get_by_role("button", name="Confirm").click()
    expect(page).to_have_url(f"{live_server.url}/login")


def test_start_again_resumes_at_verification_and_a_finished_one_says_user_exist(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size(DESKTOP)
    national_id, phone = fresh_national_id(), phone_number()
    start_individual(page, live_server, national_id, phone)
    from tests.e2e.accounts_support import fill_individual

    fill_individual(page, f"{national_id.lower()}@example.com", phone)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", name="Verification")).to_be_visible()
    # Back reloads: the start form again; the same id resumes at step 4.
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_role("button", name="Continue")).to_be_visible()
    page.get_by_label("National ID").fill(national_id)
    page.get_by_label("Mobile Number").fill(phone)
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Verification")).to_be_visible()
    # Paste fills all five boxes.
    code = sms_code(live_server, phone)
    page.get_by_label("Digit 1").focus()
    page.evaluate(
        """code => {
            const data = new DataTransfer(); data.setData('text', code);
            const paste = new ClipboardEvent('paste', {clipboardData: data, bubbles: true});
            document.activeElement.dispatchEvent(paste);
        }""",
        code,
    )
    for index, digit in enumerate(code, start=1):
        expect(page.get_by_label(f"Digit {index}")).to_have_value(digit)
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()
    # A verified registration waiting for staff: starting again says User Exist.
    start_individual(page, live_server, national_id, phone)
    expect(page.get_by_role("dialog", name="User Exist")).to_be_visible()


def test_password_reset(page: Page, live_server: LiveServer, screenshot_dir: Path) -> None:
    page.set_viewport_size(MOBILE)
    national_id, _, email = register_individual(page, live_server)
    staff = staff_page(browser_of(page), live_server)
    staff.goto(f"{live_server.url}/dashboard/request/indivisual/detail/{national_id}")
    staff.get_by_role("button", name="Accept").click()
    staff.get_by_role("dialog").get_by_role("button", name="Confirm").click()
    expect(staff).to_have_url(f"{live_server.url}/dashboard/overview")
    staff.context.close()
    link = email_link(live_server, email)
    page.goto(link)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm Password").fill(PASSWORD)
    page.get_by_role("button", name="Save Password").click()
    expect(page.get_by_role("dialog", name="Password Changed Successfully")).to_be_visible()
    page.get_by_role("button", name="Confirm").click()

    # Forgot password: the dialog, the e-mailed link, the new password works.
    page.goto(f"{live_server.url}/forgetpassword")
    page.get_by_role("button", name="Reset My Password").click()
    expect(page.get_by_text("This field is required.")).to_be_visible()
    page.get_by_label("National ID").fill(national_id)
    assert_accessible(page, "forgot password")
    shot(page, screenshot_dir, "forgot-password")
    page.get_by_role("button", name="Reset My Password").click()
    expect(page.get_by_role("dialog", name="Check Your Email")).to_be_visible()
    page.get_by_role("button", name="Confirm").click()
    expect(page).to_have_url(f"{live_server.url}/login")
    link = email_link(live_server, email, "Reset your password")
    assert "token=" in link and f"nationalId={national_id}" in link
    page.goto(link)
    page.get_by_label("Password", exact=True).fill("weak")
    page.get_by_role("button", name="Save Password").click()
    expect(page.get_by_text("Password must be at least 8 characters")).to_be_visible()
    page.get_by_label("Password", exact=True).fill("Harbour-Crane7")
    page.get_by_label("Confirm Password").fill("Harbour-Crane7-typo")
    page.get_by_role("button", name="Save Password").click()
    expect(page.get_by_text("Passwords do not match")).to_be_visible()
    page.get_by_label("Confirm Password").fill("Harbour-Crane7")
    shot(page, screenshot_dir, "create-password")
    assert_accessible(page, "create password")
    page.get_by_role("button", name="Save Password").click()
    expect(page.get_by_role("dialog", name="Password Changed Successfully")).to_be_visible()
    sign_in(page, live_server, national_id, "Harbour-Crane7")

    page.goto(f"{live_server.url}/forgetpassword/createpassword")
    expect(page.get_by_role("alert")).to_have_text("Invalid or missing token and national ID.")


def test_sign_up_shows_its_steps_and_the_birth_date_placeholder_matches_the_calendar(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """Step progress (named steps, the current one marked, a progress bar), the birth date's placeholder in
    the calendar that opens (Jalali, the month it opens at), and a server-only rule (a birth date that
    does not exist) said under its field."""
    page.set_viewport_size(DESKTOP)
    national_id, phone = fresh_national_id(), phone_number()
    page.goto(f"{live_server.url}/register")
    progress = page.get_by_role("navigation", name="Sign-up progress")
    expect(progress).to_contain_text("Step 1 of 3")
    expect(progress.locator("[aria-current=step]")).to_have_text("Who you are")
    expect(progress.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "1")
    page.get_by_label("National ID").fill(national_id)
    page.get_by_label("Mobile Number").fill(phone)
    page.get_by_role("button", name="Continue").click()
    expect(progress).to_contain_text("Step 2 of 3")
    expect(progress.locator("[aria-current=step]")).to_have_text("Your details")
    expect(progress.get_by_role("progressbar")).to_have_attribute(
        "aria-valuetext", "Step 2 of 3: Your details"
    )

    birth = page.get_by_label("Birth Date")
    placeholder = birth.get_attribute("placeholder") or ""
    assert re.fullmatch(r"1[34]\d\d/\d\d/01", placeholder), placeholder  # a Jalali year, not 1999
    page.get_by_role("button", name="Calendar").click()
    year, month, _ = placeholder.split("/")
    expect(page.get_by_label("Year", exact=True)).to_have_value(str(int(year)))
    expect(page.get_by_label("Month", exact=True)).to_have_value(str(int(month)))
    expect(page.get_by_role("button", name=placeholder)).to_be_visible()  # its day 1 is on the calendar shown
    # The calendar's own row: the month and the year side by side at one height, not the shared select's.
    boxes = {name: page.get_by_label(name, exact=True).bounding_box() for name in ("Month", "Year")}
    heights = {name: box and box["height"] for name, box in boxes.items()}
    assert heights["Month"] == heights["Year"] == 32, heights
    shot(page, screenshot_dir, "register-calendar")
    page.get_by_role("button", name="Calendar").click()
    shot(page, screenshot_dir, "register-steps")

    fill_individual(page, f"{national_id.lower()}@example.com", phone)
    birth.fill("1369/12/31")  # no such day: the form's pattern passes it, the server does not
    page.get_by_role("button", name="Submit").click()
    # Said under the field, as its description (retried until the server's answer is on the screen).
    expect(birth).to_have_accessible_description(re.compile(r"Invalid date"))
    expect(progress).to_contain_text("Step 2 of 3")
    birth.fill("1370/05/14")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", name="Verification")).to_be_visible()
    expect(progress).to_contain_text("Step 3 of 3")
    expect(progress.locator("[aria-current=step]")).to_have_text("Verify your phone")
    assert_accessible(page, "verification with progress")


@pytest.mark.parametrize("lang", ["en", "fa"], indirect=True)
def test_a_mistyped_iranian_identifier_is_said_at_its_field(
    page: Page, live_server: LiveServer, lang: Language, screenshot_dir: Path
) -> None:
    """The server refuses a national code or company national ID whose check digit does not hold (record
    3903); the start form says its words under the field, in the screen's language, and stays on step 1."""
    page.set_viewport_size(DESKTOP)
    w = words(lang)
    said = MESSAGES[lang]
    start_individual(page, live_server, NATIONAL_ID_WRONG_CHECK_DIGIT, phone_number(), w)
    field = page.get_by_label(w("profile:national_id"))
    expect(field).to_have_accessible_description(said["accounts.identity.nationalCodeCheck"])
    expect(field).to_have_attribute("aria-invalid", "true")
    shot(page, screenshot_dir, f"register-mistyped-national-code-{lang}")
    start_company(page, live_server, COMPANY_ID_WRONG_CHECK_DIGIT, phone_number(), w)
    field = page.get_by_label(w("profile:national_code"))
    expect(field).to_have_accessible_description(said["accounts.identity.legalIdCheck"])
    shot(page, screenshot_dir, f"register-mistyped-company-id-{lang}")
