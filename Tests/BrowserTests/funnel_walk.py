"""The web funnel in a real browser: each reference flow walked in Chromium the way a person would.

Starts `doorstep serve` on a free loopback port with a fresh SQLite file, then drives headless
Chromium through Selenium on a 390x844 phone viewport, a few walks at once (`--workers`), each in a
browser of its own. Buttons and fields are found by their visible text and labels; codes are read
from the dev mailbox. A screenshot of every screen goes to `artifacts/browser/<flow>/`. When every
walk is done, each password typed and each code read is searched for in every byte at rest — the
database's files, the server's log and every browser profile — and must be found nowhere.

    python3 Tests/BrowserTests/funnel_walk.py --binary .build/debug/doorstep
"""

import argparse
import base64
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import unittest
import urllib.request
import zlib
from concurrent.futures import ThreadPoolExecutor

from selenium import webdriver
from selenium.common.exceptions import (NoSuchElementException, TimeoutException,
                                        WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions
from selenium.webdriver.support.ui import WebDriverWait

BINARY = ".build/debug/doorstep"
ARTIFACTS = "artifacts/browser"
# Reads the funnels once the walks are done; long enough for the server to accept it.
ADMIN_TOKEN = "browser-walk-admin-token-0123456789"
# An account on the admin list, for the walk that signs an admin in through a flow.
ADMIN_EMAIL = "boss.walk@example.com"
SERVER = None
BASE = None
WORKDIR = None
FLOWS = None
SECRETS = set()
# axe-core, as axe-playwright-python ships it: injected into each page the walks reach.
AXE_SOURCE = None
# The WCAG 2.2 A and AA rules every page must pass.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
# What axe found, page by page, and the pages already checked (a page checked once in a state is not
# checked again each time a walk passes it).
ACCESSIBILITY = []
CHECKED_PAGES = set()
# How often a walk looks again for the page it waits for: a page arrives in a tenth of a second, and
# WebDriver's default half second would be most of every step.
POLL = 0.05


# Walks run side by side: what they share (the screenshots' numbers per flow, the pages already
# checked) is read and written under one lock.
SHARED_LOCK = threading.Lock()
SHOT_NUMBERS = {}


def next_shot_number(flow):
    with SHARED_LOCK:
        SHOT_NUMBERS[flow] = SHOT_NUMBERS.get(flow, 0) + 1
        return SHOT_NUMBERS[flow]


def first_time(seen, key):
    """Adds `key` to `seen`; True when no walk had added it before."""
    with SHARED_LOCK:
        if key in seen:
            return False
        seen.add(key)
        return True


def save_shot(driver, path):
    """What the browser shows, as a JPEG at `path`: a tenth of a PNG's bytes, in a fifth of its time."""
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "jpeg", "quality": 90, "optimizeForSpeed": True})
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def started_experiments():
    """The shipped catalog keeps its experiments paused; the walk serves a copy of each flow that has
    one with every variant given the same weight, as an operator starts it, so both carousels show.
    The copies sit apart from the server's files: their example answers are not secrets at rest."""
    global FLOWS
    FLOWS = flows = tempfile.mkdtemp(prefix="doorstep-flows-")
    catalog = os.path.join("Sources", "DoorstepFlow", "Catalog", "Flows")
    for name in sorted(os.listdir(catalog)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(catalog, name)) as source:
            flow = json.load(source)
        if "experiment" not in flow:
            continue
        for variant in flow["experiment"]["variants"]:
            variant["weight"] = 1
        with open(os.path.join(flows, name), "w") as copy:
            json.dump(flow, copy)
    return flows


def setUpModule():
    global SERVER, BASE, PASSKEY_BASE, WORKDIR
    port = free_port()
    BASE = f"http://127.0.0.1:{port}"
    PASSKEY_BASE = f"http://localhost:{port}"
    WORKDIR = workdir = tempfile.mkdtemp(prefix="doorstep-browser-")
    log = open(os.path.join(workdir, "server.log"), "w")
    SERVER = subprocess.Popen(
        [BINARY, "serve", "--port", str(port), "--database", os.path.join(workdir, "doorstep.sqlite"),
         "--rate-limits", "off", "--password-cost", "4", "--admin-token", ADMIN_TOKEN,
         "--admin-email", ADMIN_EMAIL,
         "--flows-directory", started_experiments(),
         # Every page that signs up or mails a code asks its puzzle to be solved, as a guarded
         # deployment does; the walks finish by solving them. The API, which the walks also call
         # to set up accounts, is left as an app's older versions would need it.
         "--app-attest", "web.sign-up=enforce,web.code-send=enforce",
         # Browsers accept passkeys on localhost over plain http, never on an IP address.
         "--passkey-rp-id", "localhost", "--passkey-origin", f"http://localhost:{port}"],
        stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            urllib.request.urlopen(BASE + "/healthz", timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("doorstep serve did not start; see " + log.name)


def funnels_of_the_walks():
    """Every flow's funnel, as an admin reads it after the walks: each walked flow has installs, and
    each screen's installs moved on or dropped off, never both or neither. Kept with the screenshots."""
    funnels = {}
    for flow in ["tanda", "trainer", "familysync", "destiny", "kordant"]:
        request = urllib.request.Request(
            f"{BASE}/v1/admin/flows/{flow}/funnel", headers={"Authorization": "Bearer " + ADMIN_TOKEN})
        funnels[flow] = json.load(urllib.request.urlopen(request, timeout=10))
    with open(os.path.join(ARTIFACTS, "funnels.json"), "w") as file:
        json.dump(funnels, file, indent=2, sort_keys=True)
    problems = []
    for flow, funnel in funnels.items():
        if funnel["installs"] < 1 or len(funnel["steps"]) < 2:
            problems.append(f"{flow}: the walks left no funnel ({funnel['installs']} installs)")
        for step in funnel["steps"]:
            if step["movedOn"] + step["droppedOff"] != step["reached"]:
                problems.append(f"{flow}/{step['screen']}: {step}")
    variants = {variant["variant"] for variant in funnels["tanda"]["variants"]}
    if variants != {"threeSlides", "twoSlides"}:
        problems.append(f"tanda: the carousel experiment's variants are {sorted(variants)}")
    return problems


# The languages every page is checked in, as the catalogs ship them, and the screens (path and
# screen) already checked in each.
SHIPPED_LANGUAGES = ["en", "es", "ar"]
SCREENS_IN_EVERY_LANGUAGE = set()


def page_name(key):
    """How a page's accessibility key is written in the report."""
    return " ".join(map(str, key))


def axe_source():
    global AXE_SOURCE
    if AXE_SOURCE is None:
        import axe_playwright_python
        with open(os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js"),
                  encoding="utf-8") as file:
            AXE_SOURCE = file.read()
    return AXE_SOURCE


def accessibility_problems():
    """Every WCAG 2.2 A/AA violation axe found on the pages the walks reached, kept with the
    screenshots, one line each."""
    with open(os.path.join(ARTIFACTS, "accessibility.json"), "w") as file:
        json.dump({"checked": sorted(CHECKED_PAGES), "violations": ACCESSIBILITY}, file, indent=2)
    return [f"{found['page']}: {found['rule']} ({found['impact']}) at {found['target']}: {found['summary']}"
            for found in ACCESSIBILITY]


def tearDownModule():
    funnel_problems = funnels_of_the_walks() if SERVER else []
    accessibility = accessibility_problems()
    if SERVER:
        SERVER.terminate()
        SERVER.wait(timeout=10)
    leaks = secrets_at_rest(WORKDIR)
    shutil.rmtree(WORKDIR, ignore_errors=True)
    if FLOWS:
        shutil.rmtree(FLOWS, ignore_errors=True)
    if not SECRETS:
        raise AssertionError("the walks typed no password and read no code")
    if leaks:
        raise AssertionError("secrets found at rest: " + "; ".join(leaks))
    if funnel_problems:
        raise AssertionError("funnels after the walks: " + "; ".join(funnel_problems))
    if accessibility:
        raise AssertionError(f"{len(accessibility)} axe-core violations of WCAG 2.2 A/AA:\n"
                             + "\n".join(accessibility))


def secret(text):
    """A password or code a person types: noted, so that it can be looked for at rest afterwards."""
    SECRETS.add(text)
    return text


def secrets_at_rest(root):
    """Where any noted secret stands in a file under `root` (the database and its log, the server's
    log, the browser profiles). A code counts only where it stands alone, not inside a longer run of
    letters and digits such as a hash."""
    leaks = []
    for directory, _, files in os.walk(root):
        for name in files:
            path = os.path.join(directory, name)
            try:
                with open(path, "rb") as file:
                    data = file.read()
            except OSError:
                continue
            for text in SECRETS:
                needle = text.encode()
                start = data.find(needle)
                while start != -1:
                    before = data[start - 1:start] if start > 0 else b""
                    after = data[start + len(needle):start + len(needle) + 1]
                    if not before.isalnum() and not after.isalnum():
                        leaks.append(f"{text} in {os.path.relpath(path, root)}")
                        break
                    start = data.find(needle, start + 1)
    return leaks


def latest_code(email):
    """The newest one-time code mailed to `email`, noted as a secret that must never be kept at rest."""
    return secret(newest_mailed_code(email))


def newest_mailed_code(email):
    """The newest code mailed to `email`, from the dev mailbox (which lists the newest first). An
    invite code is no secret: it is shared with the family and kept by the server to match."""
    with urllib.request.urlopen(f"{BASE}/dev/mail.json?to={urllib.request.quote(email)}") as response:
        mail = json.load(response)
    codes = [m["code"] for m in mail if m.get("code")]
    if not codes:
        raise AssertionError(f"no code was mailed to {email}")
    return codes[0]


def totp(key, at):
    """RFC 6238 as an authenticator app computes it: HMAC-SHA1 over the 30-second step, six digits."""
    import base64
    import hashlib
    import hmac
    secret_bytes = base64.b32decode(key + "=" * (-len(key) % 8))
    mac = hmac.new(secret_bytes, struct.pack(">Q", int(at) // 30), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1000000)


def tiny_png():
    """A 2x2 PNG made here, as a photo to upload."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    pixels = b"".join(b"\x00" + b"\x8b\x5c\xf6" * 2 for _ in range(2))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(pixels)) + chunk(b"IEND", b""))
    path = os.path.join(tempfile.mkdtemp(prefix="doorstep-photo-"), "me.png")
    with open(path, "wb") as file:
        file.write(png)
    return path


# Chromium's headless shell: the same engine, renderer and DevTools as the browser, without the
# browser's own windows and services. It costs a walk about a third less CPU than `chromium
# --headless=new`; a walk's pages, scripts, storage, virtual authenticators and accessibility tree
# are the engine's. It has no back-forward cache, so a walk that needs one (`back_forward_cache`)
# runs in the whole browser. The switches are ChromeDriver's own for a browser it starts, so a tab
# in the background keeps its timers as the walking tab does. /usr/bin's is a script that does not
# exec it, and would leave the browser running when told to end.
BROWSER = "/usr/lib/chromium/chromium-headless-shell"
# What every walk's browser is started with, the shell or the whole browser: a phone's window.
PHONE_SWITCHES = ["--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844"]
BROWSER_SWITCHES = PHONE_SWITCHES + [
    "--enable-automation", "--no-first-run", "--disable-background-networking",
    "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
    "--disable-client-side-phishing-detection",
    "--disable-default-apps", "--disable-hang-monitor", "--disable-popup-blocking",
    "--disable-prompt-on-repost", "--disable-sync", "--password-store=basic", "--use-mock-keychain",
    "--allow-pre-commit-input", "--disable-features=IgnoreDuplicateNavs,Prewarm",
]


def back_forward_cache(walk):
    """Marks a walk whose browser keeps the pages it leaves, as a person's does, to go Back and
    Forward to them unchanged."""
    walk.back_forward_cache = True
    return walk


class Browser:
    """A browser process of a walk's own and the DevTools port WebDriver reaches it on."""

    def __init__(self, process, port, log):
        self.process, self.port, self.log = process, port, log


def start_browser(profile, language=None):
    """Starts the headless shell on `profile`, in `language` when given (its own words and the
    Accept-Language it sends, as a person's phone set to it would), and waits for its DevTools port.
    ChromeDriver attaches to it: given a profile of the walk's, ChromeDriver starts a browser with no
    page, which the headless shell then never opens."""
    active_port = os.path.join(profile, "DevToolsActivePort")
    if os.path.exists(active_port):
        os.remove(active_port)
    switches = BROWSER_SWITCHES + [f"--user-data-dir={profile}", "--remote-debugging-port=0"]
    if language:
        switches += [f"--lang={language}", f"--accept-lang={language}"]
    log = open(os.path.join(WORKDIR, "browser.log"), "a")
    # In the walks' process group, so that scripts/test stopping the walks stops their browsers too.
    process = subprocess.Popen([BROWSER] + switches + ["about:blank"], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            log.close()
            raise RuntimeError(f"{BROWSER} ended at start with status {process.returncode}; see {log.name}")
        try:
            with open(active_port) as file:
                port = file.readline().strip()
            if port:
                return Browser(process, int(port), log)
        except OSError:
            pass
        time.sleep(POLL)
    stop_browser(Browser(process, 0, log))
    raise RuntimeError(f"{BROWSER} opened no DevTools port in 30 s; see {log.name}")


def stop_browser(browser):
    """Ends the browser as closing it does, so that it writes what it keeps to its profile, and waits;
    one that does not end in 15 s is killed with every process it started. Its helpers (the GPU
    process, renderers) left without it would spin on their broken channel."""
    helpers = descendants(browser.process.pid)
    browser.process.terminate()
    try:
        browser.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        helpers |= descendants(browser.process.pid)
        browser.process.kill()
        browser.process.wait()
    for pid in helpers:
        try:
            # Still the browser's: a number freed by a helper that ended may have been given again.
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                if file.read().startswith(BROWSER.encode()):
                    os.kill(pid, signal.SIGKILL)
        except (OSError, ProcessLookupError):
            pass
    browser.log.close()


def descendants(pid):
    """The processes `pid` started and what they started, from /proc."""
    children = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as file:
                # The parent is the second field after the command, which is in parentheses.
                parent = int(file.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, set()).add(int(entry))
    found, waiting = set(), [pid]
    while waiting:
        for child in children.get(waiting.pop(), ()):
            if child not in found:
                found.add(child)
                waiting.append(child)
    return found


class Person:
    """One person at one browser: finds things by what they read, and photographs every screen."""

    def __init__(self, flow, profile=None, language=None, back_forward_cache=False):
        self.language = language
        # Every browser keeps its profile under the walk's folder, so what it stores is searched too.
        profile = profile or tempfile.mkdtemp(prefix="profile-", dir=WORKDIR)
        service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
        options = webdriver.ChromeOptions()
        if back_forward_cache:
            # The whole browser, which ChromeDriver starts and ends itself.
            self.browser = None
            if language:
                options.add_argument(f"--lang={language}")
                options.add_experimental_option("prefs", {"intl.accept_languages": language})
            for switch in PHONE_SWITCHES + ["--headless=new", f"--user-data-dir={profile}"]:
                options.add_argument(switch)
            self.driver = webdriver.Chrome(options=options, service=service)
        else:
            self.browser = start_browser(profile, language)
            options.debugger_address = f"127.0.0.1:{self.browser.port}"
            try:
                self.driver = webdriver.Chrome(options=options, service=service)
            except Exception:
                stop_browser(self.browser)
                raise
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        self.flow = flow
        # The tab the page is checked in other languages in, once opened.
        self.side_tab = None
        self.shots = os.path.join(ARTIFACTS, flow)
        os.makedirs(self.shots, exist_ok=True)

    def quit(self):
        """Closes the browser as a person does, so that what it keeps is written to its profile, and
        ends its ChromeDriver."""
        driver, self.driver = self.driver, None
        if driver is None:
            return
        if self.browser is None:
            driver.quit()
            return
        try:
            stop_browser(self.browser)
        finally:
            try:
                driver.quit()
            except WebDriverException:
                pass  # the browser it was attached to has ended; its ChromeDriver is stopped all the same

    def add_authenticator(self):
        """A platform authenticator with Face ID, as WebDriver's virtual authenticator: CTAP2,
        internal transport, resident keys, user verification."""
        options = VirtualAuthenticatorOptions()
        options.protocol = VirtualAuthenticatorOptions.Protocol.CTAP2
        options.transport = VirtualAuthenticatorOptions.Transport.INTERNAL
        options.has_resident_key = True
        options.has_user_verification = True
        options.is_user_verified = True
        options.is_user_consenting = True
        self.driver.add_virtual_authenticator(options)

    def authenticator_credentials(self):
        return self.driver.get_credentials()

    # Reading the page

    @property
    def screen(self):
        try:
            return self.driver.execute_script(
                "return document.readyState === 'complete' && document.body ? document.body.dataset.screen : null")
        except WebDriverException:
            return None

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def second_slide(self):
        """TANDA's carousel experiment: two dots under the first slide mean the two-slide variant,
        whose Next leads to the last slide; three mean the control."""
        dots = self.driver.find_elements(By.CSS_SELECTOR, "ol.dots li")
        return {2: "slide3", 3: "slide2"}[len(dots)]

    def shot(self):
        number = next_shot_number(self.flow)
        save_shot(self.driver, os.path.join(self.shots, f"{number:02d}-{self.screen}.jpg"))
        self.check_accessibility()

    # The page's key for the accessibility check: its path, screen, language and how many messages it shows.
    PAGE_KEY = ("var b = document.body; if (document.readyState !== 'complete' || !b) return null;"
                "return [location.pathname, b.dataset.screen || '', document.documentElement.lang || '',"
                " document.querySelectorAll('.has-error, [role=alert], .message').length]")

    def check_accessibility(self):
        """Runs axe-core's WCAG 2.2 A/AA rules over the page, once per page and state (its path, screen,
        language and the messages it shows), and keeps what it finds; then over the same page in the
        other shipped languages, opened beside it as a person with those languages would see it."""
        try:
            key = self.driver.execute_script(self.PAGE_KEY)
        except WebDriverException:
            return
        if key is None or not self.run_axe(key):
            return
        self.check_other_languages(key)

    def run_axe(self, key, injected=False):
        """Checks the page `key` names unless a walk already has; whether this one did. `injected`: the
        page came with axe-core (the side tab's pages do)."""
        page = page_name(key)
        if not first_time(CHECKED_PAGES, page):
            return False
        if not injected:
            self.driver.execute_script(axe_source())
        violations = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
            ".then(function (result) { done(result.violations); }, function (error) { done(String(error)); });",
            AXE_TAGS)
        if isinstance(violations, str):
            raise AssertionError(f"axe-core could not check {page}: {violations}")
        for violation in violations:
            for node in violation["nodes"]:
                ACCESSIBILITY.append({
                    "page": page, "rule": violation["id"], "impact": violation["impact"],
                    "target": " ".join(map(str, node["target"])),
                    "summary": " ".join((node.get("failureSummary") or "").split())})
        return True

    def check_other_languages(self, key):
        """The page in each shipped language it was not walked in, once per screen (its states with
        messages share its colours and layout): a second tab of the same browser, the same sign-in and
        walk, asks for it in that language. Nothing runs in that tab but axe: its script is blocked, so
        no timer or form there moves the walk on. A screen that moves on by itself (a splash) is left to
        the walks in its language, as the walk's own tab must not miss it; so is a page a person's
        language choice pins to one language, or one that is another screen when asked again."""
        path, screen, language, messages = key
        if (self.driver.find_elements(By.CSS_SELECTOR, "[data-timer]")
                or not first_time(SCREENS_IN_EVERY_LANGUAGE, (path, screen))):
            return
        wanted = [other for other in SHIPPED_LANGUAGES
                  if other != language and page_name([path, screen, other, messages]) not in CHECKED_PAGES]
        if not wanted:
            return
        url = self.driver.current_url
        walking = self.driver.current_window_handle
        self.open_side_tab()
        try:
            for other in wanted:
                self.driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": other}})
                self.driver.get(url)
                seen = self.driver.execute_script(self.PAGE_KEY)
                if seen and seen[:3] == [path, screen, other]:
                    self.run_axe(seen, injected=True)
        finally:
            self.driver.switch_to.window(walking)

    def open_side_tab(self):
        """Switches to the tab the other languages are checked in, opening it the first time."""
        if self.side_tab is not None:
            self.driver.switch_to.window(self.side_tab)
            return
        self.driver.switch_to.new_window("tab")
        self.side_tab = self.driver.current_window_handle
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/funnel/funnel.js*"]})
        # Every page this tab loads is loaded to be checked, so axe-core comes with each document: sent to
        # the browser once, not through WebDriver with each page, it costs a page 60 ms of CPU less.
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": axe_source()})

    def wait_for(self, screen, timeout=15):
        try:
            WebDriverWait(self.driver, timeout, POLL).until(lambda _: self.screen == screen)
        except TimeoutException:
            self.shot()
            raise AssertionError(f"expected {screen}, still on {self.screen}: {self.text()}") from None
        self.shot()

    def sees(self, words):
        """Whether the page reads `words`; False while a new page is replacing the old one (the body
        read may then be stale, gone, or a node of the old document), as `screen` reads it too."""
        try:
            return words in self.text()
        except WebDriverException:
            return False

    def t(self, english):
        """What `english` reads in this person's language, from the flow's String Catalog."""
        if not self.language:
            return english
        return translation(TRANSLATIONS[self.flow]["strings"][english]["localizations"][self.language])

    def english_left(self):
        """The English still shown or read out on a page in another language: the flow's strings
        on the page, and the renderers' own words (up to their first placeholder) in what screen
        readers hear, each as whole words ("Confirm" is not in "Confirmar"), only where its
        translation differs and long enough to mean something."""
        text = self.text()
        labels = " | ".join(element.get_attribute("aria-label") or ""
                            for element in self.driver.find_elements(By.CSS_SELECTOR, "[aria-label]"))
        def left(strings, where, keep_placeholders):
            found = []
            for source, entry in strings.items():
                translated = translation(entry["localizations"][self.language])
                words = source.split("{")[0] if keep_placeholders else source
                if (len(words) >= 4 and (keep_placeholders or "{" not in source)
                        and translated.split("{")[0] != words
                        and re.search(r"(?<!\w)" + re.escape(words.strip()) + r"(?!\w)", where)):
                    found.append(source)
            return found
        return sorted(left(TRANSLATIONS[self.flow]["strings"], text, False)
                      + left(WORDS["strings"], labels + " | " + text, True))

    def inline_start_side(self, css):
        """Which side of the page the first element matching `css` sits on: "left" or "right"."""
        box = self.driver.execute_script(
            "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return [r.left + r.width / 2, window.innerWidth];", css)
        return "left" if box[0] < box[1] / 2 else "right"

    # Acting

    def open(self, path):
        self.driver.get(BASE + path)
        self.check_accessibility()

    def press(self, label, navigates=True):
        """Presses the button or link whose visible text (or accessible name) is `label`, and waits for
        the page it leads to."""
        literal = json.dumps(label, ensure_ascii=False)
        xpath = (f"//button[normalize-space(.)={literal} or @aria-label={literal}"
                 f" or .//*[normalize-space(.)={literal}]] | //a[normalize-space(.)={literal}]")
        for element in self.driver.find_elements(By.XPATH, xpath):
            if element.is_displayed() or element.get_attribute("aria-label") == label:
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                if navigates:
                    self.driver.execute_script("window.leavingPage = true")
                element.click()
                if navigates:
                    WebDriverWait(self.driver, 30, POLL).until(lambda _: self.arrived())
                return
        raise NoSuchElementException(f"no button '{label}' on {self.screen}: {self.text()}")

    def button(self, label):
        literal = json.dumps(label, ensure_ascii=False)
        return self.driver.find_element(
            By.XPATH, f"//button[normalize-space(.)={literal} or @aria-label={literal} or .//*[normalize-space(.)={literal}]]")

    def can_press(self, label, timeout=5):
        """Whether the button is enabled, as the engine reports it (script keeps the page in step):
        True once it is enabled within `timeout` seconds, False if it stays disabled."""
        try:
            WebDriverWait(self.driver, timeout).until(lambda _: self.button(label).is_enabled())
            return True
        except TimeoutException:
            return False

    def cannot_press(self, label):
        """Whether the button is disabled, checked at once."""
        return not self.button(label).is_enabled()

    def focused(self):
        return self.driver.execute_script("return document.activeElement && document.activeElement.id")

    def arrived(self):
        try:
            return self.driver.execute_script("return !window.leavingPage && document.readyState === 'complete'")
        except WebDriverException:
            return False

    def field(self, label):
        """The control a label names, or the one whose accessible name starts with it."""
        literal = json.dumps(label, ensure_ascii=False)
        labels = self.driver.find_elements(By.XPATH, f"//label[normalize-space(.)={literal}]")
        if labels:
            return self.driver.find_element(By.ID, labels[0].get_attribute("for"))
        legends = self.driver.find_elements(By.XPATH, f"//fieldset[legend[normalize-space(.)={literal}]]")
        if legends:
            return legends[0].find_element(By.CSS_SELECTOR, "input")
        return self.driver.find_element(By.XPATH, f"//*[starts-with(@aria-label, {literal})]")

    def type(self, label, text, clear=True):
        element = self.field(label)
        if clear:
            element.clear()
        element.send_keys(text)

    def set_value(self, label, value):
        """Sets a date or time control the way its picker would."""
        element = self.field(label)
        self.driver.execute_script("arguments[0].value = arguments[1]", element, value)

    def tick(self, label):
        element = self.field(label)
        if not element.is_selected():
            self.driver.execute_script("arguments[0].click()", element)

    def choose(self, option):
        literal = json.dumps(option, ensure_ascii=False)
        label = self.driver.find_element(By.XPATH, f"//label[.//*[normalize-space(text())={literal}]]")
        label.click()

    def enter_code(self, label, code):
        self.field(label).send_keys(code)


# Each flow's translations, as its String Catalog ships them.
TRANSLATIONS = {
    flow: json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources",
                                      "DoorstepFlow", "Catalog", "Flows", f"{flow}.xcstrings"), encoding="utf-8"))
    for flow in ["tanda", "trainer", "familysync", "destiny", "kordant"]
}

# The server's own words (the account center, problems), as its String Catalog ships them.
MESSAGES = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources",
                                       "DoorstepServerCore", "Resources", "Messages.xcstrings"), encoding="utf-8"))
# The renderers' own words: default button titles, progress and countdown labels.
WORDS = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources",
                                    "DoorstepPresentation", "Resources", "Words.xcstrings"), encoding="utf-8"))


def translation(localization):
    """A String Catalog translation's text: its one text, or for a string worded by count its
    "other" form."""
    unit = localization.get("stringUnit") or localization["variations"]["plural"]["other"]["stringUnit"]
    return unit["value"]


def message(english, language):
    """What one of the server's own sentences reads in `language`: its messages, or the renderers'
    words that its pages share."""
    catalog = MESSAGES if english in MESSAGES["strings"] else WORDS
    return translation(catalog["strings"][english]["localizations"][language])


def newest_mail(email):
    """The newest mail to `email` in the dev mailbox."""
    with urllib.request.urlopen(f"{BASE}/dev/mail.json?to={urllib.request.quote(email)}") as response:
        return json.load(response)[0]


def api(path, body=None, token=None):
    """One call to the server's API as an app makes it: JSON in and out, a problem's JSON as the answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, headers=headers)
    try:
        return json.load(urllib.request.urlopen(request, timeout=10))
    except urllib.error.HTTPError as error:
        return json.load(error)


# Trainer's flow as the catalog ships it: the intake's fields and their example answers.
TRAINER = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources",
                                      "DoorstepFlow", "Catalog", "Flows", "trainer.json"), encoding="utf-8"))
# Trainer's questions, screen by screen, from the call to action to "Got it".
TRAINER_INTAKE = ["name", "age", "gender", "goals", "timeline", "experienceLevel", "frequency", "currentRoutine",
                  "pastAttempts", "hobbySports", "height", "weight", "bodyComp", "physicalBaseline", "mobility",
                  "injuries", "healthNuances", "supplements", "activityLevel", "sleep", "nutrition", "environment",
                  "movementPrefs", "coachingStyle", "anythingElse"]


def trainer_account_with_intake(email, **answers):
    """An account that kept its Trainer intake on an earlier visit, made as the app makes it: signed up
    with a mailed code, then the intake sent, the flow's example answers with `answers` over them.
    Returns the app's access token, to read the kept answers back."""
    api("/v1/auth/code", {"email": email, "purpose": "signup"})
    session = api("/v1/auth/code/verify", {"email": email, "code": latest_code(email), "purpose": "signup"})
    SECRETS.update([session["accessToken"], session["refreshToken"]])
    intake = next(effect["args"]["fields"] for transition in TRAINER["transitions"]
                  if transition.get("from") == "preparingGoals" for effect in transition["effects"]
                  if effect["name"] == "submitAnswers")
    kept = {field["id"]: field["example"] for field in TRAINER["fields"] if field["id"] in intake}
    kept.update(answers)
    submission = api("/v1/me/flows/trainer/answers", {"flowVersion": TRAINER["version"], "answers": kept},
                     session["accessToken"])
    if "submissionId" not in submission:
        raise AssertionError(f"the intake was not kept: {submission}")
    return session["accessToken"]


class FunnelWalk(unittest.TestCase):
    def person(self, flow, profile=None, language=None):
        walk = getattr(self, self._testMethodName)
        person = Person(flow, profile, language, back_forward_cache=getattr(walk, "back_forward_cache", False))
        self.addCleanup(person.quit)
        return person

    def assert_all_translated(self, person):
        person.shot()
        self.assertEqual(person.english_left(), [], f"English left on {person.screen}")

    def test_tanda_in_arabic_right_to_left(self):
        email = "layla.tanda@example.com"
        layla = self.person("tanda", language="ar")
        t = layla.t
        layla.open("/flows/tanda")
        layla.wait_for("slide1")
        self.assertEqual(layla.driver.find_element(By.TAG_NAME, "html").get_attribute("dir"), "rtl")
        self.assert_all_translated(layla)
        second = layla.second_slide()
        layla.press("التالي")
        layla.wait_for(second)
        self.assert_all_translated(layla)
        layla.press(t("Get Started"))
        layla.wait_for("createAccount")
        self.assert_all_translated(layla)
        layla.type(t("Email"), email)
        layla.press(t("Continue"))
        layla.wait_for("verifyEmail")
        self.assert_all_translated(layla)
        layla.enter_code(t("Verification code"), latest_code(email))
        layla.press(t("Verify"))
        layla.wait_for("celebration")
        self.assert_all_translated(layla)
        layla.press(t("Continue"))
        layla.wait_for("createPassword")
        self.assert_all_translated(layla)
        # Mirrored: the back arrow on the right, pointing right; the steps fill from the right.
        self.assertEqual(layla.inline_start_side(".action-back"), "right")
        self.assertIn("directional", layla.driver.find_element(
            By.CSS_SELECTOR, ".action-back .action-symbol").get_attribute("class"))
        self.assertEqual(layla.driver.execute_script(
            "return getComputedStyle(document.querySelector('.action-back .action-symbol')).transform"),
            "matrix(-1, 0, 0, 1, 0, 0)")
        self.assertEqual(layla.inline_start_side(".progress .segment"), "right")
        layla.type(t("Password"), secret("Sunny-Days-2026"))
        layla.type(t("Confirm Password"), "Sunny-Days-2026")
        layla.press(t("Continue"))
        layla.wait_for("addPasskey")
        self.assert_all_translated(layla)
        layla.press(t("Not Now"))
        layla.wait_for("name")
        self.assert_all_translated(layla)
        layla.type(t("First Name"), "ليلى")
        layla.type(t("Last Name"), "Haddad")
        layla.press(t("Continue"))
        layla.wait_for("legal")
        self.assert_all_translated(layla)
        layla.tick(t("I agree to the") + " " + t("Terms of Service"))
        layla.tick(t("I agree to the") + " " + t("Privacy Policy"))
        layla.press(t("Continue"))
        layla.wait_for("photo")
        self.assert_all_translated(layla)
        layla.press(t("Skip for Now"))
        layla.wait_for("home")
        self.assert_all_translated(layla)

    def test_kordant_in_spanish_from_the_language_switch(self):
        email = "lucia.kordant@example.com"
        lucia = self.person("kordant")
        lucia.open("/flows/kordant")
        lucia.wait_for("login")
        lucia.press("Español")
        lucia.wait_for("login")
        lucia.language = "es"
        t = lucia.t
        self.assertEqual(lucia.driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "es")
        self.assert_all_translated(lucia)
        lucia.press(t("Don't have an account? Sign up"))
        lucia.wait_for("signup")
        self.assert_all_translated(lucia)
        lucia.type(t("Name"), "Lucía Fernández de la Vega")
        lucia.type(t("Email"), email)
        lucia.type(t("Password"), secret("Escudo-Fuerte-42!"))
        lucia.type(t("Confirm Password"), "Escudo-Fuerte-42!")
        lucia.tick(t("I agree to the") + " " + t("Terms of Service"))
        lucia.press(t("Create Account"))
        lucia.wait_for("plan")
        self.assert_all_translated(lucia)
        mail = newest_mail(email)
        self.assertIn(" es tu código de ", mail["subject"])
        self.assertTrue(mail["subject"].endswith(" para confirmar tu correo"), mail["subject"])
        self.assertIn("Caduca en", mail["text"])
        self.assert_all_translated(lucia)
        lucia.choose(t("Basic"))
        lucia.press(t("Continue"))
        lucia.wait_for("watchlist")
        self.assert_all_translated(lucia)

        # The account center follows the language chosen on the switch, and keeps the name whole.
        lucia.open("/account")
        lucia.wait_for("account")
        lucia.shot()
        self.assertEqual(lucia.driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "es")
        for english in ["Your account", "Save name", "Where you're signed in", "Delete account"]:
            self.assertIn(message(english, "es"), lucia.text())
            self.assertNotIn(english, lucia.text())
        self.assertEqual(lucia.field(message("Name", "es")).get_attribute("value"), "Lucía Fernández de la Vega")

    def test_index_lists_every_flow(self):
        sam = self.person("index")
        sam.open("/")
        for title in ["TANDA", "AI Personal Trainer", "FamilySync", "Destiny", "Kordant"]:
            self.assertIn(title, sam.text())
        save_shot(sam.driver, os.path.join(sam.shots, "01-index.jpg"))

    def test_tanda_new_account_then_existing_account_with_a_wrong_password_first(self):
        email = "sam.tanda@example.com"
        sam = self.person("tanda")
        sam.open("/flows/tanda")
        sam.wait_for("slide1")
        second = sam.second_slide()
        sam.press("Next")
        sam.wait_for(second)
        sam.press("Get Started")
        sam.wait_for("createAccount")
        self.assertTrue(sam.cannot_press("Continue"), "disabled until a valid email")
        sam.type("Email", "not-an-email")
        self.assertTrue(sam.cannot_press("Continue"), "disabled until a valid email")
        sam.type("Email", email)
        self.assertTrue(sam.can_press("Continue"))
        sam.press("Continue")
        sam.wait_for("verifyEmail")
        sam.enter_code("Verification code", "000000" if latest_code(email) != "000000" else "111111")
        sam.press("Verify")
        sam.wait_for("verifyEmail")
        sam.enter_code("Verification code", latest_code(email))
        sam.press("Verify")
        sam.wait_for("celebration")
        sam.press("Continue")
        sam.wait_for("createPassword")
        sam.type("Password", secret("Sunny-Days-2026"))
        sam.type("Confirm Password", secret("Sunny-Days-2027"))
        self.assertTrue(sam.cannot_press("Continue"), "disabled while the passwords differ")
        sam.type("Password", "Sunny-Days-2026")
        sam.type("Confirm Password", "Sunny-Days-2026")
        sam.press("Continue")
        sam.wait_for("addPasskey")
        sam.press("Not Now")
        sam.wait_for("name")
        # Markup or digits in a name are refused as the person leaves the field, in the server's words.
        sam.type("First Name", "<script>alert(1)</script>")
        sam.type("Last Name", "Jones")
        self.assertTrue(sam.cannot_press("Continue"), "a name is letters only")
        self.assertTrue(sam.sees("Please enter a name using letters only."), sam.text())
        self.assertEqual(len(sam.driver.find_elements(By.TAG_NAME, "script")), 1, "only the funnel's own script")
        sam.type("First Name", "Sam")
        sam.press("Continue")
        sam.wait_for("legal")
        self.assertTrue(sam.cannot_press("Continue"), "disabled until both boxes are ticked")
        sam.tick("I agree to the Terms of Service")
        self.assertTrue(sam.cannot_press("Continue"))
        sam.tick("I agree to the Privacy Policy")
        sam.press("Continue")
        sam.wait_for("photo")
        # The empty circle is a person with a plus; "Add Photo" opens the picker, and the photo
        # picked is sent.
        avatar = sam.driver.find_element(By.CSS_SELECTOR, ".avatar")
        self.assertNotIn("has-photo", avatar.get_attribute("class"))
        self.assertTrue(avatar.find_element(By.CSS_SELECTOR, ".avatar-empty svg").is_displayed())
        self.assertTrue(avatar.find_element(By.CSS_SELECTOR, ".badge-add").is_displayed())
        self.assertFalse(avatar.find_element(By.CSS_SELECTOR, ".file-input").is_displayed(), "no raw file input")
        sam.press("Add Photo", navigates=False)
        self.assertEqual(sam.screen, "photo", "the picker opened; nothing was sent without a photo")
        sam.driver.execute_script("window.leavingPage = true")
        sam.field("Choose a photo").send_keys(tiny_png())
        WebDriverWait(sam.driver, 30, POLL).until(lambda _: sam.arrived())
        sam.wait_for("home")

        # The same person on another browser: the account exists, so a password is asked.
        again = self.tanda_email_sent(email, "passwordLogin")
        again.type("Password", secret("Wrong-Password-1"))
        again.press("Sign In")
        again.wait_for("passwordLogin")
        self.assertTrue(again.sees("Incorrect password. Please try again."), again.text())
        again.type("Password", "Sunny-Days-2026")
        again.press("Sign In")
        again.wait_for("home")

    def test_tanda_carousel_experiment_shows_each_browser_its_own_variant(self):
        """New browsers are spread over the two carousels; each keeps its own across visits."""
        seen = set()
        for visitor in range(12):
            if len(seen) == 2:
                break
            person = self.person("tanda-experiment")
            person.open("/flows/tanda")
            person.wait_for("slide1")
            second = person.second_slide()
            person.press("Next")
            person.wait_for(second)
            person.open("/flows/tanda")
            person.wait_for(second)
            if visitor % 2 == 0:
                person.press("Get Started")
                person.wait_for("createAccount")
            seen.add(second)
            person.quit()
        self.assertEqual(seen, {"slide2", "slide3"}, "twelve browsers meet both carousels")

    def test_tanda_passkey_signs_back_in_alone(self):
        email = "pia.passkey@example.com"
        pia = self.person("tanda")
        pia.add_authenticator()
        pia.driver.get(PASSKEY_BASE + "/flows/tanda")
        pia.wait_for("slide1")
        pia.press("Get Started")
        pia.wait_for("createAccount")
        pia.type("Email", email)
        pia.press("Continue")
        pia.wait_for("verifyEmail")
        pia.enter_code("Verification code", latest_code(email))
        pia.press("Verify")
        pia.wait_for("celebration")
        pia.press("Continue")
        pia.wait_for("createPassword")
        pia.type("Password", secret("Passkey-Days-2026"))
        pia.type("Confirm Password", "Passkey-Days-2026")
        pia.press("Continue")
        pia.wait_for("addPasskey")
        pia.press("Use Face ID")
        pia.wait_for("name")
        self.assertEqual(len(pia.authenticator_credentials()), 1, "the browser's authenticator holds the passkey")

        # Signed out (the browser forgets its session), Pia comes back with the passkey alone, to the
        # setup she left unfinished at her name.
        pia.driver.delete_all_cookies()
        pia.driver.get(PASSKEY_BASE + "/flows/tanda")
        pia.wait_for("slide1")
        pia.press("Get Started")
        pia.wait_for("createAccount")
        pia.press("Continue with a passkey")
        pia.wait_for("name")

        # A browser without passkey support never sees the button, and the flow works as before.
        plain = self.person("tanda")
        plain.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "delete window.PublicKeyCredential"})
        plain.driver.get(PASSKEY_BASE + "/flows/tanda")
        plain.wait_for("slide1")
        plain.press("Get Started")
        plain.wait_for("createAccount")
        self.assertFalse(plain.button("Continue with a passkey").is_displayed())

    def kordant_passkey_sign_up(self, name, email):
        """A person with a passkey-capable browser signs up to Kordant choosing a passkey, to the
        screen that saves it."""
        person = self.person("kordant")
        person.add_authenticator()
        person.driver.get(PASSKEY_BASE + "/flows/kordant")
        person.wait_for("login")
        person.press("Don't have an account? Sign up")
        person.wait_for("signup")
        person.type("Name", name)
        person.type("Email", email)
        person.tick("I agree to the Terms of Service")
        person.press("Sign up with a passkey")
        person.wait_for("verifySignUp")
        person.enter_code("Verification code", latest_code(email))
        person.press("Create Account")
        person.wait_for("createPasskey")
        return person

    def test_kordant_signs_up_with_a_passkey_instead_of_a_password(self):
        kai = self.kordant_passkey_sign_up("Kai Moana", "kai.passkey@example.com")
        kai.press("Save Passkey")
        kai.wait_for("plan")
        self.assertEqual(len(kai.authenticator_credentials()), 1)

        kai.driver.delete_all_cookies()
        kai.driver.get(PASSKEY_BASE + "/flows/kordant")
        kai.wait_for("login")
        kai.press("Sign in with a passkey")
        kai.wait_for("plan")

    def test_kordant_chooses_a_password_instead_of_a_passkey(self):
        """Signing up for a passkey, "Use a password instead" on the passkey screen asks for a password
        and saves none in the authenticator; the password then signs the person in."""
        email = "mika.password@example.com"
        mika = self.kordant_passkey_sign_up("Mika Laine", email)
        mika.press("Use a password instead")
        mika.wait_for("choosePassword")
        mika.type("Password", secret("Lantern-Harbor-58!"))
        mika.type("Confirm Password", "Lantern-Harbor-58!")
        mika.press("Continue")
        mika.wait_for("plan")
        self.assertEqual(mika.authenticator_credentials(), [], "no passkey was saved")

        # Signed out (the browser forgets its session), Mika signs in with the password.
        mika.driver.delete_all_cookies()
        mika.driver.get(PASSKEY_BASE + "/flows/kordant")
        mika.wait_for("login")
        mika.type("Email", email)
        mika.type("Password", "Lantern-Harbor-58!")
        mika.press("Sign In")
        mika.wait_for("plan")

    def test_trainer_intake_resumes_after_the_browser_is_closed(self):
        email = "alex.trainer@example.com"
        profile = tempfile.mkdtemp(prefix="profile-", dir=WORKDIR)
        alex = self.person("trainer", profile)
        alex.open("/flows/trainer")
        alex.wait_for("introHero")
        alex.press("Continue")
        alex.wait_for("introNarration")
        alex.press("Skip")
        alex.wait_for("introCTA")
        alex.press("Get Started")
        alex.wait_for("name")
        self.assertEqual(alex.focused(), alex.field("What should I call you").get_attribute("id"), "the keyboard opens")
        alex.type("What should I call you", "Alex")
        alex.press("Next")
        alex.wait_for("age")
        alex.press("Increase", navigates=False)
        alex.press("Increase", navigates=False)
        self.assertEqual(alex.field("How old are you").get_attribute("value"), "32")
        alex.press("Next")
        alex.wait_for("gender")
        alex.choose("Female")
        alex.press("Next")
        alex.wait_for("goals")
        alex.type("What do you want to achieve", "Get stronger and run a 10k")
        alex.press("Next")
        alex.wait_for("timeline")
        alex.quit()

        # Reopened: the walk is where it stopped, answers kept.
        alex = self.person("trainer", profile)
        alex.open("/flows/trainer")
        alex.wait_for("timeline")
        alex.press("Back")
        alex.wait_for("goals")
        self.assertEqual(alex.field("What do you want to achieve").get_attribute("value"), "Get stronger and run a 10k")
        alex.press("Next")
        alex.wait_for("timeline")
        voice = ["timeline", "experienceLevel", "frequency", "currentRoutine", "pastAttempts", "hobbySports"]
        for screen in voice:
            if screen != "timeline":
                alex.wait_for(screen)
            pills = alex.driver.find_elements(By.CSS_SELECTOR, ".pill")
            if pills:
                pills[0].click()
            else:
                alex.driver.find_element(By.TAG_NAME, "textarea").send_keys("Three months")
            alex.press("Next")
        alex.wait_for("height")
        alex.press("Decrease", navigates=False)
        self.assertTrue(alex.sees("5'7\""), alex.text())
        alex.press("Next")
        alex.wait_for("weight")
        alex.press("Next")
        for screen in ["bodyComp", "physicalBaseline", "mobility", "injuries", "healthNuances", "supplements",
                       "activityLevel", "sleep", "nutrition", "environment", "movementPrefs", "coachingStyle",
                       "anythingElse"]:
            alex.wait_for(screen)
            if screen != "anythingElse":
                alex.driver.find_element(By.TAG_NAME, "textarea").send_keys("Nothing special")
            alex.press("Next")
        alex.wait_for("complete")
        alex.press("Create my program")
        alex.wait_for("auth")
        alex.type("Email", email)
        alex.tick("I agree to the Terms and Privacy Policy")
        alex.press("Continue")
        alex.wait_for("otp")
        alex.enter_code("Verification code", latest_code(email))
        alex.press("Verify")
        alex.wait_for("goalReview", timeout=30)
        options = alex.driver.find_elements(By.CSS_SELECTOR, ".choice label")
        self.assertGreaterEqual(len(options), 2)
        options[0].click()
        alex.press("Confirm")
        alex.wait_for("programReview", timeout=30)
        self.assertTrue(alex.driver.find_elements(By.CSS_SELECTOR, ".markdown h2, .markdown h3, .markdown li"))
        alex.press("Activate Program")
        alex.wait_for("notifications")
        alex.press("Not now")
        alex.wait_for("success")
        self.assertTrue(alex.sees("You're all set, Alex!"), alex.text())

    def trainer_to_call_to_action(self):
        """A visitor through Trainer's hero and narration, to "Let's build your program"."""
        person = self.person("trainer")
        person.open("/flows/trainer")
        person.wait_for("introHero")
        person.press("Continue")
        person.wait_for("introNarration")
        person.press("Skip")
        person.wait_for("introCTA")
        return person

    def trainer_intake(self, person, name, goals):
        """Trainer's questions answered from the call to action to "Got it": a name and goals typed,
        each other question by its first suggestion or its starting value."""
        person.press("Get Started")
        for screen in TRAINER_INTAKE:
            person.wait_for(screen)
            if screen == "name":
                person.type("What should I call you", name)
            elif screen == "gender":
                person.choose("Male")
            elif screen == "goals":
                person.type("What do you want to achieve", goals)
            else:
                pills = person.driver.find_elements(By.CSS_SELECTOR, ".pill")
                if pills:
                    pills[0].click()
            person.press("Next")
        person.wait_for("complete")
        self.assertTrue(person.sees(f"Got it, {name}."), person.text())

    def test_trainer_returning_person_signs_in_straight_to_goals(self):
        """"Already have an account? Sign in" before the questions: a mailed code, and since the intake
        is kept from an earlier visit, straight to goals built from it, the kept answers untouched."""
        email = "robin.trainer@example.com"
        token = trainer_account_with_intake(email, name="Robin", goals="Swim across the lake", timeline="6 months")
        robin = self.trainer_to_call_to_action()
        robin.press("Already have an account? Sign in")
        robin.wait_for("signIn")
        self.assertTrue(robin.sees("Welcome back."), robin.text())
        robin.type("Email", email)
        robin.press("Continue")
        robin.wait_for("otp")
        robin.enter_code("Verification code", latest_code(email))
        robin.press("Verify")
        robin.wait_for("goalReview", timeout=30)
        self.assertTrue(robin.sees("Swim across the lake in 6 months"), robin.text())
        kept = api("/v1/me/flows/trainer/answers", token=token)
        self.assertEqual((kept["name"], kept["goals"], kept["age"]), ("Robin", "Swim across the lake", 34))

    def test_trainer_keeps_saved_answers_over_new_ones(self):
        """Answering the questions again and signing in to an account that has an intake asks first;
        "Keep my saved answers" builds the goals from the kept intake and keeps it as it was."""
        email = "noor.trainer@example.com"
        token = trainer_account_with_intake(email, name="Noor", goals="Swim across the lake", timeline="6 months")
        noor = self.trainer_to_call_to_action()
        self.trainer_intake(noor, "Nora", "Dunk a basketball")
        noor.press("Create my program")
        noor.wait_for("auth")
        noor.type("Email", email)
        noor.tick("I agree to the Terms and Privacy Policy")
        noor.press("Continue")
        noor.wait_for("otp")
        noor.enter_code("Verification code", latest_code(email))
        noor.press("Verify")
        noor.wait_for("keepIntake")
        self.assertTrue(noor.sees("You've told me about yourself before."), noor.text())
        self.assertTrue(noor.button("Use my new answers").is_displayed())
        noor.press("Keep my saved answers")
        noor.wait_for("goalReview", timeout=30)
        self.assertTrue(noor.sees("Swim across the lake in 6 months"), noor.text())
        self.assertFalse(noor.sees("Dunk a basketball"), noor.text())
        kept = api("/v1/me/flows/trainer/answers", token=token)
        self.assertEqual((kept["name"], kept["goals"], kept["timeline"]), ("Noor", "Swim across the lake", "6 months"))

    def test_familysync_follows_a_dark_device(self):
        """FamilySync follows the device's colour scheme (its spec gives each orb a dark colour): with the
        browser set to dark, the page is drawn on its dark background with light words; TANDA, dark
        only, and a light device see their own theme unchanged."""
        night = self.person("familysync")
        night.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        night.open("/flows/familysync")
        night.wait_for("slide1")
        style = night.driver.execute_script(
            "var s = getComputedStyle(document.body); return [s.getPropertyValue('--c-background').trim(),"
            " getComputedStyle(document.querySelector('h1, h2, .role-title, .role-display') || document.body).color];")
        self.assertEqual(style[0].upper(), "#020617", "slate.950 at night")
        self.assertEqual(style[1], "rgb(248, 250, 252)", "slate.50 words at night")
        night.shot()
        night.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "light"}]})
        background = night.driver.execute_script(
            "return getComputedStyle(document.body).getPropertyValue('--c-background').trim();")
        self.assertEqual(background.upper(), "#F8FAFC", "slate.50 by day")

    def test_familysync_join_by_code_with_a_wrong_code_first(self):
        owner = self.person("familysync")
        owner.open("/flows/familysync")
        owner.wait_for("slide1")
        owner.press("Next")
        owner.wait_for("slide2")
        owner.press("Next")
        owner.wait_for("slide3")
        owner.press("Get Started")
        owner.wait_for("syncChoice")
        self.assertFalse(owner.sees("Sync with iCloud"), owner.text())
        self.assertFalse(owner.sees("Sign in with Apple"), "Apple is not set up on this server")
        owner.press("Continue as Guest")
        owner.wait_for("householdSetup")
        self.assertEqual(owner.focused(), owner.field("Household name").get_attribute("id"), "the keyboard opens")
        self.assertTrue(owner.sees("Your lists stay on this device."), owner.text())
        self.assertTrue(owner.cannot_press("Create Household"), "disabled while the name is empty")
        owner.type("Household name", "Smith Family")
        self.assertTrue(owner.can_press("Create Household"))
        owner.press("Create Household")
        owner.wait_for("mainApp")
        code = owner.text().split("Invite code: ")[1].split()[0]

        partner = self.person("familysync")
        partner.open("/flows/familysync")
        partner.wait_for("slide1")
        partner.press("Next")
        partner.wait_for("slide2")
        partner.press("Next")
        partner.wait_for("slide3")
        partner.press("Get Started")
        partner.wait_for("syncChoice")
        partner.press("Continue as Guest")
        partner.wait_for("householdSetup")
        partner.press("Have an invite code? Join Household")
        partner.wait_for("joinHousehold")
        partner.type("Invite code", "ABCDEFGH" if code != "ABCDEFGH" else "HGFEDCBA")
        partner.press("Join Household")
        partner.wait_for("joinHousehold")
        self.assertTrue(partner.driver.find_elements(By.CSS_SELECTOR, ".field-error, .banner"), partner.text())
        partner.type("Invite code", code.lower())
        partner.press("Join Household")
        partner.wait_for("mainApp")
        self.assertTrue(partner.sees("Smith Family"), partner.text())

    def destiny_to_auth(self, name="destiny", time_zone=None, sees_splash=False):
        """A new visitor through Destiny's splash and four slides, to its sign-in choices; with
        `time_zone`, on a device set to that zone; with `sees_splash`, checking the splash is shown."""
        person = self.person(name)
        if time_zone:
            person.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": time_zone})
        person.open("/flows/destiny")
        # The splash moves on by itself: a page that loaded slowly on a busy machine may be past it
        # before it is looked at, so only the walk that checks it waits for it.
        if sees_splash:
            person.wait_for("splash")
        person.wait_for("slide1", timeout=30)
        for screen in ["slide2", "slide3", "slide4"]:
            person.press("Continue")
            person.wait_for(screen)
        person.press("Get Started")
        person.wait_for("auth")
        return person

    def test_destiny_guest_path_then_returning_home(self):
        guest = self.destiny_to_auth(sees_splash=True)
        self.assertFalse(guest.sees("Sign in with Apple"), "Apple is not set up on this server")
        page = guest.text()
        self.assertLess(page.index("Sign in with Email"), page.index("Continue as Guest"), page)
        self.assertLess(page.index("Continue as Guest"), page.index("By continuing"), "Guest above the terms")
        self.assertTrue(guest.driver.find_elements(By.CSS_SELECTOR, "svg.icon"), "symbols are inline icons")
        guest.press("Continue as Guest")
        guest.wait_for("birthData")
        self.assertTrue(guest.field("Date of Birth").get_attribute("value"), "the date starts at today")
        self.assertTrue(guest.cannot_press("Continue"), "disabled until a city is given")
        guest.set_value("Date of Birth", "1990-06-15")
        guest.set_value("Time of Birth", "14:30")
        guest.type("City of Birth", "Lisbon")
        guest.choose("Prefer not to say")
        guest.press("Continue")
        guest.wait_for("home")
        self.assertTrue(guest.sees("Welcome to Destiny!"), guest.text())

        # Opening the app again: the splash sends a returning guest straight home.
        guest.open("/flows/destiny")
        guest.wait_for("splash")
        guest.wait_for("home", timeout=15)

    def test_destiny_sign_out_ends_the_session(self):
        """"Sign Out" on home ends the session and lands on the sign-in choices; the account page no
        longer knows the browser, and opening Destiny again does not go home."""
        email = "orion.destiny@example.com"
        orion = self.destiny_to_auth()
        orion.press("Sign in with Email")
        orion.wait_for("emailEntry")
        orion.type("Email", email)
        orion.press("Send Code")
        orion.wait_for("emailCode")
        orion.enter_code("Verification code", latest_code(email))
        orion.press("Verify")
        orion.wait_for("birthData")
        orion.set_value("Date of Birth", "1988-11-02")
        orion.type("City of Birth", "Porto")
        orion.press("Continue")
        orion.wait_for("home")
        self.assertTrue(orion.sees("Signed in as: " + email), orion.text())
        orion.press("Sign Out")
        orion.wait_for("auth")
        self.assertTrue(orion.sees("Sign in with Email"), orion.text())
        orion.open("/account")
        self.assertTrue(orion.sees("Sign in through one of the flows to see your account."), orion.text())
        orion.open("/flows/destiny")
        orion.wait_for("splash")
        WebDriverWait(orion.driver, 15, POLL).until(lambda _: orion.screen not in (None, "splash"))
        orion.shot()
        # Signing out forgets the walk but not that the slides were seen, as the spec's signOut() keeps
        # hasSeenOnboarding: the sign-in choices come next, not the slides and not home.
        self.assertEqual(orion.screen, "auth", "a signed-out person is asked to sign in")

    def test_destiny_birth_time_starts_at_the_browsers_local_now(self):
        """In Los Angeles, the birth-data screen's date and time start at the browser's own "now" there,
        not at UTC's (a minute of slack for the clock turning between the two readings)."""
        pat = self.destiny_to_auth(time_zone="America/Los_Angeles")
        pat.press("Continue as Guest")
        pat.wait_for("birthData")
        local = pat.driver.execute_script(
            "var d = new Date(), p = n => String(n).padStart(2, '0');"
            "return [Intl.DateTimeFormat().resolvedOptions().timeZone,"
            " d.getFullYear() + '-' + p(d.getMonth() + 1) + '-' + p(d.getDate()), d.getHours() * 60 + d.getMinutes(),"
            " d.getTimezoneOffset()];")
        zone, today, minutes, offset = local
        self.assertEqual(zone, "America/Los_Angeles")
        self.assertIn(offset, (420, 480), "the browser's clock is in Pacific time")
        shown_date = pat.field("Date of Birth").get_attribute("value")
        shown_time = pat.field("Time of Birth").get_attribute("value")
        hours, mins = map(int, shown_time.split(":")[:2])
        slack = (hours * 60 + mins - minutes) % (24 * 60)
        self.assertIn(slack, (0, 1, 24 * 60 - 1), f"{shown_time} is not the browser's {minutes // 60:02d}:{minutes % 60:02d}")
        if minutes > 0:
            self.assertEqual(shown_date, today, "the date is the browser's today")

    def test_a_wrong_email_says_why_once_the_field_is_left(self):
        """Destiny's "Send Code" stays disabled under a wrong address; leaving the field says why, in the
        engine's words, and fixing the address takes the message away and enables the button."""
        luna = self.destiny_to_auth()
        luna.press("Sign in with Email")
        luna.wait_for("emailEntry")
        message = "Please enter a valid email address."
        luna.type("Email", "not-an-email")
        self.assertTrue(luna.cannot_press("Send Code"))
        luna.field("Email").send_keys(Keys.TAB)
        WebDriverWait(luna.driver, 5).until(lambda _: luna.sees(message))
        self.assertEqual(luna.field("Email").get_attribute("aria-invalid"), "true")
        luna.shot()
        luna.type("Email", "luna@example.com")
        WebDriverWait(luna.driver, 5).until(lambda _: not luna.sees(message))
        self.assertFalse(luna.cannot_press("Send Code"), "the fixed address enables the button")
        luna.field("Email").send_keys(Keys.TAB)
        self.assertFalse(luna.sees(message), "a right address left says nothing")

    def tanda_email_sent(self, email, screen):
        """A new browser through TANDA's Get Started with `email` entered and sent, to `screen`."""
        person = self.person("tanda")
        person.open("/flows/tanda")
        person.wait_for("slide1")
        person.press("Get Started")
        person.wait_for("createAccount")
        person.type("Email", email)
        person.press("Continue")
        person.wait_for(screen)
        return person

    def kordant_sign_up_form(self, name, email, password, while_typing=lambda person: None):
        """A new visitor's Kordant sign-up form filled in, terms ticked, not yet sent."""
        person = self.person("kordant")
        person.open("/flows/kordant")
        person.wait_for("login")
        person.press("Don't have an account? Sign up")
        person.wait_for("signup")
        person.type("Name", name)
        person.type("Email", email)
        person.type("Password", secret(password))
        while_typing(person)
        person.type("Confirm Password", password)
        person.tick("I agree to the Terms of Service")
        return person

    def test_kordant_sign_up_then_forgot_password(self):
        email = "kim.kordant@example.com"
        kim = self.kordant_sign_up_form(
            "Kim Lee", email, "Strong-Pass-42!",
            while_typing=lambda kim: self.assertIn(
                "met", kim.driver.find_element(By.CSS_SELECTOR, "[data-check=uppercase]").get_attribute("class")))
        before = kim.driver.get_cookie("doorstep_funnel")["value"]
        kim.press("Create Account")
        kim.wait_for("plan")
        after = kim.driver.get_cookie("doorstep_funnel")["value"]
        self.assertNotEqual(before, after, "the funnel's cookie is replaced at sign-up")
        stale = urllib.request.Request(BASE + "/flows/kordant", headers={"Cookie": "doorstep_funnel=" + before})
        self.assertIn('data-screen="login"', urllib.request.urlopen(stale, timeout=10).read().decode(),
                      "the cookie from before sign-up is not signed in")
        self.assertTrue(kim.cannot_press("Continue"), "disabled until a plan is chosen")
        for feature in ["Breach alerts by email", "Instant alerts on your iPhone", "Everything in Plus"]:
            self.assertTrue(kim.sees(feature), f"the plan cards list {feature!r}")
        self.assertTrue(kim.sees("Plus and Premium are bought in the Kordant app on iPhone."),
                        "the web sells nothing and says where plans are bought")
        self.assertTrue(kim.sees("Payment is charged to your Apple Account."), "the renewal terms")
        links = {a.text: a.get_attribute("href") for a in kim.driver.find_elements(By.CSS_SELECTOR, ".paywall-links a")}
        self.assertEqual(links, {"Terms of Use": "https://kordant.com/legal/terms",
                                 "Privacy Policy": "https://kordant.com/legal/privacy"})
        recommended = kim.driver.find_elements(By.CSS_SELECTOR, ".choice.recommended input")
        self.assertEqual([r.get_attribute("value") for r in recommended], ["plus"])
        kim.choose("Basic")
        self.assertTrue(kim.can_press("Continue"))

        other = self.person("kordant")
        other.open("/flows/kordant")
        other.wait_for("login")
        other.press("Forgot password?")
        other.wait_for("forgotPassword")
        other.type("Email", email)
        other.press("Send Reset Code")
        other.wait_for("resetSent")
        code = latest_code(email)
        other.enter_code("Reset code", "000000" if code != "000000" else "111111")
        other.press("Continue")
        other.wait_for("resetSent")
        WebDriverWait(other.driver, 15, POLL).until(lambda _: other.sees("That code isn't right. Please try again."))
        other.enter_code("Reset code", code)
        other.press("Continue")
        other.wait_for("newPassword")
        other.type("New password", secret("Brand-New-Pass-7$"))
        other.press("Reset Password")
        other.wait_for("plan")
        other.choose("Plus")
        other.press("Continue")
        other.wait_for("watchlist")
        other.type("Email or phone", email)
        other.press("Add")
        other.wait_for("watchlist")
        self.assertEqual(len(other.driver.find_elements(By.CSS_SELECTOR, ".list-items li")), 1)
        other.press("Continue")
        other.wait_for("invite")
        invitee = "jo.kordant@example.com"
        other.type("Family member's email", invitee)
        other.press("Add")
        other.wait_for("invite")
        other.press("Send Invites")
        other.wait_for("done")
        invite_code = newest_mailed_code(invitee)
        other.press("Get Started")
        other.wait_for("home")

        # The invitee signs up and enters the mailed code where a plan would be chosen.
        jo = self.kordant_sign_up_form("Jo van der Berg", invitee, "Jo-Joins-2026!")
        jo.press("Create Account")
        jo.wait_for("plan")
        jo.press("I have a family invite code")
        jo.wait_for("joinFamily")
        jo.type("Invite code", invite_code.lower())
        jo.press("Join Family")
        jo.wait_for("watchlist")

    def test_account_page_name_passkey_authenticator_other_sessions_and_deletion(self):
        """/account as a person uses it after onboarding, its codes computed as an authenticator app would.
        On localhost, where browsers allow passkeys over plain http."""
        email = "ada.account@example.com"
        ada = self.person("account")
        ada.add_authenticator()
        ada.driver.get(PASSKEY_BASE + "/flows/tanda")
        self.sign_up_on_tanda(ada, email)

        ada.driver.get(PASSKEY_BASE + "/account")
        ada.wait_for("account")
        self.assertTrue(ada.sees(email))
        self.assertTrue(ada.sees("Chrome on Linux"), "the browser's session is named by its User-Agent")
        ada.type("First name", "Ada")
        ada.press("Save name")
        ada.wait_for("account")
        self.assertTrue(ada.sees("Your name was saved."))

        # A passkey added with the browser's ceremony (the virtual authenticator), then removed.
        ada.type("Name (optional)", "Ada's laptop")
        ada.press("Add a passkey")
        ada.wait_for("account")
        self.assertTrue(ada.sees("Your passkey was added."), ada.text())
        self.assertTrue(ada.sees("Ada's laptop"))
        self.assertEqual(len(ada.authenticator_credentials()), 1, "the browser's authenticator holds it")
        ada.press("Remove")
        ada.wait_for("account")
        self.assertTrue(ada.sees("The passkey was removed."))
        self.assertTrue(ada.sees("No passkeys."))

        ada.press("Add an authenticator app")
        ada.wait_for("account")
        self.assertEqual(len(ada.driver.find_elements(By.CSS_SELECTOR, "figure.qr-code svg")), 1)
        key = secret(ada.driver.find_element(By.CSS_SELECTOR, "code.totp-secret").text)
        recovery = [secret(code.text) for code in ada.driver.find_elements(By.CSS_SELECTOR, ".recovery-codes code")]
        self.assertEqual(len(recovery), 10)
        ada.type("Code from the app", secret(totp(key, time.time())))
        ada.press("Turn on")
        ada.wait_for("account")
        self.assertTrue(ada.sees("Your authenticator app is on."))
        self.assertFalse(ada.sees(recovery[0]), "recovery codes are shown once")

        # The same account signs in from an app: the code, then the authenticator's next code.
        def post(path, body):
            request = urllib.request.Request(BASE + path, data=json.dumps(body).encode(),
                                             headers={"Content-Type": "application/json",
                                                      "X-Doorstep-Device": "name=Ada%E2%80%99s%20phone&model=iPhone15%2C2"})
            try:
                return json.load(urllib.request.urlopen(request, timeout=10))
            except urllib.error.HTTPError as error:
                return json.load(error)
        post("/v1/auth/code", {"email": email, "purpose": "login"})
        answer = post("/v1/auth/code/verify", {"email": email, "code": latest_code(email), "purpose": "login"})
        self.assertEqual(answer.get("code"), "mfa_required")
        phone = post("/v1/auth/mfa", {"challenge": answer["mfaChallenge"], "code": secret(totp(key, time.time() + 30))})
        self.assertIn("accessToken", phone)
        SECRETS.add(phone["accessToken"])
        SECRETS.add(phone["refreshToken"])

        ada.driver.get(PASSKEY_BASE + "/account")
        ada.wait_for("account")
        self.assertTrue(ada.sees("Ada\u2019s phone (iPhone15,2)"), "the app's session shows its device")
        ada.press("Sign out everywhere else")
        ada.wait_for("account")
        self.assertTrue(ada.sees("Signed out of 1 other session."))
        me = urllib.request.Request(BASE + "/v1/me", headers={"Authorization": "Bearer " + phone["accessToken"]})
        with self.assertRaises(urllib.error.HTTPError):
            urllib.request.urlopen(me, timeout=10)
        self.assertEqual(len(ada.driver.find_elements(By.XPATH, "//a[normalize-space(.)='Download your data']")), 1)
        # The download, as the browser fetches it with its own session.
        exported = ada.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(document.querySelector('a[download]').href).then(r => r.json()).then(done, e => done(String(e)))")
        self.assertIsInstance(exported, dict, exported)
        self.assertIn(email, json.dumps(exported), "the export is the signed-in person's")
        self.assertNotIn("passwordHash", json.dumps(exported), "and holds no secret")

        ada.driver.execute_script("document.querySelector('input[name=confirm]').click()")
        ada.press("Delete account")
        self.assertTrue(ada.sees("Your account and its data are gone."))

    def sign_up_on_tanda(self, person, email):
        """From TANDA's first slide (already open), through the carousel to an account made with a
        mailed code: the celebration screen."""
        person.wait_for("slide1")
        second = person.second_slide()
        person.press("Next")
        person.wait_for(second)
        person.press("Get Started")
        person.wait_for("createAccount")
        person.type("Email", email)
        person.press("Continue")
        person.wait_for("verifyEmail")
        person.enter_code("Verification code", latest_code(email))
        person.press("Verify")
        person.wait_for("celebration")

    def api(self, path, body=None, token=None):
        """A JSON request to the API, as an app or a script would make it; the answer, refusals included."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(BASE + path, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
                return response.status, (json.loads(text) if text else {})
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def test_admin_signed_in_through_a_flow_loses_admin_when_its_session_ends(self):
        """An admin signed in through TANDA has the dashboard; signed out everywhere else from their
        phone, the browser has nothing of /admin left: no dashboard, no audit log, no webhook form."""
        boss = self.person("admin-session")
        boss.open("/flows/tanda")
        self.sign_up_on_tanda(boss, ADMIN_EMAIL)
        boss.open("/admin")
        WebDriverWait(boss.driver, 15, POLL).until(
            lambda driver: driver.find_elements(By.CSS_SELECTOR, "svg.funnel-chart"))
        boss.open("/admin/webhooks")
        self.assertTrue(boss.driver.find_elements(By.ID, "webhook-url"), "the admin may add endpoints")

        # From the phone: a code, then "sign out everywhere else".
        status, _ = self.api("/v1/auth/code", {"email": ADMIN_EMAIL, "purpose": "login"})
        self.assertEqual(status, 202)
        status, phone = self.api(
            "/v1/auth/code/verify", {"email": ADMIN_EMAIL, "code": latest_code(ADMIN_EMAIL), "purpose": "login"})
        self.assertEqual(status, 200, phone)
        SECRETS.add(phone["accessToken"])
        SECRETS.add(phone["refreshToken"])
        status, _ = self.api("/v1/auth/logout/others", {}, token=phone["accessToken"])
        self.assertEqual(status, 200)

        boss.open("/admin")
        WebDriverWait(boss.driver, 15, POLL).until(lambda driver: driver.find_elements(By.ID, "admin-token"))
        self.assertEqual(boss.driver.find_elements(By.CSS_SELECTOR, "svg.funnel-chart"), [])
        boss.open("/admin/audit")
        self.assertTrue(boss.driver.find_elements(By.ID, "admin-token"))
        self.assertEqual(boss.driver.find_elements(By.CSS_SELECTOR, "table.audit"), [])
        boss.open("/admin/webhooks")
        self.assertEqual(boss.driver.find_elements(By.ID, "webhook-url"), [])
        boss.shot()

    def test_kordant_remember_me_off_holds_after_the_authenticator_step(self):
        """A password log-in without "Remember me" to an account with an authenticator app: after its
        code the browser is signed in, and closing the browser (its session cookies gone) signs it out."""
        email = "rae.kordant@example.com"
        status, _ = self.api("/v1/auth/code", {"email": email, "purpose": "signup"})
        self.assertEqual(status, 202)
        status, session = self.api(
            "/v1/auth/code/verify", {"email": email, "code": latest_code(email), "purpose": "signup"})
        self.assertEqual(status, 200, session)
        token = session["accessToken"]
        SECRETS.update([token, session["refreshToken"]])
        status, begun = self.api("/v1/me/mfa/totp", {}, token=token)
        self.assertEqual(status, 201, begun)
        key = secret(begun["secret"])
        for code in begun["recoveryCodes"]:
            secret(code)
        status, _ = self.api("/v1/me/mfa/totp/confirm", {"code": secret(totp(key, time.time()))}, token=token)
        self.assertEqual(status, 204)
        password = secret("Rae-Remembers-2026!")
        request = urllib.request.Request(
            BASE + "/v1/auth/password", data=json.dumps({"newPassword": password}).encode(), method="PUT",
            headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
        self.assertEqual(urllib.request.urlopen(request, timeout=10).status, 204)

        rae = self.person("kordant-remember")
        rae.open("/flows/kordant")
        rae.wait_for("login")
        rae.type("Email", email)
        rae.type("Password", password)
        remember = rae.field("Remember me")
        if remember.is_selected():
            rae.driver.execute_script("arguments[0].click()", remember)
        rae.press("Sign In")
        WebDriverWait(rae.driver, 15, POLL).until(lambda _: rae.sees("Enter the code from your authenticator app"))
        rae.driver.find_element(By.ID, "code").send_keys(secret(totp(key, time.time() + 30)))
        rae.press("Continue")
        WebDriverWait(rae.driver, 15, POLL).until(lambda _: rae.screen not in (None, "login"))
        signed_in = rae.screen
        self.assertIsNotNone(rae.driver.get_cookie("doorstep_signin"), "the sign-in ends with the browser")
        # Closing the browser drops its session cookies and keeps the lasting one.
        rae.driver.delete_cookie("doorstep_signin")
        rae.open("/flows/kordant")
        rae.wait_for("login")
        self.assertNotEqual(signed_in, "login")

    def test_https_public_url_sets_a_host_only_secure_cookie(self):
        """A server whose public URL is https, reached on loopback: its Set-Cookie, read as sent
        (a browser would not keep a Secure cookie over plain http)."""
        port = free_port()
        workdir = tempfile.mkdtemp(prefix="https-", dir=WORKDIR)
        server = subprocess.Popen(
            [BINARY, "serve", "--port", str(port), "--database", os.path.join(workdir, "doorstep.sqlite"),
             "--mail", "none", "--public-url", "https://auth.example.com", "--allow-unsealed-keys"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        self.addCleanup(lambda: (server.terminate(), server.wait(timeout=10)))
        deadline = time.time() + 30
        while True:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/flows/tanda", timeout=1)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        cookie = page.headers["Set-Cookie"]
        self.assertTrue(cookie.startswith("__Host-doorstep_funnel="), cookie)
        attributes = [part.strip().lower() for part in cookie.split(";")[1:]]
        self.assertIn("secure", attributes)
        self.assertIn("path=/", attributes)
        self.assertFalse(any(part.startswith("domain=") for part in attributes))
        self.assertEqual(page.headers["Strict-Transport-Security"], "max-age=31536000; includeSubDomains")

    def test_zz_admin_page_draws_the_funnels_of_the_walks(self):
        """Runs last (by name): the admin page, behind the token, draws each walked flow's funnel."""
        admin = Person("admin")
        try:
            admin.open("/admin")
            field = admin.driver.find_element(By.ID, "admin-token")
            field.send_keys(ADMIN_TOKEN)
            field.submit()
            WebDriverWait(admin.driver, 15).until(
                lambda driver: driver.find_elements(By.CSS_SELECTOR, "svg.funnel-chart"))
            charts = admin.driver.find_elements(By.CSS_SELECTOR, "svg.funnel-chart")
            self.assertEqual(len(charts), 5, "a chart for each of the five flows")
            self.assertEqual(admin.driver.find_elements(By.TAG_NAME, "script"), [])
            variants = [cell.text for cell in admin.driver.find_elements(By.CSS_SELECTOR, "table.variants td:first-child")]
            self.assertIn("threeSlides", variants, "TANDA's carousel experiment side by side")
            self.assertIn("twoSlides", variants)
            admin.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": 390, "height": 3200, "deviceScaleFactor": 2, "mobile": True})
            save_shot(admin.driver, os.path.join(admin.shots, "01-funnels.jpg"))

            # The audit log holds the walks' sign-ins and the admin's own sign-in, newest first.
            admin.open("/admin/audit")
            events = [cell.get_attribute("textContent")
                      for cell in admin.driver.find_elements(By.CSS_SELECTOR, "table.audit td:nth-child(2)")]
            self.assertEqual(events[0], "admin_signed_in")
            self.assertIn("signed_in", events)
            save_shot(admin.driver, os.path.join(admin.shots, "02-audit.jpg"))

            # A webhook endpoint added and removed on the page; its secret is shown once.
            admin.open("/admin/webhooks")
            admin.driver.find_element(By.ID, "webhook-url").send_keys("https://hooks.example.com/doorstep")
            admin.driver.find_element(By.XPATH, "//button[normalize-space(.)='Add']").click()
            WebDriverWait(admin.driver, 15).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "section.secret"))
            self.assertTrue(admin.sees("https://hooks.example.com/doorstep"))
            save_shot(admin.driver, os.path.join(admin.shots, "03-webhooks.jpg"))
            admin.driver.find_element(By.XPATH, "//button[normalize-space(.)='Remove']").click()
            WebDriverWait(admin.driver, 15).until(lambda _: admin.sees("The endpoint was removed."))
        finally:
            admin.quit()


class NoDeadEnds(unittest.TestCase):
    """People where flows meet: the browser's Back, a pasted code, Close and try again, a returning
    person whose setup is unfinished. Each walk reaches the end of its flow."""

    person = FunnelWalk.person
    sign_up_on_tanda = FunnelWalk.sign_up_on_tanda
    kordant_sign_up_form = FunnelWalk.kordant_sign_up_form
    tanda_email_sent = FunnelWalk.tanda_email_sent

    def paste(self, person, label, text):
        """Pastes `text` into the control `label` names, as the system's Paste would: a paste event
        with the text on the clipboard, and nothing typed."""
        person.driver.execute_script(
            "var data = new DataTransfer(); data.setData('text', arguments[1]);"
            "arguments[0].dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));",
            person.field(label), text)

    @back_forward_cache
    def test_browser_back_then_continue_moves_on_again(self):
        """Kordant's plan, watchlist, the browser's Back, then Continue: the plan screen is back, its
        button works, and the walk moves on; FamilySync's slides do the same."""
        rio = self.kordant_sign_up_form("Rio Vance", "rio.back@example.com", "Back-Button-42!")
        rio.press("Create Account")
        rio.wait_for("plan")
        rio.choose("Plus")
        rio.press("Continue")
        rio.wait_for("watchlist")
        rio.driver.back()
        rio.wait_for("plan")
        rio.choose("Premium")
        self.assertTrue(rio.can_press("Continue"))
        rio.press("Continue")
        rio.wait_for("watchlist")
        # Back twice more and forward again: every page the browser shows still answers.
        rio.driver.back()
        rio.wait_for("plan")
        rio.driver.forward()
        rio.wait_for("watchlist")
        self.assertTrue(rio.sees("Add your first watchlist item"), rio.text())

        slides = self.person("familysync")
        slides.open("/flows/familysync")
        slides.wait_for("slide1")
        slides.press("Next")
        slides.wait_for("slide2")
        slides.driver.back()
        slides.wait_for("slide1")
        slides.press("Next")
        slides.wait_for("slide2")
        slides.press("Next")
        slides.wait_for("slide3")
        slides.press("Get Started")
        slides.wait_for("syncChoice")

    def test_a_pasted_code_enables_verify(self):
        """TANDA's code boxes take a pasted code: each box fills, Verify is enabled at once, and the
        code signs the person up."""
        email = "paste.tanda@example.com"
        pia = self.person("tanda")
        pia.open("/flows/tanda")
        pia.wait_for("slide1")
        pia.press("Get Started")
        pia.wait_for("createAccount")
        # An address the server would refuse is refused as the field is left, by the same rule.
        pia.type("Email", "pia@example")
        pia.type("Email", Keys.TAB, clear=False)
        self.assertTrue(pia.cannot_press("Continue"))
        self.assertTrue(pia.sees("Please enter a valid email address."), pia.text())
        pia.type("Email", email)
        pia.press("Continue")
        pia.wait_for("verifyEmail")
        self.assertTrue(pia.cannot_press("Verify"), "disabled until six digits")
        code = latest_code(email)
        self.paste(pia, "Verification code", f" {code[:3]}-{code[3:]} ")
        self.assertTrue(pia.can_press("Verify", timeout=2), "a pasted code enables Verify")
        boxes = pia.driver.find_elements(By.CSS_SELECTOR, ".code-box")
        self.assertEqual("".join(box.get_attribute("value") for box in boxes), code)
        pia.press("Verify")
        pia.wait_for("celebration")

    def test_close_then_get_started_again_reaches_the_code_that_was_sent(self):
        """TANDA's Close on the code screen, then Get Started with the same address within the
        minute: no new code can go yet, so the person lands where the code already sent works."""
        email = "close.tanda@example.com"
        cy = self.tanda_email_sent(email, "verifyEmail")
        code = latest_code(email)
        cy.press("Close")
        cy.wait_for("slide1")
        cy.press("Get Started")
        cy.wait_for("createAccount")
        cy.type("Email", email)
        cy.press("Continue")
        cy.wait_for("verifyEmail")
        self.assertTrue(cy.sees("We can't send another code yet."), cy.text())
        cy.enter_code("Verification code", code)
        cy.press("Verify")
        cy.wait_for("celebration")

    def trainer_sign_in(self, email):
        """A browser at Trainer's call to action signs in with a mailed code."""
        person = FunnelWalk.trainer_to_call_to_action(self)
        person.press("Already have an account? Sign in")
        person.wait_for("signIn")
        person.type("Email", email)
        person.press("Continue")
        person.wait_for("otp")
        person.enter_code("Verification code", latest_code(email))
        person.press("Verify")
        return person

    def test_trainer_returning_person_with_a_program_is_welcomed_back(self):
        """A person whose program is active signs in from another browser and is welcomed back to it,
        not sent through goal selection again; "Start training" says where to carry on."""
        email = "jo.program@example.com"
        trainer_account_with_intake(email, name="Jo", goals="Run a 10k", timeline="3 months")
        first = self.trainer_sign_in(email)
        first.wait_for("goalReview", timeout=30)
        first.driver.find_elements(By.CSS_SELECTOR, ".choice label")[0].click()
        first.press("Confirm")
        first.wait_for("programReview", timeout=30)
        first.press("Activate Program")
        first.wait_for("notifications")
        first.press("Not now")
        first.wait_for("success")
        first.press("Start training")
        first.wait_for("success")
        self.assertTrue(first.sees("All done. Carry on in the app on your phone."), first.text())
        first.quit()

        again = self.trainer_sign_in(email)
        again.wait_for("welcomeBack", timeout=30)
        self.assertTrue(again.sees("Welcome back!"), again.text())
        self.assertFalse(again.sees("Choose"), "no goal selection again")

    def test_kordant_invitee_joins_moves_on_and_can_join_from_home(self):
        """A Kordant invitee joins a family with its code, goes Back and presses Join again: told they
        are already in it, they move on rather than being stuck; after onboarding, home offers joining
        a family and inviting to the one they are in."""
        owner = self.kordant_sign_up_form("Ada Reyes", "ada.family@example.com", "Family-First-42!")
        owner.press("Create Account")
        owner.wait_for("plan")
        owner.choose("Plus")
        owner.press("Continue")
        owner.wait_for("watchlist")
        owner.type("Email or phone", "ada.family@example.com")
        owner.press("Add")
        owner.wait_for("watchlist")
        owner.press("Continue")
        owner.wait_for("invite")
        owner.type("Family member's email", "ben.family@example.com")
        owner.press("Add")
        owner.wait_for("invite")
        owner.press("Send Invites")
        owner.wait_for("done")
        code = newest_mailed_code("ben.family@example.com")
        owner.press("Get Started")
        owner.wait_for("home")
        self.assertTrue(owner.sees("Invite family"), "the family this walk made can take more people")

        ben = self.kordant_sign_up_form("Ben Reyes", "ben.family@example.com", "Family-Too-42!")
        ben.press("Create Account")
        ben.wait_for("plan")
        ben.press("I have a family invite code")
        ben.wait_for("joinFamily")
        ben.type("Invite code", code)
        ben.press("Join Family")
        ben.wait_for("watchlist")
        ben.driver.back()
        ben.wait_for("joinFamily")
        ben.press("Join Family")
        ben.wait_for("watchlist")
        self.assertTrue(ben.sees("You're already in this family."), ben.text())
        ben.type("Email or phone", "ben.family@example.com")
        ben.press("Add")
        ben.wait_for("watchlist")
        ben.press("Continue")
        ben.wait_for("invite")
        ben.press("Skip")
        ben.wait_for("done")
        ben.press("Get Started")
        ben.wait_for("home")
        ben.press("Join a family with a code")
        ben.wait_for("joinFamily")
        ben.type("Invite code", code)
        ben.press("Join Family")
        ben.wait_for("home")

    def test_tanda_sign_in_with_an_unknown_address_says_an_account_is_made(self):
        """TANDA's "Sign in" with an address no account uses goes to the code screen as sign-up does,
        and says so."""
        ned = self.person("tanda")
        ned.open("/flows/tanda")
        ned.wait_for("slide1")
        ned.press("Get Started")
        ned.wait_for("createAccount")
        ned.press("Sign in")
        ned.wait_for("signInEmail")
        ned.type("Email", "ned.new@example.com")
        ned.press("Continue")
        ned.wait_for("verifyEmail")
        self.assertTrue(ned.sees("No account uses this address yet, so we're making you one."), ned.text())

    def test_destiny_a_birth_date_out_of_range_says_why(self):
        """Destiny's birth date left at today is asked about; one in the future or before 1900 greys out
        Continue and says why as the field is left, rather than waiting for Enter."""
        vic = FunnelWalk.destiny_to_auth(self)
        vic.press("Continue as Guest")
        vic.wait_for("birthData")
        vic.type("City of Birth", "Lisbon")
        # A date left at today is asked about before it is kept as the birthday.
        vic.press("Continue")
        vic.wait_for("birthData")
        self.assertTrue(vic.sees("Is today your date of birth?"), vic.text())
        date = vic.field("Date of Birth")
        for value, words in [("2999-01-01", "Date of birth can't be in the future."),
                             ("1850-06-01", "Date of birth is too far in the past.")]:
            vic.set_value("Date of Birth", value)
            vic.driver.execute_script("arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
                                      "arguments[0].dispatchEvent(new Event('blur'));", date)
            self.assertTrue(vic.cannot_press("Continue"), value)
            WebDriverWait(vic.driver, 5, POLL).until(lambda _: vic.sees(words))
        vic.set_value("Date of Birth", "1990-03-14")
        vic.driver.execute_script("arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", date)
        self.assertTrue(vic.can_press("Continue"))
        self.assertFalse(vic.sees("Date of birth is too far in the past."), "the message goes once mended")
        vic.press("Continue")
        vic.wait_for("home")

    def test_kordant_add_refuses_a_wrong_entry_and_keeps_it_to_mend(self):
        """Kordant's Add refuses "not-an-email" and a repeat, saying why, with the entry left in the box
        to mend; a real address is added."""
        kai = self.kordant_sign_up_form("Kai Ito", "kai.list@example.com", "List-Checks-42!")
        kai.press("Create Account")
        kai.wait_for("plan")
        kai.choose("Basic")
        kai.press("Continue")
        kai.wait_for("watchlist")
        kai.type("Email or phone", "not-an-email")
        kai.press("Add")
        kai.wait_for("watchlist")
        self.assertTrue(kai.sees("Enter an email address or a phone number"), kai.text())
        self.assertEqual(kai.field("Email or phone").get_attribute("value"), "not-an-email")
        kai.type("Email or phone", "kai.list@example.com")
        kai.press("Add")
        kai.wait_for("watchlist")
        self.assertFalse(kai.sees("Enter an email address or a phone number"), kai.text())
        self.assertEqual(kai.field("Email or phone").get_attribute("value"), "")
        kai.type("Email or phone", "KAI.list@example.com")
        kai.press("Add")
        kai.wait_for("watchlist")
        self.assertTrue(kai.sees("That item is already on the list."), kai.text())
        kai.type("Email or phone", "")
        kai.press("Continue")
        kai.wait_for("invite")

    def test_tanda_returning_person_finishes_an_unfinished_setup(self):
        """Someone who quit TANDA at "Create a Password" signs in with a code in a new browser and is
        asked for the password, not sent home; someone who quit at the name signs in with the
        password and lands on the name. Finished, the next sign-in goes home."""
        email = "unfinished.tanda@example.com"
        first = self.person("tanda")
        first.open("/flows/tanda")
        self.sign_up_on_tanda(first, email)
        first.press("Continue")
        first.wait_for("createPassword")
        first.quit()

        again = self.tanda_email_sent(email, "signInCode")
        again.enter_code("Sign-in code", latest_code(email))
        again.press("Sign In")
        again.wait_for("createPassword")
        # The password can be shown while typed, and hidden again.
        again.type("Password", secret("Halfway-There-2026"))
        again.press("Show", navigates=False)
        self.assertEqual(again.field("Password").get_attribute("type"), "text")
        again.press("Hide", navigates=False)
        self.assertEqual(again.field("Password").get_attribute("type"), "password")
        again.type("Confirm Password", "Halfway-There-2026")
        again.press("Continue")
        again.wait_for("addPasskey")
        again.press("Not Now")
        again.wait_for("name")
        again.quit()

        third = self.tanda_email_sent(email, "passwordLogin")
        third.type("Password", "Halfway-There-2026")
        third.press("Sign In")
        third.wait_for("name")
        third.type("First Name", "Una")
        third.type("Last Name", "Finch")
        third.press("Continue")
        third.wait_for("legal")
        third.tick("I agree to the Terms of Service")
        third.tick("I agree to the Privacy Policy")
        third.press("Continue")
        third.wait_for("photo")
        third.press("Skip for Now")
        third.wait_for("home")
        third.quit()

        last = self.tanda_email_sent(email, "passwordLogin")
        last.type("Password", "Halfway-There-2026")
        last.press("Sign In")
        last.wait_for("home")

    def test_kordant_sign_in_elsewhere_keeps_the_plan_and_watchlist(self):
        """Someone who chose a plan and a watchlist item on Kordant, then signed in from another browser,
        finds both as they left them and finishes from there."""
        email = "lee.elsewhere@example.com"
        lee = self.kordant_sign_up_form("Lee Park", email, "Elsewhere-42!")
        lee.press("Create Account")
        lee.wait_for("plan")
        lee.choose("Premium")
        lee.press("Continue")
        lee.wait_for("watchlist")
        lee.type("Email or phone", "+1 415 555 0100")
        lee.press("Add")
        lee.wait_for("watchlist")
        lee.press("Continue")
        lee.wait_for("invite")
        lee.quit()

        again = self.person("kordant")
        again.open("/flows/kordant")
        again.wait_for("login")
        again.type("Email", email)
        again.type("Password", "Elsewhere-42!")
        again.press("Sign In")
        again.wait_for("plan")
        chosen = again.driver.find_elements(By.CSS_SELECTOR, "input[type=radio]:checked")
        self.assertEqual([radio.get_attribute("value") for radio in chosen], ["premium"], "the plan chosen before")
        again.press("Continue")
        again.wait_for("watchlist")
        items = again.driver.find_elements(By.CSS_SELECTOR, ".list-items input")
        self.assertEqual([item.get_attribute("value") for item in items], ["+1 415 555 0100"])
        again.press("Continue")
        again.wait_for("invite")
        again.press("Skip")
        again.wait_for("done")
        again.press("Get Started")
        again.wait_for("home")


def walks(names):
    """The walks `names` asks for (`Class` or `Class.test_name`), or all of them."""
    loader = unittest.TestLoader()
    module = sys.modules[__name__]
    suite = loader.loadTestsFromNames(names, module) if names else loader.loadTestsFromModule(module)
    found = []

    def flatten(tests):
        for test in tests:
            if isinstance(test, unittest.TestSuite):
                flatten(test)
            else:
                found.append(test)
    flatten(suite)
    return found


def run_walk(test, output_lock):
    """One walk, with a result of its own; its line is printed as it ends."""
    result = unittest.TestResult()
    started = time.monotonic()
    test(result)
    problems = result.failures + result.errors
    verdict = "FAIL" if problems else "skipped" if result.skipped else "ok"
    with output_lock:
        print(f"{test.id()} ... {verdict} ({time.monotonic() - started:.1f} s)", flush=True)
    return problems


def run_walks(tests, workers):
    """Runs the walks `workers` at a time against the one server: each walk is a browser of its own and
    mostly waits on it, so several share the machine's cores. A walk named `test_zz_…` reads what all
    the others left (the funnels, the audit log) and runs alone after them. Then the module's checks
    of every byte at rest, the funnels and accessibility. True when all passed."""
    last = [test for test in tests if test.id().rsplit(".", 1)[-1].startswith("test_zz")]
    first = [test for test in tests if test not in last]
    output_lock = threading.Lock()
    problems = []
    started = time.monotonic()
    try:
        setUpModule()
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(lambda test: run_walk(test, output_lock), first):
                problems += found
        for test in last:
            problems += run_walk(test, output_lock)
    except Exception:
        problems.append(("setUpModule", traceback.format_exc()))
    try:
        tearDownModule()
    except Exception:
        problems.append(("tearDownModule", traceback.format_exc()))
    for test, trace in problems:
        print(f"\n{'=' * 70}\nFAIL: {test}\n{'-' * 70}\n{trace}", flush=True)
    print(f"\nRan {len(tests)} walks, {workers} at a time, in {time.monotonic() - started:.0f} s: "
          + ("FAILED" if problems else "OK"), flush=True)
    return not problems


def main():
    global BINARY, ARTIFACTS
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=BINARY)
    parser.add_argument("--artifacts", default=ARTIFACTS)
    parser.add_argument("--workers", type=int, default=2, help="walks at once, each in its own browser")
    parser.add_argument("names", nargs="*", help="walks to run, as Class or Class.test_name; all by default")
    args = parser.parse_args()
    BINARY, ARTIFACTS = args.binary, args.artifacts
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    os.makedirs(ARTIFACTS, exist_ok=True)
    sys.exit(0 if run_walks(walks(args.names), max(1, args.workers)) else 1)


if __name__ == "__main__":
    main()
