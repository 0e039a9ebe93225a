"""What every fix transform shares: edits, offers, the planning context."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Optional, Union

if TYPE_CHECKING:  # pragma: no cover
    from ..sparse import LintState
    from .target import Target


@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]`` of the original text with ``new``."""

    start: int
    end: int
    new: str


@dataclass(eq=False)
class Offer:
    """A planned fix: its edits, and the findings it removes (one key per fix: findings that
    share it are fixed by the same edits)."""

    key: str
    message: str
    edits: list[Edit] = field(default_factory=list)
    findings: list = field(default_factory=list)  # RawFinding
    # names whose top-level import the rewrite may have left unused (checked on the result)
    maybe_unused: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Unfixable:
    """The shape matched but a precondition does not hold."""

    reason: str


class FixTransform:
    """One fix. ``plan`` looks at a finding: None when the finding is not of this fix's shape,
    :class:`Unfixable` when it is but a precondition fails, else an :class:`Offer` (the same
    offer, by key, for every finding the one fix covers)."""

    name: ClassVar[str]
    message: ClassVar[str]

    @classmethod
    def plan(cls, finding, ctx: "FixContext") -> Optional[Union[Offer, Unfixable]]:
        raise NotImplementedError


_LINE_START = re.compile(r"\r\n?|\n")


@dataclass(eq=False)
class FixContext:
    state: "LintState"
    target: "Target"
    line_length: int = 88
    offers: dict = field(default_factory=dict)  # key -> Offer

    @property
    def text(self) -> str:
        return self.state.text

    @property
    def analysis(self):
        return self.state.analysis

    @property
    def tree(self):
        """The stdlib ``ast`` of the full text (None if it does not parse)."""
        return self.state.tree

    def line_starts(self) -> list[int]:
        return self.state.line_starts()

    def offset(self, row: int, col: int) -> int:
        return self.line_starts()[row - 1] + col

    def line_text(self, row: int) -> str:
        starts = self.line_starts()
        end = starts[row] if row < len(starts) else len(self.text)
        return self.text[starts[row - 1] : end]

    def words_between(self, start: int, end: int, name: str) -> bool:
        """The identifier ``name`` occurs in ``text[start:end]``."""
        return re.search(rf"\b{re.escape(name)}\b", self.text[start:end]) is not None

    def newline(self) -> str:
        m = _LINE_START.search(self.text)
        return m.group(0) if m else "\n"

    def indent_unit(self) -> str:
        module = self.state.module
        return getattr(module, "default_indent", "    ") or "    "

    def whole_lines(self, node) -> Optional[tuple[int, int, str]]:
        """(start offset, end offset, indentation) of the full lines a simple statement takes,
        or None when it shares a line with other code."""
        row, col, end_row, end_col = self.state.span(node)
        first = self.line_text(row)
        indent = first[:col]
        if indent.strip():
            return None  # something before it on its line
        last = self.line_text(end_row)
        rest = last[end_col:].strip()
        if rest and not rest.startswith("#"):
            return None
        start = self.offset(row, 0)
        end = self.offset(end_row, 0) + len(last)
        return start, end, indent

    def offer(self, key: str, message: str) -> tuple[Offer, bool]:
        """The offer of ``key`` (created when new: the bool says so)."""
        existing = self.offers.get(key)
        if existing is not None:
            return existing, False
        made = self.offers[key] = Offer(key, message)
        return made, True

    def findings_at(self, node) -> list:
        return [r for r in self.state.raw if r.node is node]


def source_of(node) -> str:
    import libcst as cst

    return cst.Module(body=[]).code_for_node(node)


def line_width(line: str) -> int:
    """The width black gives ``line`` (without its newline): black re-indents every level to 4
    spaces, so a leading tab counts 4 columns (a tab-indented file is measured as black would
    write it), and it measures the rest as ``black.strings.str_width`` does (East Asian wide
    characters 2 columns, combining ones 0, a tab elsewhere 1)."""
    body = line.lstrip(" \t")
    lead = line[: len(line) - len(body)]
    width = 4 * lead.count("\t") + lead.count(" ")
    if body.isascii():
        return width + len(body)
    import unicodedata

    for ch in body:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def fmt_assign(indent: int, head: str, call_head: str, args: str, line_length: int) -> list[str]:
    """``head = call_head(args)`` on one line, or split black-style at the call's bracket."""
    one = f"{head}{call_head}({args})"
    if indent + len(one) <= line_length:
        return [one]
    return [f"{head}{call_head}(", f"    {args}", ")"]


def fmt_wrapped(indent: int, head: str, body: str, line_length: int) -> list[str]:
    """``head + body`` on one line, or black's parenthesised right-hand side."""
    one = f"{head}{body}"
    if indent + len(one) <= line_length:
        return [one]
    return [f"{head}(", f"    {body}", ")"]


def black_line_length(path: str) -> int:
    """``[tool.black] line-length`` of the nearest ``pyproject.toml`` above ``path`` (88)."""
    from pathlib import Path

    try:
        here = Path(path).resolve().parent
    except (OSError, RuntimeError):
        return 88
    return _line_length_in(str(here))


def _line_length_in(directory: str) -> int:
    from pathlib import Path

    for d in (Path(directory), *Path(directory).parents):
        cfg = d / "pyproject.toml"
        if cfg.is_file():
            try:
                text = cfg.read_text(encoding="utf-8", errors="replace")
            except OSError:
                return 88
            m = re.search(r"\[tool\.black\][^\[]*?line[-_]length\s*=\s*(\d+)", text, re.S)
            return int(m.group(1)) if m else 88
    return 88
