"""The web table's input layer: every request passes here before any route does work.

What a request may be (docs/SECURITY.md says it in plain words):
- the host name it carries names this server (a host allowlist: a DNS-rebinding page cannot read
  answers meant for the player's own machine);
- when the server listens beyond this machine, it carries the access token printed at start
  (in the address once, then a cookie);
- a state-changing request (POST) carries the page's CSRF token (Flask-WTF `CSRFProtect`) and,
  when the browser says where it comes from, comes from this server's own pages (Origin);
- bodies, form fields and JSON are bounded in size and depth, and read here, so a route never
  sees a JSON list where it expects an object;
- every answer forbids framing (X-Frame-Options, CSP `frame-ancestors`).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
import sys
from urllib.parse import urlencode, urlsplit

from flask import Flask, Request, current_app, jsonify, redirect, request
from flask_wtf.csrf import CSRFError, CSRFProtect

from rulesdsl.bounded import whole_number
from rulesdsl.errors import RulesError
from rulesdsl.savefile import FileProblem, parse_json

MAX_BODY_BYTES = 5_000_000  # the largest saved game of a long 4-player game is ~200 KB
MAX_FORM_PARTS = 40  # the start form has ~12 fields
MAX_FIELD_CHARS = 200  # any one short form field (names, seeds, options)
MAX_JSON_DEPTH = 64  # as for saved-game files (rulesdsl.savefile)
MAX_OPEN_GAMES = 64  # games kept in one server's memory at once
TOKEN_COOKIE = "rulesdsl_token"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")

CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class BadInput(Exception):
    """A request the table refuses before any work: the message says what was expected."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address) is this machine only."""
    if host.strip("[]") in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def trusted_hosts(listen: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The host names a request may carry: this machine's, the address listened on, its name
    and addresses when listening on every interface, and the names the user allowed."""
    names = set(LOOPBACK_NAMES) | {h for h in extra if h}
    bare = listen.strip("[]")
    if bare in ("0.0.0.0", "::", ""):
        hostname = socket.gethostname()
        names |= {hostname, socket.getfqdn()}
        try:
            names |= {info[4][0] for info in socket.getaddrinfo(hostname, None)}
        except OSError:
            pass
    else:
        names.add(bare)
    return sorted(names)


def new_token() -> str:
    """A fresh access token (printed at start when the table listens beyond this machine)."""
    return secrets.token_urlsafe(18)


def protect(app: Flask, hosts: list[str] | None = None, token: str | None = None) -> None:
    """Install the input layer on `app`: host allowlist, access token, CSRF, Origin, limits, headers."""
    if not app.config.get("SECRET_KEY"):  # per process: the page tokens end with the server
        app.config["SECRET_KEY"] = secrets.token_bytes(32)
    app.config["WTF_CSRF_TIME_LIMIT"] = None  # a game may stay open for hours; the token dies with the server
    app.config["TRUSTED_HOSTS"] = hosts if hosts is not None else list(LOOPBACK_NAMES)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.config["MAX_FORM_MEMORY_SIZE"] = MAX_BODY_BYTES  # a pasted saved game is one form field
    app.config["MAX_FORM_PARTS"] = MAX_FORM_PARTS
    app.config["SESSION_COOKIE_SAMESITE"] = "Strict"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["RULESDSL_TOKEN"] = token
    csrf = CSRFProtect()

    @app.before_request
    def gate():  # runs before CSRFProtect's own check, which is registered after it
        if token is not None:
            given = request.args.get("token") or request.cookies.get(TOKEN_COOKIE) or _bearer(request)
            if not given or not hmac.compare_digest(given.encode(), token.encode()):
                return _refuse("this table needs the access token printed when it was started "
                               "(open the address it printed, with ?token=...)", 401)
            if request.method == "GET" and request.args.get("token"):
                # the token leaves the address bar at once and lives on in a cookie
                args = {k: v for k, v in request.args.items() if k != "token"}
                response = redirect(request.path + ("?" + urlencode(args) if args else ""))
                response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Strict")
                return response
        if request.method not in ("GET", "HEAD", "OPTIONS") and not _same_origin(request):
            return _refuse("refused: this request comes from another site's page", 403)
        if request.method == "POST" and not request.is_json and len(request.form) + len(request.files) > MAX_FORM_PARTS:
            return _refuse(f"refused: the request has more than {MAX_FORM_PARTS} fields", 413)
        return None

    csrf.init_app(app)

    @app.errorhandler(CSRFError)
    def csrf_refused(err):
        return _refuse(f"refused: {err.description} (reload the page and try again)", 400)

    @app.errorhandler(BadInput)
    def bad_input(err: BadInput):
        return _refuse(err.message, err.status)

    @app.errorhandler(RecursionError)
    def too_deep(_err):
        return _refuse(f"refused: the request is nested more than {MAX_JSON_DEPTH} deep", 400)

    @app.after_request
    def headers(response):
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response


def _bearer(req: Request) -> str | None:
    header = req.headers.get("Authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def _same_origin(req: Request) -> bool:
    """False when the browser says the request comes from a page of another origin."""
    if req.headers.get("Sec-Fetch-Site") == "cross-site":
        return False
    origin = req.headers.get("Origin") or req.headers.get("Referer")
    if not origin:
        return True  # not a browser's cross-site request (browsers send Origin on every cross-site POST)
    if origin == "null":
        return False  # sandboxed frames and data: pages
    parts = urlsplit(origin)
    return parts.netloc == req.host and parts.scheme in ("http", "https")


def _refuse(message: str, status: int):
    """A refusal as the asker reads it: JSON for scripts, the message as text otherwise."""
    if request.is_json or request.accept_mimetypes.best == "application/json":
        return jsonify(error=message), status

    page = getattr(current_app.extensions.get("rulesdsl_tables"), "index_page", None)
    if page is not None and status not in (401,):
        try:
            return page(message, status)
        except Exception:  # the index page itself could not be drawn: the plain message still goes out
            pass
    return message, status, {"Content-Type": "text/plain; charset=utf-8"}


def json_object(required: bool = True) -> dict:
    """The request's JSON body as an object (bounded in size and depth); BadInput otherwise."""
    raw = request.get_data(cache=True)
    if len(raw) > MAX_BODY_BYTES:
        raise BadInput(f"the request is larger than {MAX_BODY_BYTES} bytes", 413)
    try:
        data = parse_json(raw.decode("utf-8", "replace"), "request")
    except FileProblem as err:
        raise BadInput(f"the request is not usable JSON: {err.problem.message}") from None
    if not isinstance(data, dict):
        if required:
            raise BadInput("the request must be a JSON object such as {\"key\": ...}")
        return {}
    return data


def uploaded_json(name: str):
    """The JSON value of an uploaded file field `name`, or else of the pasted `text` field; bounded."""
    upload = request.files.get(name)
    if upload is not None and upload.filename:
        raw = upload.read(MAX_BODY_BYTES + 1)
        if len(raw) > MAX_BODY_BYTES:
            raise BadInput(f"the file is larger than {MAX_BODY_BYTES} bytes", 413)
        text = raw.decode("utf-8", "replace")
    else:
        text = request.form.get("text", "")
    try:
        return parse_json(text, upload.filename[:80] if upload is not None and upload.filename else "the pasted text")
    except FileProblem as err:
        message = err.problem.message
        raise BadInput(f"it is not JSON ({message})" if message.startswith("invalid JSON") else message) from None


def answer_key() -> str:
    """The option key an answer request names (JSON `{"key": ...}` or a form field `key`)."""
    key = json_object(required=False).get("key") if request.is_json else request.form.get("key")
    if not isinstance(key, str) or not key or len(key) > 10 * MAX_FIELD_CHARS:
        raise BadInput("the answer names no option (send {\"key\": ...})")
    return key


def field(name: str, default: str = "", limit: int = MAX_FIELD_CHARS) -> str:
    """A short form field, stripped; BadInput when it is longer than `limit` characters."""
    value = request.form.get(name, default)
    if len(value) > limit:
        raise BadInput(f"the field '{name}' is longer than {limit} characters")
    return value.strip()


def number(name: str, default: int, low: int, high: int) -> int:
    """A whole number form field within [low, high], checked before anything is built from it."""
    text = field(name, str(default), 24) or str(default)
    try:
        return whole_number(text, low, high, f"the field '{name}'")
    except RulesError as err:
        raise BadInput(str(err)) from None


def warn_exposed(url: str, token: str) -> None:
    """Say on standard error that the table is reachable from other machines, and how to enter."""
    print(f"warning: the table listens beyond this machine; anyone who can reach it and has the token can play.\n"
          f"  open {url}?token={token}\n"
          "  (the token changes at every start; serve over a network you trust, see docs/SECURITY.md)",
          file=sys.stderr, flush=True)
