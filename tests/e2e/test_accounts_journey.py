"""The whole individual journey in two browser contexts (customer and staff), the staff decline, and
axe on the dashboard screens."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.accounts_support import (
    DESKTOP,
    MOBILE,
    PASSWORD,
    assert_accessible,
    email_link,
    fill_company,
    phone_number,
    register_individual,
    shot,
    staff_page,
    start_company,
    unique_id,
)
from tests.e2e.browser import browser_of, sign_in
from tests.e2e.conftest import LiveServer


def test_individual_journey_to_reading_a_notification(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page.set_viewport_size(DESKTOP)
    national_id, _, email = register_individual(page, live_server)

    # Staff accept in a second browser context, from the overview list.
    staff = staff_page(browser_of(page), live_server)
    expect(staff.get_by_role("heading", name="Registration Requests")).to_be_visible()
    # The work queue above also opens her sign-up; this is the list's own link to it.
    requests = staff.locator('section[aria-labelledby="registration-requests-heading"]')
    requests.locator(f'a[href="/dashboard/request/indivisual/detail/{national_id}"]').click()
    expect(staff).to_have_url(f"{live_server.url}/dashboard/request/indivisual/detail/{national_id}")
    expect(staff.get_by_label("National ID")).to_have_value(national_id)
    shot(staff, screenshot_dir, "staff-registration-detail")
    assert_accessible(staff, "registration detail")
    staff.get_by_role("button", name="Accept").click()
    staff.get_by_role("dialog").get_by_role("button", name="Confirm").click()
    expect(staff).to_have_url(f"{live_server.url}/dashboard/overview")

    # The password from the e-mailed link, then log in.
    page.goto(email_link(live_server, email))
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm Password").fill(PASSWORD)
    page.get_by_role("button", name="Save Password").click()
    page.get_by_role("button", name="Confirm").click()
    sign_in(page, live_server, national_id, PASSWORD)
    # Customers never see the staff menu.
    expect(page.get_by_text("Staff", exact=True)).to_have_count(0)

    # Profile edit: Save only once something changed, Reset restores.
    page.goto(f"{live_server.url}/dashboard/profile?editProfile=true")
    address = page.get_by_label("Address")
    expect(address).to_have_value("12 Azadi Street, Tehran")
    save = page.get_by_role("button", name="Save")
    expect(save).to_be_disabled()
    expect(page.get_by_role("button", name="Reset")).to_have_count(0)
    address.fill("99 Valiasr Avenue, Tehran")
    expect(save).to_be_enabled()
    page.get_by_role("button", name="Reset").click()
    expect(address).to_have_value("12 Azadi Street, Tehran")
    address.fill("short")
    save.click()
    expect(page.get_by_text("Address must be at least 8 characters.")).to_be_visible()
    address.fill("99 Valiasr Avenue, Tehran")
    shot(page, screenshot_dir, "profile-edit")
    assert_accessible(page, "profile edit")
    save.click()
    expect(page.get_by_text("Your last edit awaits staff approval")).to_be_visible()
    expect(page.get_by_text("99 Valiasr Avenue, Tehran")).to_be_visible()
    shot(page, screenshot_dir, "profile-edit-pending")

    # Staff approve the edit from the overview's list of edit requests; the changed field is marked.
    staff.reload()
    edits = staff.locator('section[aria-labelledby="edit-requests-heading"]')
    edits.locator(f'a[href="/dashboard/request/update/indivisual/detail/{national_id}"]').click()
    expect(staff).to_have_url(f"{live_server.url}/dashboard/request/update/indivisual/detail/{national_id}")
    expect(staff.get_by_label("Address (updated)")).to_have_value("99 Valiasr Avenue, Tehran")
    shot(staff, screenshot_dir, "staff-edit-review")
    assert_accessible(staff, "edit review")
    staff.get_by_role("button", name="Accept").click()
    staff.get_by_role("dialog").get_by_role("button", name="Confirm").click()
    expect(staff).to_have_url(f"{live_server.url}/dashboard/overview")
    staff.context.close()

    # The customer reads the notification: badge, 40-character preview, click expands and marks read.
    page.reload()
    badge = page.get_by_test_id("unread-badge")
    expect(badge).not_to_have_text("0")
    unread = int(badge.inner_text())
    page.get_by_role("button", name="Notifications").click()
    panel = page.get_by_role("region", name="Notification list")
    first = panel.get_by_role("button").first
    expect(first).to_be_visible()
    text = first.inner_text()
    shot(page, screenshot_dir, "notifications")
    assert_accessible(page, "notification panel")
    assert text.startswith("Unread")
    assert "..." not in text  # shown whole: nothing to expand
    first.click()
    # Marked read: the unread marker goes and the item greys out.
    expect(first).not_to_contain_text("Unread")
    expect(badge).to_have_text(str(unread - 1))

    page.goto(f"{live_server.url}/dashboard/profile?editProfile=true")
    expect(page.get_by_label("Address")).to_have_value("99 Valiasr Avenue, Tehran")

    # Security tab: change password.
    page.goto(f"{live_server.url}/dashboard/profile?security=true")
    page.get_by_role("button", name="Change Password").click()
    expect(page.get_by_text("This field is required.").first).to_be_visible()
    page.get_by_label("Current Password").fill(PASSWORD)
    page.get_by_label("New Password", exact=True).fill("Another1Pass")
    page.get_by_label("Confirm New Password").fill("Another1Pass")
    assert_accessible(page, "security")
    page.get_by_role("button", name="Change Password").click()
    expect(page.get_by_text("Your password changed successfully.")).to_be_visible()


def test_staff_decline_with_a_description_and_customers_cannot_review(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page.set_viewport_size(MOBILE)
    company_id = unique_id("F")
    start_company(page, live_server, company_id)
    fill_company(page, f"{company_id.lower()}@example.com", phone_number(), domestic=False)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()

    staff = staff_page(browser_of(page), live_server)
    staff.set_viewport_size(MOBILE)
    shot(staff, screenshot_dir, "staff-overview-mobile")
    assert_accessible(staff, "staff overview")
    staff.goto(f"{live_server.url}/dashboard/request/corporateForeign/detail/{company_id}")
    expect(staff.get_by_label("Company Name")).to_have_value("Caspian Lines")
    staff.get_by_role("button", name="Decline").click()
    staff.get_by_role("button", name="Send").click()
    expect(staff.get_by_text("Required", exact=True)).to_be_visible()
    staff.get_by_label("Description").fill("The company papers are missing.")
    shot(staff, screenshot_dir, "staff-decline-dialog")
    staff.get_by_role("button", name="Send").click()
    expect(staff).to_have_url(f"{live_server.url}/dashboard/overview")
    staff.goto(f"{live_server.url}/dashboard/request/corporateForeign/detail/{company_id}")
    expect(staff.get_by_text("The company papers are missing.")).to_be_visible()
    expect(staff.get_by_role("button", name="Accept")).to_be_disabled()
    staff.context.close()
