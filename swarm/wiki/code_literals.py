"""Code literals a question writes ("f[1, 2, 3]", `--force`, "strict=True", "~/.bashrc",
":=") and the patterns that find the same literal in a passage.

Words are compared by their tokens, which drop brackets, operators and dots: "f[1, 2, 3]"
and "f{1, 2, 3}" are the same tokens and different things, "a == b" and "a = b" too. A
question asking about a literal is answered only by a passage writing that literal (spaces
aside: "f{1,2,3}" is "f{1, 2, 3}"). Pure functions over text.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["code_literals", "is_argument", "literal_pattern"]

# A backticked span is code whatever it holds.
_BACKTICKED = lazy_compile(r"`([^`\n]{1,80})`")
# A quoted span ("…", “…”, '…' not an apostrophe) is code when it holds a code character.
_QUOTED = lazy_compile(r"[\"“”„]([^\"“”„\n]{1,80})[\"“”]|(?<![\w'])'([^'\n]{1,80})'(?![\w'])")
# Characters that make a token code (brackets, operators, sigils): not "-", "'", "," or ".",
# which ordinary words carry ("well-known", "don't", "e.g."), judged on their own below.
_CODE_CHARS = lazy_compile(r"[()\[\]{}<>=|\\^~*+@#$%&;`]")
# A name called or subscripted: "f[1, 2, 3]", "f(x=)", "dict[str, int]", "os.path.join()",
# the brackets balanced one level deep. "file(s)" is a plural, not a call.
_CALL = lazy_compile(
    r"(?<![\w.])[A-Za-z_][\w.]*"
    r"(?:\((?:[^()]|\([^()]*\)){0,60}\)|\[(?:[^\[\]]|\[[^\[\]]*\]){0,60}\]"
    r"|\{(?:[^{}]|\{[^{}]*\}){0,60}\})+"
)
_PLURAL_MARK = lazy_compile(r"\w\((?:s|es)\)$", re.IGNORECASE)
# An operator written on its own: "->", ":=", "==", "**", "//", "|>" (two symbols or more;
# not a dash or dots on their own, which prose writes for a pause or an ellipsis).
_OPERATOR = lazy_compile(r"(?<!\S)[-+*/%=<>!&|^~:@.?]{2,4}(?!\S)")
_PAUSE = lazy_compile(r"^(?:-+|\.+|\?+|!+|[?!]+)$")
# Sentence punctuation around a token, not part of it.
_TRAILING = ".,;:!?)]\"'”’"
_LEADING = "([\"'“‘"
_CLOSING = {")": "(", "]": "["}
# Emphasis a chat message writes ("*really*", "**not**", "_this_"): a word, not code.
_EMPHASIS = lazy_compile(r"^(\*{1,2}|_{1,2})[^*_\s]+\1$")
# A figure, an amount, a date, a time, a version, a measure ("3.9", "v1.2", "$120", "50%",
# "10:30", "2024-03-01", "-5", "9.30am", "2.5mm"): the question's numbers are key terms of
# their own.
_FIGURE = lazy_compile(r"^[-+]?[$€£¥]?v?\d[\d.,:/%-]*[^\W\d_]{0,3}$")
# "e.g", "U.S", "a.m", "Ph.D": letters joined by dots, one each (or two with a capital), are
# an abbreviation.
_ABBREVIATION = lazy_compile(
    r"^(?:[^\W\d_]\.)+[^\W\d_]?\.?$|^(?=.*[A-Z])(?:[^\W\d_]{1,2}\.)+[^\W\d_]{0,2}$"
)
# "R&D", "AT&T", "Johnson&Johnson": words joined by "&" are a name.
_AMPERSAND_NAME = lazy_compile(r"^[^\W\d_]+&[^\W\d_]+$")
# An option ("-r", "--force"), a variable ("$HOME"), a hidden file (".env"), a path start.
_SIGIL = lazy_compile(r"^(?:--?[A-Za-z]|\$[A-Za-z_{]|\.[A-Za-z_]|~/|\.\.?/|/[\w.])")
# Words joined by a dot ("os.path", "index.md", "Node.js", "0.1d") or by "::" / ":" /
# "->" ("std::vector", "localhost:8080", "a->b").
_JOINED = lazy_compile(r"\w(?:\.|::?|->)\w")
# What a how-to question's user fills in for a page's placeholder (`{{path/to/file}}`,
# `<archive>`): a path ("~/.bashrc", "src/main.rs"), a file name ("backup.zip") or an
# extension (".xz"): the page's command is written for any.
_ARGUMENT = lazy_compile(r"^(?:(?:~|\.\.?)?/\S*|[\w.-]+/\S*|[\w-]*(?:\.[A-Za-z0-9]{1,5})+)$")


def _token_is_code(token: str) -> bool:
    # One symbol on its own ("Magpie & Ember", "X | Y", "a - b") is prose's, or an operator
    # too short to tell from it.
    if len(token) < 2 or _FIGURE.match(token) or _ABBREVIATION.match(token):
        return False
    if _AMPERSAND_NAME.match(token) or _EMPHASIS.match(token):
        return False
    if token.startswith("#") and token[1:].isdigit():
        return False  # "#1": a number
    if _CODE_CHARS.search(token) or _SIGIL.match(token) or _JOINED.search(token):
        return True
    # A path holds a file name ("src/main.rs", "docs/a.md"); "and/or", "A/B", "km/h" and
    # "return/break/continue" are prose.
    return "/" in token and "." in token.rsplit("/", 1)[1]


def _trimmed(token: str) -> str:
    token = token.lstrip(_LEADING)
    while token and token[-1] in _TRAILING:
        # A closing bracket stays when the token opens one ("print()", "f(x)", "a[0]").
        opening = _CLOSING.get(token[-1])
        if opening and token.count(opening) >= token.count(token[-1]):
            break
        token = token[:-1]
    return token


def _is_code(span: str) -> bool:
    return _token_is_code(span) or any(_token_is_code(_trimmed(t)) for t in span.split())


def code_literals(question: str) -> list[str]:
    """The code literals `question` writes, in order, no duplicates: backticked spans,
    quoted spans holding code, and unquoted calls ("f[1, 2, 3]"), operators ("->") and
    tokens shaped like code (options, paths, dotted names, "key=value")."""
    if not isinstance(question, str):
        return []
    found: list[str] = []
    rest = question
    for match in _BACKTICKED.finditer(question):
        found.append(match.group(1).strip())
    rest = _BACKTICKED.sub(" ", rest)
    for match in _QUOTED.finditer(rest):
        span = _trimmed((match.group(1) or match.group(2) or "").strip())
        if _is_code(span):
            found.append(span)
    rest = _QUOTED.sub(" ", rest)
    for match in _CALL.finditer(rest):
        call = match.group()
        if not _PLURAL_MARK.search(call):
            found.append(call)
    rest = _CALL.sub(" ", rest)
    for match in _OPERATOR.finditer(rest):
        if not _PAUSE.match(match.group()):
            found.append(match.group())
    rest = _OPERATOR.sub(" ", rest)
    for token in rest.split():
        token = _trimmed(token)
        if _token_is_code(token):
            found.append(token)
    return list(dict.fromkeys(literal for literal in found if literal.strip()))


# Operator characters: a literal starting or ending with one is not part of a longer operator.
_SYMBOLS = "-+*%=<>!&|^~:"
_NOT_AFTER_SYMBOL = r"(?<![-+*%=<>!&|^~:])"
_NOT_BEFORE_SYMBOL = r"(?![-+*%=<>!&|^~:])"


def is_argument(literal: str) -> bool:
    """`literal` is a path, a file name or an extension: what a command is given, which a
    how-to's page writes as a placeholder."""
    return bool(_ARGUMENT.match(literal)) and not literal.replace(".", "").isdigit()


def literal_pattern(literal: str) -> re.Pattern[str]:
    """A pattern finding `literal` in text: case aside, any spacing next to a symbol, one
    space or more between words, whole words at its ends ("ls" is not in "also")."""
    pieces: list[str] = []
    spaced = False
    last = ""
    for char in literal.strip():
        if char.isspace():
            spaced = True
            continue
        if last:
            if last.isalnum() and char.isalnum():
                pieces.append(r"\s+" if spaced else "")
            else:
                pieces.append(r"\s*")
        pieces.append(re.escape(char))
        last, spaced = char, False
    body, first, final = "".join(pieces), literal.strip()[:1], literal.strip()[-1:]
    # Whole at its ends: a word not inside another or an option's name ("--force" is not in
    # "--force-with-lease"), an operator not inside a longer one ("=" is not in ":=").
    start = r"(?<!\w)" if first.isalnum() else (_NOT_AFTER_SYMBOL if first in _SYMBOLS else "")
    end = r"(?!\w|-\w)" if final.isalnum() else (_NOT_BEFORE_SYMBOL if final in _SYMBOLS else "")
    return re.compile(f"{start}{body}{end}", re.IGNORECASE)
