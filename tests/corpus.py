"""What the world sends: one corpus of realistic customer data for every test that signs up or books.

Iranian national IDs are 10 digits, often above 2**31 - 1 and often with leading zeros; company IDs are 11
digits; foreign companies have their own country's postal codes and international phones; names are
written in Persian as often as in Latin letters. A test that signs someone up takes its values from here, so a
rule that reads an identifier as a 32-bit number, or a postal code as Iranian only, fails everywhere at once.
"""

from __future__ import annotations

import itertools
import random

from domain.accounts.iranian_ids import legal_id_check_digit, national_code_check_digit

# 10-digit national IDs: above 2147483647 (a 32-bit integer's most), and with leading zeros; each one's check
# digit holds (record 3903: the server refuses one that does not).
NATIONAL_IDS_ABOVE_INT32 = ("4325031881", "9876543210", "2147483648", "3999999993")
NATIONAL_IDS_LEADING_ZEROS = ("0012345679", "0099887762", "0000012343")
NATIONAL_IDS = NATIONAL_IDS_ABOVE_INT32 + NATIONAL_IDS_LEADING_ZEROS

# 11-digit company IDs (Iranian "shenase-ye melli"), check digits holding; 10380284790 is a real company's.
COMPANY_IDS = ("10101010103", "14003456780", "10861234565", "99999999992", "10380284790")

# What a slip of the hand sends, refused at every door that takes a new Iranian identifier: a national ID with
# a wrong last digit (the corpus's own 0012345679, mistyped), ten identical digits (1111111111's check digit
# holds, yet no one has it), and a company ID with a wrong last digit.
NATIONAL_ID_WRONG_CHECK_DIGIT = "0012345678"
NATIONAL_ID_IDENTICAL_DIGITS = "1111111111"
COMPANY_ID_WRONG_CHECK_DIGIT = "14003456789"

# Foreign companies: their own postal codes and phones, as people write them.
FOREIGN_POSTAL_CODES = ("20095", "SW1A 1AA", "10001", "75008")
FOREIGN_PHONES = ("+49 40 123456", "+44 20 7946 0958", "+1 (212) 555-0100", "+33 1 42 68 53 00")
# Iranian mobiles as people write them: international with spaces, and the local form.
IRANIAN_PHONES = ("+98 912 345 6789", "09121234567")

# Persian names (first, last) and companies.
PERSIAN_PEOPLE = (("سارا", "رحیمی"), ("علی", "کریمی"), ("محمدرضا", "شجاعی‌فر"))
PERSIAN_COMPANIES = ("بازرگانی پارسیان", "کشتیرانی خلیج فارس")

LONG_ADDRESSES = (
    "طبقه سوم، واحد ۱۲، پلاک ۴۵، کوچه شهید احمدی، خیابان ولیعصر، بالاتر از میدان ونک، تهران",
    "Speicherstadt, Block W, 3. Obergeschoss, Am Sandtorkai 1, Hafencity, 20457 Hamburg, Deutschland",
)

_sequence = itertools.count(random.randint(0, 10**5))


def _national_id(first_nine: str) -> str:
    number = first_nine + str(national_code_check_digit(first_nine))
    # Ten identical digits are refused even when their check digit holds: the next number then.
    return fresh_national_id() if len(set(number)) == 1 else number


def fresh_national_id() -> str:
    """A unique valid 10-digit national ID above 2147483647 (stores are shared within a test session)."""
    return _national_id(str(400_000_000 + next(_sequence) * 7919 % 500_000_000))


def fresh_national_id_with_leading_zero() -> str:
    """A unique valid 10-digit national ID that starts with zeros."""
    return _national_id(f"00{next(_sequence) % 10**7:07d}")


def fresh_company_id() -> str:
    """A unique valid 11-digit company ID."""
    first_ten = str(1_400_000_000 + next(_sequence) * 104_729 % 10**8)
    return first_ten + str(legal_id_check_digit(first_ten))


# -- tracking ---------------------------------------------------------------------------------------------
# ISO 6346 container numbers with their true check digits (owner codes of real lines, made-up serials), and
# UN/LOCODEs of the ports the seeded bookings sail between and beyond.
TRACKED_CONTAINERS = ("MSCU1234566", "HLXU8097389", "CMAU0001207", "TGHU9876542")
CONTAINER_WITH_WRONG_CHECK_DIGIT = "MSCU1234560"
TRACKING_PORTS = ("IRBND", "DEHAM", "NLRTM", "SGSIN", "AEJEA")
# Containers staff add to the reference list for a shipping order to name (the gate-in exception's test).
ORDERED_CONTAINERS = ("SEGU5123408", "TCNU7001215")
# A container only a stray event names, never assigned: the e2e tests share a server, and a container one of
# them assigns to a booking follows it, so its later events would not be stray.
STRAY_CONTAINER = "OOLU8123457"

# A Persian name and the Latin spelling its bearer writes on her own papers (an order's shipper party).
ZAHRA_HOSSEINI = (("زهرا", "حسینی"), "Zahra Hosseini")


# -- company teams -----------------------------------------------------------------------------------------
# A company and the colleagues it invites (name, e-mail), as the trail names them: "Reza Tehrani (booker,
# Pars Export Co.)".
TEAM_COMPANY = "Pars Export Co."
TEAM_COLLEAGUES = (
    ("Reza Tehrani", "reza.tehrani@parsexport.example"),
    ("Maryam Ahmadi", "maryam.ahmadi@parsexport.example"),
    ("Dariush Kamali", "dariush.kamali@parsexport.example"),
    ("نگار شریفی", "negar.sharifi@parsexport.example"),
)

# -- the whole walk (tests/e2e/test_whole_walk.py) --------------------------------------------------------
# A domestic company with a Persian name and a long Persian address, its contact person, a Hamburg consignee
# with a German address and phone, the shipper who writes her Persian name in Latin letters, the staff member,
# the auditor and the terminal that publishes tracking events.
WALK_COMPANY = "بازرگانی زعفران خراسان"
WALK_CONTACT = "مریم صادقی"
WALK_ADDRESS = LONG_ADDRESSES[0]
WALK_POSTAL_CODE = "1969713111"
WALK_ECONOMIC_CODE = "41114567890"
WALK_REGISTRATION_CODE = "528193"
WALK_CONSIGNEE = ("Hanseatic Saffron Import GmbH", LONG_ADDRESSES[1], "+49 40 3008 1234")
WALK_SHIPPER = (ZAHRA_HOSSEINI[1], "Bazaar-e Bozorg, Timche Hajeb-od-Dowleh 14, Tehran", "+98 912 345 6789")
WALK_CARGO = "Saffron threads, vacuum packed"
WALK_HS_CODE = "091020"
WALK_STAFF = "kaveh.moradi"  # the operations desk's own account
WALK_AUDITOR = "nasrin.jafari"
WALK_PUBLISHER = "Shahid Rajaee container terminal, Bandar Abbas"


def fresh_iranian_mobile() -> str:
    """A unique Iranian mobile in the local form (09xx...): at most three codes an hour go to one number."""
    return f"0912{next(_sequence) * 7 % 10**7:07d}"


# -- uploaded documents' names -----------------------------------------------------------------------------
# Names as customers send them: Persian (with the zero-width non-joiner Persian writes with, and Persian
# digits), and Persian beside Latin (a Latin word, a Latin extension).
PERSIAN_FILE_NAMES = ("نامه تعهد.pdf", "برگه‌ی ایمنی زعفران ۱۴۰۵.pdf")
MIXED_FILE_NAMES = ("MSDS پسته 2026.pdf", "LOI - بازرگانی پارسیان (امضاشده).pdf")
# Hostile ones: a path, a right-to-left override making "gpj.exe" read "exe.jpg", far too long, dots alone.
PATH_FILE_NAME = "../../etc/passwd"
OVERRIDE_FILE_NAME = "\u202egpj.exe"
LONG_FILE_NAME = "گواهی مبدا " * 30 + ".pdf"  # 334 characters
DOTS_FILE_NAME = "....."
