"""The pages' two languages (English, Simplified Chinese) through Flask-Babel.

The catalogues are gettext `.po` files in `rulesdsl/web/translations/<lang>/LC_MESSAGES/`
(extract with `pybabel extract -F babel.cfg`, edit, and they are read as they are): each is
compiled in memory the first time it is needed, so a checkout, an editable install and a
wheel all work without a build step. The language is `?lang=` (kept in a cookie), else the
browser's Accept-Language, else English."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import Babel, Domain, get_locale

from rulesdsl.learn.words import catalogue

LANGUAGES = ("en", "zh")
COOKIE = "rulesdsl_lang"


class _PoDomain(Domain):
    def get_translations(self):
        return catalogue(current_language())


class _Babel(Babel):
    @property
    def domain_instance(self):
        return _DOMAIN


_DOMAIN = _PoDomain()


def choose_language() -> str:
    """`?lang=`, else the cookie, else the browser's Accept-Language, else English."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES) or "en"


def current_language() -> str:
    """The language of this request: en or zh."""
    locale = get_locale()
    return "zh" if locale is not None and locale.language == "zh" else "en"


def init_i18n(app: Flask) -> None:
    """Set Flask-Babel up on the app (idempotent) and keep a language asked by `?lang=` in a cookie."""
    if "babel" in app.extensions:
        return
    _Babel(app, locale_selector=choose_language)

    @app.after_request
    def keep_language(response):
        asked = request.args.get("lang")
        if asked in LANGUAGES:
            response.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="Lax")
        return response

    @app.context_processor
    def language():
        return {"lang": current_language(), "languages": LANGUAGES}
