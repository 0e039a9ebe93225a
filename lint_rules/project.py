"""The project index: facts other modules of the analysed tree contribute to a module's
allocator flow (issue 11 item 2). stdlib ``ast`` only; see docs/lint.md ("The project index").

Two layers, both lazy (a file is read only when a module that can matter imports it):

* **The gate** (:meth:`Index.gate`, bytes and regular expressions, no parse): can the file at
  ``path`` matter through another module? Only a file that holds an allocator word (it may pass
  the allocator to an imported helper that tests it) or an anchor word (it may test or
  translate an allocator that comes from an imported helper or base class), and that may hold
  backend code (backend paths, or a class whose bases lead to a backend base pattern), is
  asked. Its import statements are read with a regular expression; each imported name it calls
  or derives from (the only uses the flow model follows) is followed by name through
  re-exports (aliases, star imports, package ``__init__``) to its definition in a file of the
  tree; the answer is yes when that definition (or a base class's, followed the same way) holds
  a fact word. The files it looked at, with their stat signatures (and the paths it tried that
  do not exist), are the file's *dependencies*: the result cache keys the file's result on them.
* **Summaries** (:meth:`Index.summary`): per module, computed once per run (memoised by content
  hash) with the flow model itself: top-level functions that return the allocator, parameters
  whose value reaches an anchor (an SWA class test or ``hasattr`` probe, a translate member),
  classes' attributes, properties and methods holding / returning the allocator, their bases.
  Only modules that hold a fact word are summarised; others only have their imports read.

An import that does not resolve to a file of the tree (a third-party package, a module
generated at run time, a dynamic ``__import__``) is *unknown*: it contributes no value, so a
finding that would need its facts is not reported (a missed finding, never an invented one),
and nothing that a resolved module contributes is taken away because of it.
"""

from __future__ import annotations

import ast
import bisect
import gc
import itertools
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Optional

from .astwalk import walked
from .haystack import Haystack, occurrences
from .names import (
    SWA_ALLOCATOR_NAMES,
    is_swa_allocator_class_name,
    swa_only_members,
)
from .sinks import (
    KVCACHE_ANCHOR,
    SWA_CLASS_TEST,
    SWA_MEMBER_PROBE,
    TRANSLATE_ANCHOR,
    TRANSLATE_MEMBERS,
    class_operands,
    member_operand,
    names_swa_member,
    probes,
    sink_types,
    string_values,
)
from .sinks import members as sink_members
from .sinks import words as sink_words

_DEPTH = 4  # import hops followed from a file (re-exports and bases across modules)
_SCOPE_BY_FILE = 1  # ``Index._may_be_in_scope``: backend code by its path or a base's name
_SCOPE_BY_INDEX = 2  # ... only through a base class defined in another module

_SWA = re.compile(rb"[sS][wW][aA]")
_TOP = re.compile(rb"^(?:async[ \t]+)?def[ \t]+(\w+)|^class[ \t]+(\w+)[^\n]*", re.M)
_CLASS_HEAD = re.compile(rb"^[ \t]*class[ \t]+\w+[ \t]*\(([^)]*)\)", re.M)
_TRIPLE = re.compile(rb'"""|\'\'\'')
_COL0 = re.compile(rb"^[^\s#)\]}]", re.M)
_ASSIGN = re.compile(rb"^(\w+)[ \t]*(?::[^=\n]*)?=[^=]", re.M)
# "\n" then the first byte a match of the one before can start with (literal prefix: fast)
_COL0_NL = re.compile(rb"\n[^\s#)\]}]")
_FROM = re.compile(
    rb"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|(?:[^\n\\]|\\\n)*)", re.M
)
_IMPORT = re.compile(rb"^[ \t]*import[ \t]+((?:[^\n\\#;]|\\\n)*)", re.M)
# either of the two at a line start (groups 1-3: ``_FROM``'s, group 4: ``_IMPORT``'s), their
# ``(?:[^\n\\]|\\\n)*`` loops unrolled (``[^\n\\]*(?:\\\n[^\n\\]*)*``: the same greedy
# match, without an alternation tried at every byte)
_STATEMENT = re.compile(
    rb"[ \t]*(?:from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^\n\\]*(?:\\\n[^\n\\]*)*)"
    rb"|import[ \t]+([^\n\\#;]*(?:\\\n[^\n\\#;]*)*))"
)
_COMMENT = re.compile(rb"#[^\n]*")
_NAME = re.compile(rb"[A-Za-z_]\w*")
_NEVER = re.compile(rb"(?!)")
_INLINE_LINE = re.compile(
    rb"(?:[^\n#'\"]|'[^'\n]*'|\"[^\"\n]*\")*?[:;][ \t]*(?:from|import|class)[ \t]"
)


_ALLOCATOR_PREFIXES = (b"TokenToKVPool", b"KV", b"SWA")


def anchor_byte_words() -> tuple[bytes, ...]:
    """The words of the member and kvcache sinks (lint_rules/sinks.py): one of them is in the
    source of every such anchor. A probe word among them (``getattr``) is left to the probes'
    test (it and an ``swa``: every translate member spells one)."""
    probes = set(sink_words((SWA_MEMBER_PROBE,)))
    words = sink_words((TRANSLATE_ANCHOR, KVCACHE_ANCHOR))
    return tuple(w.encode() for w in words if w not in probes)


@lru_cache(maxsize=1)
def _member_bytes() -> tuple[bytes, ...]:
    """The SWA-only members of the real allocator classes, as bytes (encoded once)."""
    return tuple(m.encode() for m in sorted(swa_only_members()))


@lru_cache(maxsize=1)
def _member_set() -> frozenset:
    return frozenset(_member_bytes())


@lru_cache(maxsize=1)
def _member_pieces() -> Optional[tuple]:
    """(``"`` then a run of identifier bytes as long as the shortest member or longer, before
    a ``"``; the longest member's length), or None when a member is not identifier bytes."""
    members = _member_bytes()
    if not members or not all(re.fullmatch(rb"[A-Za-z0-9_]+", m) for m in members):
        return None
    shortest = min(map(len, members))
    return re.compile(rb'"([A-Za-z0-9_]{%d,})(?=")' % shortest), max(map(len, members))


def _quotes_a_member(data: bytes) -> bool:
    """Is an SWA-only member the whole text between two consecutive quote characters of
    ``data``? A probe names its member as a string constant (``sinks``), and a literal whose
    value is a member name (no quote, no backslash in it) is written between two consecutive
    quotes, whatever its prefix or quote style. It misses what a byte search per member misses
    (a name split by implicit concatenation or escapes) and runs on every file with a probe
    word, where that search cost most of a cold run (benchmarks/gate_members.py).

    The answer of ``data.replace(b"'", b'"').split(b'"')`` holding a member (its first and
    last pieces too; tests/lint/test_project.py checks it), without a piece for every quote:
    the pieces between two quotes that may be members are found with a regular expression
    (its closing ``"`` is left to open the next piece)."""
    members = _member_set()
    text = data.replace(b"'", b'"')
    pieces = _member_pieces()
    if pieces is None:
        return not members.isdisjoint(text.split(b'"'))
    pattern, longest = pieces
    if not members.isdisjoint(pattern.findall(text)):
        return True
    first = text.find(34)  # '"'
    if first < 0:
        return text in members
    last = text.rfind(34) + 1
    return (first <= longest and text[:first] in members) or (
        len(text) - last <= longest and text[last:] in members
    )


def probe_byte_words() -> tuple[bytes, ...]:
    """The words of the SWA member probe's forms (``hasattr``, ``getattr``)."""
    return tuple(w.encode() for w in sink_words((SWA_MEMBER_PROBE,)))


_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


class _FactWords:
    """Does ``data[start:end]`` hold a fact word, what every fact of a summary needs in the code
    it comes from: a root attribute, an allocator class name (annotations, SWA class tests), a
    word of the member and kvcache sinks, an SWA probe (a probe word, then ``swa`` before the
    next ``)`` or line end)? The words are the sinks' (lint_rules/sinks.py). The
    answer of one alternation of a dozen branches with no common literal (the reference form
    in tests/lint/test_project.py, checked equal there), searched branch by branch from each
    branch's literal: the alternation is tried at every position, about 1 ms per backend
    module; the literals are found with ``bytes.find`` (``Haystack`` for a whole module)."""

    def __init__(self, roots) -> None:
        self.literals = tuple(r.encode() for r in roots) + anchor_byte_words()
        self.literals += tuple(sorted(n.encode() for n in SWA_ALLOCATOR_NAMES))
        self.probes = probe_byte_words()
        self.members = _member_bytes()

    def search(self, data: bytes, start: int = 0, end: Optional[int] = None) -> bool:
        size = len(data)
        end = size if end is None else max(0, min(end, size))
        start = max(0, start)
        if start >= end:
            return False
        if start == 0 and end == size:
            hay = Haystack(data)
            if any(hay.has(lit) for lit in self.literals):
                return True
        elif any(data.find(lit, start, end) >= 0 for lit in self.literals):
            return True
        # ``(?:TokenToKVPool|KV|SWA)\w*Allocator``: a prefix inside the run of word bytes
        # that ends where ``Allocator`` starts
        at = data.find(b"Allocator", start, end)
        while at >= 0:
            run = at
            while run > start and data[run - 1] in _WORD_BYTES:
                run -= 1
            head = data[run:at]
            if any(p in head for p in _ALLOCATOR_PREFIXES):
                return True
            at = data.find(b"Allocator", at + 1, end)
        # ``hasattr[^)\n]*[sS][wW][aA]``: an ``swa`` (or an SWA-only member of the real classes)
        # after a probe word, before the first ``)`` or the end of its line
        for probe in self.probes:
            at = data.find(probe, start, end)
            while at >= 0:
                begin = at + len(probe)
                cut = end
                for stop in (b")", b"\n"):
                    found = data.find(stop, begin, cut)
                    if found >= 0:
                        cut = found
                if _SWA.search(data, begin, cut) or any(
                    data.find(m, begin, cut) >= 0 for m in self.members
                ):
                    return True
                at = data.find(probe, at + 1, end)
        return False


def _import_statements(
    data: bytes, pattern: re.Pattern, word: bytes = b"import", inline: Optional[list] = None
):
    """``pattern`` matched at the start of each line holding ``word`` (found with
    ``occurrences``: much faster than a multi-line regular expression over the file).
    ``inline``: appended to when ``word`` follows a ``:`` or ``;`` of its line outside a
    comment (a statement that does not start its line: ``_inline_statement``)."""
    last = -1
    # (single bytes as ints: ``data.rfind(10)`` is ``data.rfind(b"\n")`` without the buffer
    # protocol, several times cheaper per call)
    for at in occurrences(data, word):
        start = data.rfind(10, 0, at) + 1
        if inline is not None and at > start and data[at - 1] in b" \t:;":
            head = data[start:at]
            if (58 in head or 59 in head) and _INLINE_LINE.match(data, start):  # ":" or ";"
                inline.append(at)
        if start != last:
            last = start
            m = pattern.match(data, start)
            if m is not None:
                yield m


def _class_heads(data: bytes, inline: Optional[list] = None):
    """``_CLASS_HEAD.finditer(data)`` (``re.M``), found the same way as the import statements:
    a match starts a line holding ``class``, and matches do not overlap (a line start inside
    the previous match, e.g. in its bases, is skipped as ``finditer`` skips it)."""
    end = 0
    for m in _import_statements(data, _CLASS_HEAD, b"class", inline):
        if m.start() >= end:
            end = m.end()
            yield m


def _gate_plan(needles: tuple) -> tuple:
    """``((cover, needles), ...)`` for :func:`_gate_words`: the needles holding a word of
    ``_COVERS`` (two or more of them) share it as a first test, so a file without it (most
    files) is scanned for it once instead of once per needle; the other needles come last,
    with ``cover`` None."""
    # a needle holding another needle is found whenever that one is (``get_kvcache`` and
    # ``_kvcache``): the shorter answers for both
    rest = tuple(n for n in dict.fromkeys(needles) if not any(m != n and m in n for m in needles))
    plan = []
    for cover in _COVERS:
        covered = tuple(n for n in rest if cover in n)
        if len(covered) > 1:
            plan.append((cover, covered))
            rest = tuple(n for n in rest if n not in covered)
    return tuple(plan + [(None, rest)] if rest else plan)


# ``swa`` in any case: eight literal searches (``strstr``; fewer, ``_SWA_HEADS``) cost about
# half of one ``data.lower()`` copy of a file, and a case-blind regular expression several
# times more. The spellings code uses most come first (the search stops at the first found).
_SWA_CASES = (b"swa", b"SWA", b"Swa") + tuple(
    c
    for c in (bytes(c) for c in itertools.product(*((ord(a), ord(a.upper())) for a in "swa")))
    if c not in (b"swa", b"SWA", b"Swa")
)

# ``_SWA_CASES`` as ``_gate_words`` searches them: each spelling of the first two letters is a
# first test for the two spellings that start with it (most files hold none: four searches)
_SWA_HEADS = tuple(
    (head, tuple(c for c in _SWA_CASES if c.startswith(head)))
    for head in (b"sw", b"SW", b"Sw", b"sW")
)

# the needles' first tests (``_gate_plan``): ``llocator`` (the default allocator attribute,
# ``Allocator``) and ``swa`` (the translate anchor's words): ``swa`` is also the first of
# ``_SWA_CASES``, searched once for both
_COVERS = (b"llocator", b"swa")

# the probe words most modules hold, searched first (the probes' test stops at the first found)
_COMMON_PROBES = (b"except", b"dir", b"getattr")


def _gate_probes(probes: tuple) -> tuple:
    """``probes`` in the order :func:`_gate_words` searches them: the common ones first."""
    first = {w: i for i, w in enumerate(_COMMON_PROBES)}
    return tuple(sorted(probes, key=lambda w: first.get(w, len(first))))


def _gate_words(hay: Haystack, plan: tuple, probes: Optional[tuple] = None) -> bool:
    """Do the bytes of ``hay`` hold one of the needles of ``plan`` (allocator / anchor words,
    :func:`_gate_plan`), or one of ``probes`` (the probe sink's words, ``hasattr``, ...) and an
    ``swa`` in any case or a quoted SWA-only member (:func:`_quotes_a_member`)? The same answer
    as ``any(n in data ...) or (b"hasattr" in data and _SWA.search(data))`` and its twins
    (tests/lint/test_project.py checks it), without a regular expression (several times slower
    than a literal search; this runs on every file). ``hay`` remembers what was searched, for
    the byte prefilter (triage) that asks next: a needle whose cover is missing is recorded
    as missing."""
    found = hay.found
    for cover, needles in plan:
        if cover is None or hay.has(cover):
            if hay.any(needles):
                return True
        else:
            for n in needles:
                found[n] = False  # (``known_missing``)
    probes = probe_byte_words() if probes is None else probes
    if not hay.any(probes):
        return False
    for head, spellings in _SWA_HEADS:
        if hay.has(head) and hay.any(spellings):
            return True
    return _quotes_a_member(hay.data)


def _extents_of(data: bytes) -> dict:
    """:meth:`Index._extents` of a module's bytes. The three multi-line regular expressions
    (``_TOP``, ``_COL0``, ``_ASSIGN``: no literal prefix, so tried at every position) are
    matched only at the starts of the lines whose first byte ``_COL0`` accepts (every match
    of the three starts there: found in one pass, ``_COL0_NL``); none of their matches holds
    a line start inside it, so these are the same matches (tests/lint/test_project.py checks
    them against the ``finditer`` form)."""
    out: dict = {}
    starts = [0] if _COL0.match(data, 0) else []
    starts += [m.start() + 1 for m in _COL0_NL.finditer(data)]
    heads = [m for m in (_TOP.match(data, at) for at in starts if data[at] in b"adc") if m]
    if heads:
        quotes = _triple_quotes(data)
        for m in heads:
            name = (m.group(1) or m.group(2)).decode()
            # the first line start after the head's match (m.end() is never a line start)
            # that is not inside a triple-quoted string
            i = bisect.bisect_right(starts, m.end())
            while i < len(starts) and bisect.bisect_left(quotes, starts[i]) % 2:
                i += 1
            end = starts[i] if i < len(starts) else len(data)
            prev = out.get(name)
            out[name] = (m.start(), end, m.group(0)) if prev is None else (0, len(data), b"")
    for at in starts:
        if data[at] in _WORD_BYTES:  # ``_ASSIGN`` starts with ``\w+``
            m = _ASSIGN.match(data, at)
            if m is not None:
                out[m.group(1).decode()] = (0, len(data), b"")
    return out


def _triple_quotes(data: bytes) -> list:
    """Start offsets of ``_TRIPLE.finditer(data)``: each kind found with ``occurrences`` (the
    two kinds share no byte, so they never overlap each other)."""
    out = [*occurrences(data, b'"""'), *occurrences(data, b"'''")]
    out.sort()
    return out


def _from_pairs(names: bytes) -> list:
    """``[(name, bound as)]`` of a ``from`` statement's names (``_STATEMENT``'s group 3). Each
    name is a word of ``names`` (a comment or a line continuation only separates words)."""
    text = names
    if b"#" in text:
        text = _COMMENT.sub(b"", text)
    if b"\\" in text:
        text = text.replace(b"\\\n", b" ")
    pairs = []
    for part in text.split(b","):
        words = _NAME.findall(part)
        if len(words) >= 3 and words[1] == b"as":
            pairs.append((words[0].decode(), words[2].decode()))
        elif words:
            name = words[0].decode()
            pairs.append((name, name))
    return pairs


# an import or class statement that does not start its line (``if X: from a import b``,
# ``a; import b``): the gate's regular expressions do not read it, the refinement gives up
def _inline_statement(data: bytes, words=(b"import", b"class")) -> bool:
    """A line holding ``import`` or ``class`` after a ``:`` or ``;`` outside a comment (in a
    string too: it only costs precision)."""
    found: list = []
    for word in words:
        for _ in _import_statements(data, _NEVER, word, found):
            pass
        if found:
            return True
    return False


_CLASS_START = re.compile(rb"[ \t]*class[ \t]+\w+[ \t]*")


_DOTTED = re.compile(rb"\s*([A-Za-z_][\w.]*)\s*$")


def _class_bases(data: bytes) -> Optional[list]:
    """Per class statement: (the words of its bases, the last part of each positional base
    that is a dotted name), brackets followed to the matching one; None when a statement is
    not read to its end. The analysis's backend test reads those last parts."""
    out = []
    for m in _import_statements(data, _CLASS_START, b"class"):
        at = m.end()
        if data[at : at + 1] != b"(":
            out.append(([], []))
            continue
        depth, i, end = 0, at, min(len(data), at + 8192)
        commas = [at]
        while i < end:
            c = data[i]
            if c in b"([{":
                depth += 1
            elif c in b")]}":
                depth -= 1
                if depth == 0:
                    break
            elif c == 44 and depth == 1:  # ","
                commas.append(i)
            i += 1
        else:
            return None
        commas.append(i)
        terminals = []
        for a, b in zip(commas, commas[1:]):
            item = _DOTTED.match(data[a + 1 : b])
            if item is not None:
                terminals.append(item.group(1).rpartition(b".")[2].decode())
        out.append(([w.decode() for w in _NAME.findall(data, at, i)], terminals))
    return out


def _is_called(data: bytes, word: bytes) -> bool:
    """Does ``word`` occur followed by ``(`` (a call, or a class statement's bases) or ``.``
    (an attribute: of a module object imported by name, ``from pkg import mod``)?"""
    size = len(word)
    for at in occurrences(data, word):
        end = at + size
        if (at == 0 or not (data[at - 1 : at].isalnum() or data[at - 1 : at] == b"_")) and data[
            end : end + 8
        ].lstrip(b" \t").startswith((b"(", b".")):
            return True
    return False


def _defines(data: bytes, word: bytes) -> bool:
    """A ``def``/``class`` statement of that name (no re-export to follow then)."""
    return (b"def " + word + b"(") in data or (b"class " + word) in data


def _base_words(patterns) -> Optional[re.Pattern]:
    pieces = [
        re.escape(piece.encode()) for p in patterns for piece in re.split(r"[*?\[\]]+", p) if piece
    ]
    return re.compile(b"|".join(pieces)) if pieces else None


@dataclass(slots=True)
class FnFact:
    qual: str
    params: list
    implicit: int = 0  # 1 for a method called bound
    returns_alloc: bool = False
    # The function returns a record of its module (an instance of a module-level class) and
    # these attribute names hold the allocator in that module (field-based, as the flow model
    # reads attributes): a read of one on the returned value is the allocator.
    carrier_fields: frozenset = frozenset()
    # Some parameter may reach an anchor (the function names an SWA allocator class, reads a
    # translate member or probes an SWA-only member, and has parameters). Which parameters do,
    # and of which kinds, is computed per parameter when a call first passes the allocator
    # there (:meth:`anchor_kinds`: the defining module's model re-run with that parameter
    # seeded), not when the module is summarised.
    may_anchor: bool = False
    tree: Optional[ast.Module] = None  # the defining module's ``ast``
    # (unit index, parameter names, ``**kwargs`` name or None) of each definition of the name
    # that may anchor (a name defined twice, e.g. under ``if``/``else``: every definition)
    seeds: list = field(default_factory=list)
    computed: dict = field(default_factory=dict)  # param name ("**": the kwargs) -> kinds

    def anchor_kinds(self, param: str) -> frozenset:
        """Anchor kinds the parameter ``param`` (``"**"``: the ``**kwargs``) reaches when it
        holds the allocator (empty for a name that is no parameter)."""
        hit = self.computed.get(param)
        if hit is None:
            kinds: set = set()
            for unit_index, names, kwarg in self.seeds:
                name = kwarg if param == "**" else param if param in names else None
                if name is None:
                    continue
                from .flow import Flow

                seeded = Flow.build(self.tree, (), None, seeds={(unit_index, name)})
                kinds |= anchors_in(seeded, seeded.units[unit_index].node)
            hit = self.computed[param] = frozenset(kinds)
        return hit

    @property
    def anchors(self) -> dict:
        """Every parameter's anchor kinds (non-empty ones), computed now."""
        keys = {n for _, names, _ in self.seeds for n in names}
        if any(kwarg for _, _, kwarg in self.seeds):
            keys.add("**")
        return {k: kinds for k in sorted(keys) if (kinds := self.anchor_kinds(k))}


@dataclass(slots=True)
class ClassFact:
    path: str
    name: str
    bases: list  # ast expressions of the bases (resolved in ``path``)
    attrs: frozenset = frozenset()  # attributes holding the allocator
    props: frozenset = frozenset()  # properties returning it
    methods: dict = field(default_factory=dict)  # method name -> FnFact (returning it)


@dataclass(slots=True)
class Summary:
    path: str
    module: str
    imports: dict  # local name -> (module, attribute or None)
    stars: list
    defined: set
    functions: dict = field(default_factory=dict)  # name -> FnFact
    classes: dict = field(default_factory=dict)  # name -> ClassFact
    summarised: bool = False
    # ``functions``/``classes`` not computed yet (asked with ``Index.summary(path,
    # facts=False)``; the next ``summary(path)`` computes them). Their names are among
    # ``heads``: the def and class statements outside any def or class.
    pending: bool = False
    heads: frozenset = frozenset()


def module_of(path: str) -> tuple[str, str]:
    """(dotted module name, import root) of a file, by its packages' ``__init__.py``."""
    path = os.path.abspath(path)
    head, tail = os.path.split(path)
    package, root = _package_of(head)
    name = "" if tail == "__init__.py" else (tail[:-3] if tail.endswith(".py") else tail)
    return ".".join(p for p in (package, name) if p), root


@lru_cache(maxsize=4096)
def _package_of(directory: str) -> tuple[str, str]:
    if not os.path.isfile(os.path.join(directory, "__init__.py")):
        return "", directory
    head, pkg = os.path.split(directory)
    if not pkg:
        return "", directory
    parent, root = _package_of(head)
    return (f"{parent}.{pkg}" if parent else pkg), root


class Index:
    """One per run: import resolution, gate and summaries for the tree under ``root``."""

    def __init__(
        self, root: str, roots=("token_to_kv_pool_allocator",), patterns=(), scope=None
    ) -> None:
        self.root = os.path.realpath(root)
        self.scope = scope  # backend paths (None: every file may be backend code)
        self.roots = tuple(roots)
        self.patterns = tuple(patterns)
        self.import_roots: list[str] = []
        for extra in ("", "src", "python"):
            d = os.path.join(self.root, extra)
            if os.path.isdir(d) and d not in self.import_roots and d != os.sep:
                self.import_roots.append(d)
        self._root: Optional[str] = None
        self._facts = _FactWords(self.roots)
        self._bases = _base_words(self.patterns)
        # bytes one of which every match of ``_facts`` contains (a cheap first test)
        self._quick = (
            tuple(r.encode() for r in self.roots)
            + (b"Allocator",)
            + anchor_byte_words()
            + self._facts.probes
        )
        # the gate's first test: an allocator word or an anchor word (``_gate_words``)
        self._gate_plan = _gate_plan(
            tuple(r.encode() for r in self.roots) + (b"Allocator",) + anchor_byte_words()
        )
        self._gate_probes = _gate_probes(self._facts.probes)
        self._bytes: dict[str, Optional[bytes]] = {}
        self._summaries: dict[str, Summary] = {}
        # summaries read from a module's sketch (``_sketch``), only for ``_sketch_rules_out``
        self._sketches: dict[str, Optional[Summary]] = {}
        self._flow_free_memo: dict[str, bool] = {}
        self._by_hash: dict[str, Summary] = {}
        self._in_progress: set[str] = set()
        self._gates: dict[str, tuple] = {}
        self._import_tables: dict[str, list] = {}
        self._inline_imports: dict[str, bool] = {}  # an import after ":" or ";" (not read)
        # files that matter only because they import helpers whose parameters may reach an
        # anchor: their names (``helpers_only``)
        self._helpers_only: dict[str, frozenset] = {}
        # the analyses' own caches for this run (pathcond: other modules' ``Facts`` by path)
        self.memo: dict = {}
        self._has_facts: dict[str, bool] = {}
        self._extent_tables: dict[str, dict] = {}
        self._lookups: dict[tuple, tuple] = {}  # (root, module) -> ``_look_up``'s answer
        self._name_memo: dict[tuple, tuple] = {}
        self._base_memo: dict[tuple, tuple] = {}
        self.fn_facts: list[FnFact] = []
        self.read_files: set[str] = set()
        # while the gate refines its answer (``_contributes``): the dependencies every file
        # looked at is added to (resolution, summaries)
        self._sink: Optional[dict] = None

    # ------------------------------------------------------------------ files and modules

    def add_import_root(self, path: str) -> None:
        """Kept for callers: resolution starts from each file's own import root (``enter``)."""
        module_of(path)

    def read(self, path: str) -> Optional[bytes]:
        if path not in self._bytes:
            try:
                with open(path, "rb") as handle:
                    self._bytes[path] = handle.read()
                self.read_files.add(path)
            except OSError:
                self._bytes[path] = None
        return self._bytes[path]

    def path_of(self, module: str, tried: Optional[list] = None) -> Optional[str]:
        """The file of ``module``: under the import root of the file being resolved (a tree may
        hold several copies of a package; each file sees its own), else the project roots."""
        if not module:
            return None
        key = (self._root, module)
        hit = self._lookups.get(key)
        if hit is None:
            hit = self._lookups[key] = self._look_up(module)
        found, misses = hit
        if tried is not None:
            tried.extend(misses)
        sink = self._sink
        if sink is not None:
            for cand in misses:
                sink.setdefault(cand, [cand, -1, -1])
            if found is not None:
                self._dep(found, sink)
        return found

    def _look_up(self, module: str) -> tuple:
        """(the file of ``module`` or None, the candidate paths tried before it), once per
        resolution root and module (the file system is read once per run)."""
        rel = module.replace(".", os.sep)
        roots = [self._root] if self._root else []
        roots += [r for r in self.import_roots if r != self._root]
        misses: list = []
        for base in roots:
            for cand in (os.path.join(base, rel + ".py"), os.path.join(base, rel, "__init__.py")):
                if os.path.isfile(cand):
                    return cand, misses
                misses.append(cand)
        return None, misses

    def enter(self, path: str) -> None:
        """Resolve from the file at ``path`` (its top package's directory first)."""
        self._root = module_of(path)[1]

    @contextmanager
    def entered(self, path: str):
        """Resolve from the file at ``path`` for the block, then from the root before it (the
        index resolves the linted file from its own root)."""
        root = self._root
        try:
            self.enter(path)
            yield self
        finally:
            self._root = root

    def helpers_only(self, path: str) -> Optional[frozenset]:
        """The names of the imported helpers that are all the index gives the file at
        ``path`` (``context.FileContext.helpers_only``), else None."""
        return self._helpers_only.get(path)

    @staticmethod
    def absolute(module: str, level: int, target: str, is_package: bool) -> str:
        if not level:
            return target
        parts = module.split(".")
        if not is_package:
            parts = parts[:-1]
        if level > 1:
            parts = parts[: len(parts) - (level - 1)] if level - 1 <= len(parts) else []
        return ".".join(p for p in (*parts, target) if p)

    # ------------------------------------------------------------------ the gate (bytes only)

    def _imports_re(self, path: str, data: bytes) -> list:
        """``(module, [(name, bound as)] or None for ``import m``, star)`` per import statement,
        read with regular expressions (over-approximate: one in a string counts too). The
        ``from`` statements come first, then the ``import`` ones, each in file order."""
        hit = self._import_tables.get(path)
        if hit is not None:
            return hit
        module = module_of(path)[0]
        pkg = os.path.basename(path) == "__init__.py"
        froms: list = []
        plain: list = []
        absolute: dict = {}
        # one pass over the lines holding "import": a line is a ``from`` or an ``import``
        # statement (or neither), never both
        inline: list = []
        for m in _import_statements(data, _STATEMENT, b"import", inline):
            if m.group(1) is not None:
                key = (m.group(1), m.group(2))
                absmod = absolute.get(key)
                if absmod is None:
                    absmod = absolute[key] = self.absolute(
                        module, len(key[0]), key[1].decode(), pkg
                    )
                names = m.group(3)
                froms.append((absmod, _from_pairs(names), b"*" in names))
            else:
                for part in m.group(4).split(b","):
                    words = part.split()
                    if words:
                        plain.append((words[0].decode(), None, False))
        out = froms + plain
        self._import_tables[path] = out
        self._inline_imports[path] = bool(inline)
        return out

    def has_facts(self, path: str) -> bool:
        hit = self._has_facts.get(path)
        if hit is None:
            data = self.read(path)
            hit = self._has_facts[path] = bool(
                data is not None
                and any(w in data for w in self._quick)
                and self._facts.search(data)
            )
        return hit

    def _extents(self, path: str) -> dict:
        """Top-level ``def``/``class`` names of a module -> (start, end, header) byte spans (a
        span ends at the next line at column 0 outside a triple-quoted string: it may run
        long, never short). A name also bound otherwise at module level spans the file."""
        hit = self._extent_tables.get(path)
        if hit is not None:
            return hit
        data = self.read(path) or b""
        self._extent_tables[path] = out = _extents_of(data)
        return out

    def gate(
        self,
        path: str,
        data: Optional[bytes] = None,
        in_scope: Optional[Callable[[], bool]] = None,
        hay: Optional[Haystack] = None,
    ) -> tuple[bool, list]:
        """(may matter through another module, dependencies ``[[path, mtime_ns, size]]``).

        Asked only of files that hold an allocator word (they may hand the allocator to an
        imported helper) or an anchor word (they may test or translate an allocator that an
        imported helper or base class gives): each imported name is followed through
        re-exports (by name, and star imports) to the module that defines it; it matters when
        its definition (or, for a class, a base's, followed the same way) holds a fact word; a
        module object (``import m as h``) matters when its file holds one."""
        if not os.path.isabs(path):
            path = os.path.abspath(path)
        hit = self._gates.get(path)
        if hit is not None:
            return hit
        if hay is not None:
            data = hay.data
        elif data is None:
            data = self.read(path)
        if hay is None and data is not None:
            hay = Haystack(data)
        answer: tuple = (False, [])
        if hay is not None and _gate_words(hay, self._gate_plan, self._gate_probes):
            self.enter(path)
            deps: dict[str, list] = {}
            matters = False
            bases: set = set()
            inline_classes: list = []  # a class statement after ":" or ";" (not read)
            for m in _class_heads(data, inline_classes):
                bases.update(_NAME.findall(m.group(1)))
            scoped = self._may_be_in_scope(path, data, bases, deps, in_scope)
            # an import or class statement the regular expressions do not read: the file
            # matters (the refinement, ``_contributes``, then says yes); out of scope, an
            # unread import matters only when a class has bases (it may bind one)
            if not scoped:
                inline_import = bases and (
                    self._inline_imports[path]  # read with the import table, when it was
                    if path in self._inline_imports
                    else _inline_statement(data, (b"import",))
                )
                if not inline_classes and not inline_import:
                    self._gates[path] = answer = (False, sorted(deps.values()))
                    return answer
            # backend code only through a class of another module (``backend_base``): the
            # index matters whatever the names below give
            matters = not scoped or scoped == _SCOPE_BY_INDEX
            # the flow model uses an imported function only when it is called, an imported
            # class only as a base of a class (lint_rules.flow: "X" values, bases of "S")
            for module, pairs, star in self._imports_re(path, data):
                if pairs is None:
                    if self._module_matters(module, deps):
                        matters = True
                    continue
                if star:
                    target = self._module_path(module, deps)
                    if target is not None and self.has_facts(target):
                        matters = True
                    continue
                for name, bound in pairs:
                    word = bound.encode()
                    if word in bases:
                        kind = "any"
                    elif _is_called(data, word):
                        kind = "call"  # a call, or an attribute of a module object
                    else:
                        continue
                    if self._name_matters(module, name, deps, 0, kind):
                        matters = True
            self._imports_re(path, data)  # (read by now when the file has an import)
            inline = bool(inline_classes) or self._inline_imports.get(path, False)
            if matters or inline:
                matters = inline or self._contributes(
                    path, data, deps, self._path_scoped(path, in_scope)
                )
            answer = (matters, sorted(deps.values()))
        self._gates[path] = answer
        return answer

    def _path_scoped(self, path: str, in_scope: Optional[Callable[[], bool]]) -> bool:
        """Is every class of the file backend code without the index (the audit mode, or the
        file under the backend paths)? Without a scope (library use) the analysis's may be
        any: no."""
        scope = self.scope
        if scope is None:
            return False
        if scope.all_code:
            return True
        if in_scope is not None:
            return in_scope()
        from .scope import path_in_scope

        return path_in_scope(path, scope)

    def _may_be_in_scope(
        self,
        path: str,
        data: bytes,
        bases: set,
        deps: dict,
        in_scope: Optional[Callable[[], bool]] = None,
    ) -> int:
        """Can code of the file be backend code: under the backend paths (``in_scope``: the
        caller's ``path_in_scope``, asked only here), a class deriving from a base-pattern
        name (both ``_SCOPE_BY_FILE``), or from an imported class whose definition (followed
        through re-exports and its own bases) names one (``_SCOPE_BY_INDEX``)? 0: no."""
        scope = self.scope
        # without a scope (library use) any code may be backend code, and a class also through
        # a base of another module
        otherwise = _SCOPE_BY_FILE if scope is None else 0
        if scope is not None:
            if scope.all_code:
                return _SCOPE_BY_FILE
            if in_scope is not None:
                if in_scope():
                    return _SCOPE_BY_FILE
            else:
                from .scope import path_in_scope

                if path_in_scope(path, scope):
                    return _SCOPE_BY_FILE
        if not bases:
            return otherwise
        if self._bases is None:
            return _SCOPE_BY_FILE
        if scope is not None and any(self._bases.search(b) for b in bases):
            return _SCOPE_BY_FILE
        table = self._import_tables.get(path)
        if table is None:
            return _SCOPE_BY_INDEX if self._base_imported(path, data, bases, deps) else otherwise
        names = {b.decode() for b in bases}
        for module, pairs, star in table:
            if star:
                return _SCOPE_BY_INDEX  # a star import may bind any base name
            for orig, bound in pairs or ():
                if bound in names and self._base_matters(module, orig, deps, 0):
                    return _SCOPE_BY_INDEX
        return otherwise

    def _base_imported(self, path: str, data: bytes, bases: set, deps: dict) -> bool:
        """Is a ``from`` import of the file a star import, or does it bind a name of ``bases``
        to a class that derives from a base-pattern name (``_base_matters``)? The answer of
        the import table's ``from`` statements (``_imports_re``), with the same classes asked
        in the same order, but a statement's names are read only when one of ``bases`` is in
        their text (each name is a word of it). Without a match, what the table records of
        statements after ``:`` or ``;`` is recorded."""
        names = {b.decode() for b in bases}
        module = None
        inline: list = []
        for m in _import_statements(data, _STATEMENT, b"import", inline):
            if m.group(1) is None:
                continue  # ``import m``: binds no name the table reads here
            text = m.group(3)
            if 42 in text:  # "*": a star import may bind any base name
                return True
            for base in bases:
                if base in text:
                    break
            else:
                continue
            if module is None:
                module = module_of(path)[0]
            target = self.absolute(
                module,
                len(m.group(1)),
                m.group(2).decode(),
                os.path.basename(path) == "__init__.py",
            )
            for orig, bound in _from_pairs(text):
                if bound in names and self._base_matters(target, orig, deps, 0):
                    return True
        self._inline_imports[path] = bool(inline)
        return False

    def _base_matters(self, module: str, name: str, deps: dict, depth: int) -> bool:
        """Does the class ``name`` of ``module`` derive (by bytes) from a base-pattern name?
        Memoised (with the files it looked at) per resolution root and depth: many files of
        a tree derive from the same few classes."""
        key = (self._root, module, name, depth)
        hit = self._base_memo.get(key)
        if hit is None:
            local: dict = {}
            hit = self._base_memo[key] = (
                self._base_matters_uncached(module, name, local, depth),
                local,
            )
        deps.update(hit[1])
        return hit[0]

    def _base_matters_uncached(self, module: str, name: str, deps: dict, depth: int) -> bool:
        if depth > _DEPTH:
            return False
        target = self._module_path(module, deps)
        if target is None:
            return False
        data = self.read(target) or b""
        span = self._extents(target).get(name)
        if span is not None and span[2].startswith(b"class"):
            header = span[2].partition(b"(")[2]
            if self._bases.search(header):
                return True
            words = {w.decode() for w in _NAME.findall(header)}
        else:
            words = {name}  # a re-export: follow the name
        for mod, pairs, star in self._imports_re(target, data):
            if star and span is None and self._base_matters(mod, name, deps, depth + 1):
                return True
            for orig, bound in pairs or ():
                if bound in words and self._base_matters(mod, orig, deps, depth + 1):
                    return True
        if span is not None:
            for w in words:
                local = self._extents(target).get(w)
                if local is not None and w != name and local[2].startswith(b"class"):
                    if self._base_matters(module, w, deps, depth + 1):
                        return True
        return False

    def name_may_matter(self, module: str, name: str) -> bool:
        """The byte-level test of the gate for one imported name (values or backend base)."""
        scratch: dict = {} if self._sink is None else self._sink
        return self._name_matters(module, name, scratch, 0) or (
            self._bases is not None and self._base_matters(module, name, scratch, 0)
        )

    def name_may_give_value(self, module: str, name: str) -> bool:
        """The byte-level test of the gate for a name used as a value: only a function (its
        call) or a module (its attributes) gives the flow model one; a class gives none."""
        return self._name_matters(module, name, {} if self._sink is None else self._sink, 0, "call")

    def import_value(self, target: str, attr: str):
        """What ``from target import attr`` binds, for the flow model (``resolve``'s answer,
        or the submodule), when the gate's byte test says it may give a value; else None."""
        if not self.name_may_give_value(target, attr):
            return None
        return self.resolve(target, attr, 1) or (
            ("mod", f"{target}.{attr}") if self.path_of(f"{target}.{attr}") else None
        )

    def gives_value(self, found) -> bool:
        """Does a resolution give the flow model a value (``ModuleView._values``)?"""
        if found is None or found[0] == "cls":
            return False
        if found[0] == "fn":
            fact = found[1]
            return fact.returns_alloc or fact.may_anchor or bool(fact.carrier_fields)
        return self.path_of(found[1]) is not None

    def class_words(self, cls: ClassFact, seen: Optional[set] = None) -> set:
        """Attributes, properties and methods holding / returning the allocator on ``cls`` and
        its bases, across modules."""
        seen = set() if seen is None else seen
        s = self._summaries.get(cls.path) or self._sketches.get(cls.path)
        if s is None or (cls.path, cls.name) in seen or cls.name not in s.classes:
            return set()
        seen.add((cls.path, cls.name))
        out = set(cls.attrs) | set(cls.props) | set(cls.methods)
        for base in cls.bases:
            found = self.resolve_expr(s, base)
            if found is not None and found[0] == "cls":
                out |= self.class_words(found[1], seen)
        return out

    def _contributes(self, path: str, data: bytes, deps: dict, path_scoped: bool) -> bool:
        """The refinement of the gate's yes: can the index give the module's flow model a
        value, or one of its classes backend scope? A no makes the file an ordinary one (the
        single-file prefilters and proofs), which is exact: the flow model asks the index only
        for imported names (functions and modules, star imports), for what the bases of its
        classes hold, and the analysis for those bases' backend scope. Read from the import
        and class statements (regular expressions, as the gate reads them: every import the
        module's table can hold, function-local ones too); the imported names that the byte
        test lets through are resolved and summarised (a file with a statement these do not
        read, after ``:`` or ``;``, is not asked: it matters). Every file looked at joins
        ``deps``."""
        heads = _class_bases(data)
        if heads is None:
            return True
        self._sink = deps
        try:
            bound: dict = {}
            helpers: set = set()  # names of helpers whose parameters may reach an anchor
            for module, pairs, star in self._imports_re(path, data):
                if star or pairs is None:
                    # a star import may bind anything; ``import a.b`` binds ``a`` (``as m``:
                    # ``a.b``): a module object when it is a file of the tree
                    top = module.partition(".")[0]
                    if self.path_of(module) is not None or (
                        not star and self.path_of(top) is not None
                    ):
                        return True
                    continue
                for orig, name in pairs:
                    bound.setdefault(name, []).append((module, orig))
                    if self._sketch_rules_out(module, orig):
                        continue  # no value, read from the module's sketch (no parse)
                    found = self.import_value(module, orig)
                    if self.gives_value(found):
                        if (
                            found[0] == "fn"
                            and not found[1].returns_alloc
                            and not found[1].carrier_fields
                        ):
                            helpers.add(name)  # only a call passing the allocator matters
                            continue
                        return True
            import fnmatch

            def matches(name: str) -> bool:
                return any(fnmatch.fnmatchcase(name, p) for p in self.patterns)

            for words, terminals in heads:
                imported = [w for w in words if w in bound]
                if not imported:
                    continue
                # the class is backend code without the index: a base named like a pattern
                # (an imported one by every name it may have been imported as)
                scoped = path_scoped or any(
                    matches(t) and all(matches(orig) for _, orig in bound.get(t, ()))
                    for t in terminals
                )
                for w in imported:
                    for module, orig in bound[w]:
                        if not self.name_may_matter(module, orig):
                            continue  # ``resolve_expr``'s test: the index gives nothing
                        if self._sketch_rules_out(module, orig, (scoped, matches)):
                            continue  # nothing, read from the module's sketch (no parse)
                        found = self.resolve(module, orig, 1)
                        if found is None:
                            continue
                        if found[0] == "mod":
                            return True  # a base ``module.Class``
                        if found[0] != "cls":
                            continue
                        if self.class_words(found[1]):
                            return True  # ``self.<attr>`` in a subclass here
                        if not scoped and (matches(found[1].name) or self.is_backend(found[1])):
                            return True  # backend scope through it (``backend_base``)
            if helpers:
                self._helpers_only[path] = frozenset(helpers)
                return True
            return False
        finally:
            self._sink = None

    def _dep(self, path: str, deps: dict) -> None:
        if path not in deps:
            try:
                st = os.stat(path)
                deps[path] = [path, st.st_mtime_ns, st.st_size]
            except OSError:
                deps[path] = [path, -1, -1]

    def _module_path(self, module: str, deps: dict) -> Optional[str]:
        """``path_of`` (memoised there), with the file and the first two paths tried before it
        (those of the first root) joining ``deps``."""
        tried: list = []
        target = self.path_of(module, tried)
        for miss in tried[:2]:
            deps.setdefault(miss, [miss, -1, -1])
        if target is not None:
            self._dep(target, deps)
        return target

    def _module_matters(self, module: str, deps: dict) -> bool:
        target = self._module_path(module, deps)
        return target is not None and self.has_facts(target)

    def _reexport_matters(self, target, data, name, deps, depth, kind) -> bool:
        """``name`` is not defined in ``target``: does a re-export there bring a fact?"""
        for mod, pairs, star in self._imports_re(target, data):
            if star and self._name_matters(mod, name, deps, depth + 1, kind):
                return True
            for orig, bound in pairs or ():
                if bound == name and self._name_matters(mod, orig, deps, depth + 1, kind):
                    return True
        return False

    def _name_matters(
        self, module: str, name: str, deps: dict, depth: int, kind: str = "any"
    ) -> bool:
        """Can ``name`` imported from ``module`` carry a fact (by bytes)? Memoised with the
        files it looked at."""
        key = (self._root, module, name, kind)
        hit = self._name_memo.get(key)
        if hit is None:
            if depth > _DEPTH:
                return False
            self._name_memo[key] = (False, {})  # a cycle: nothing more on this path
            local: dict = {}
            answer = self._name_matters_uncached(module, name, local, depth, kind)
            hit = self._name_memo[key] = (answer, local)
        deps.update(hit[1])
        return hit[0]

    def _name_matters_uncached(
        self, module: str, name: str, deps: dict, depth: int, kind: str
    ) -> bool:
        target = self._module_path(module, deps)
        if target is None:
            return False
        sub = self._module_path(f"{module}.{name}", deps)  # a submodule imported by name
        if sub is not None and self.has_facts(sub):
            return True
        if not self.has_facts(target):
            # no fact word in the module: only a re-export can bring one
            data = self.read(target) or b""
            if _defines(data, name.encode()):
                return False
            return self._reexport_matters(target, data, name, deps, depth, kind)
        data = self.read(target) or b""
        span = self._extents(target).get(name)
        if span is None:
            # not defined here: a re-export (or unknown)
            return self._reexport_matters(target, data, name, deps, depth, kind)
        start, end, header = span
        if kind == "call" and header.startswith(b"class"):
            return False  # the flow model gives an instance of an imported class nothing
        if self._facts.search(data, start, end):
            return True
        if header.startswith(b"class"):
            if self._bases is not None and self._bases.search(header.partition(b"(")[2]):
                return True  # a backend base: the class puts its subclasses in scope
            # a class's bases, followed in its module (imported names)
            table = {
                bound: (mod, orig)
                for mod, pairs, _ in self._imports_re(target, data)
                for orig, bound in pairs or ()
            }
            for word in _NAME.findall(header.partition(b"(")[2]):
                w = word.decode()
                if w in table and self._name_matters(*table[w], deps, depth + 1):
                    return True
                local = self._extents(target).get(w)
                if local is not None and w != name and self._facts.search(data, *local[:2]):
                    return True
        return False

    # ------------------------------------------------------------------ summaries (ast)

    def summary(
        self, path: str, facts: bool = True, tree: Optional[ast.Module] = None
    ) -> Optional[Summary]:
        """The module's summary: its import table and names (``imports``, ``stars``,
        ``defined``) and, with ``facts``, its ``functions`` and ``classes`` (the flow model
        over the module). ``facts=False`` leaves those for a later ``summary(path)``, which
        completes the same object (a caller that needs only the table does not pay for
        them). ``tree``: the ``ast`` of the file's bytes, when the caller has parsed them."""
        path = os.path.abspath(path)
        if self._sink is not None:
            self._dep(path, self._sink)
        hit = self._summaries.get(path)
        if hit is not None:
            if facts and hit.pending:
                self._complete(hit, tree)
            return hit
        if path in self._in_progress:
            return None  # an import cycle: the module's facts are not complete yet
        data = self.read(path)
        if data is None:
            return None
        import hashlib  # here: a run that summarises nothing never loads it (OpenSSL)

        digest = hashlib.blake2b(data + path.encode(), digest_size=16).hexdigest()
        if digest in self._by_hash:
            hit = self._by_hash[digest]
            if facts and hit.pending:
                self._complete(hit, tree)
            return hit
        if tree is None:
            tree = _parse(data)
            if tree is None:
                return None
        module, _ = module_of(path)
        pkg = os.path.basename(path) == "__init__.py"
        s = Summary(path, module, {}, [], set())
        for stmt in tree.body:
            self._table(stmt, s, module, pkg)
        s.pending = True
        s.heads = frozenset(_heads(tree))
        if facts:
            self._complete(s, tree)
        self._summaries[path] = self._by_hash[digest] = s
        return s

    def _complete(self, s: Summary, tree: Optional[ast.Module]) -> None:
        """Compute ``s``'s functions and classes (once), if its module holds a fact word."""
        s.pending = False
        data = self.read(s.path)
        if data is None or not (
            self._facts.search(data) or (self._bases is not None and self._bases.search(data))
        ):
            return  # no fact, and no class of it can derive from a backend base by name
        if tree is None:
            tree = _parse(data)
            if tree is None:
                return
        self._in_progress.add(s.path)
        try:
            with _gc_paused():  # the model's objects: many, and all kept (no garbage to find)
                self._summarise(tree, s)
        finally:
            self._in_progress.discard(s.path)

    def _table(self, stmt, s: Summary, module: str, pkg: bool) -> None:
        if isinstance(stmt, ast.ImportFrom):
            absmod = self.absolute(module, stmt.level or 0, stmt.module or "", pkg)
            for alias in stmt.names:
                if alias.name == "*":
                    s.stars.append(absmod)
                else:
                    s.imports[alias.asname or alias.name] = (absmod, alias.name)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname:
                    s.imports[alias.asname] = (alias.name, None)
                else:
                    top = alias.name.split(".")[0]
                    s.imports[top] = (top, None)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            s.defined.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    s.defined.add(t.id)
        elif isinstance(stmt, (ast.If, ast.Try)):  # guarded imports (TYPE_CHECKING, fallbacks)
            for sub in ast.iter_child_nodes(stmt):
                if isinstance(sub, ast.stmt):
                    self._table(sub, s, module, pkg)
                elif isinstance(sub, ast.excepthandler):
                    for inner in sub.body:
                        self._table(inner, s, module, pkg)

    def _summarise(self, tree: ast.Module, s: Summary) -> None:
        from .flow import ALLOC, Flow

        # One hop: a summary is computed from its own module (no index), so summarising never
        # cascades through the import graph; base chains are walked by ``class_attr``.
        flow = Flow.build(tree, self.roots, None)
        fields = frozenset(a for a, vals in flow.attrs.items() if ALLOC in vals)
        for unit in flow.units:
            if unit.parent is not flow.module:
                continue
            if unit.kind == "function":
                fact = FnFact(f"{s.module}.{unit.name}", unit.params + unit.kwonly)
                fact.returns_alloc = ALLOC in unit.returns
                if fields and _returns_record(unit.node, flow.classes):
                    fact.carrier_fields = fields
                s.functions[unit.name] = fact
            elif unit.kind == "class":
                attrs = {
                    a
                    for (key, a), vals in flow.family_attrs.items()
                    if key == unit.family_key and ALLOC in vals
                }
                props = {n for n, m in unit.methods.items() if m.prop and ALLOC in m.returns}
                methods = {
                    n: FnFact(f"{s.module}.{unit.name}.{n}", m.params, 1, True)
                    for n, m in unit.methods.items()
                    if not m.prop and ALLOC in m.returns
                }
                s.classes[unit.name] = ClassFact(
                    s.path,
                    unit.name,
                    list(unit.node.bases),
                    frozenset(attrs),
                    frozenset(props),
                    methods,
                )
        # parameters whose value reaches an anchor: the model run again with one parameter
        # seeded as the allocator (no other source), for functions that may hold an anchor,
        # when a call passes the allocator to that parameter (``FnFact.anchor_kinds``)
        for unit in flow.units:
            if unit.parent is not flow.module or unit.kind != "function":
                continue
            if not unit.params and not unit.kwonly and not unit.kwarg:
                continue
            if not _may_anchor_param(unit.node, unit.words):
                continue
            fact = s.functions[unit.name]
            fact.may_anchor = True
            fact.tree = tree
            fact.seeds.append((unit.index, frozenset(unit.params + unit.kwonly), unit.kwarg))
        s.summarised = True

    # ------------------------------------------------------------------ sketches (no parse)

    def _sketch(self, path: str) -> Optional[Summary]:
        """The module's summary read from its *sketch*: its text with every method (a function
        whose ``def`` is in a class body, decorators and body) replaced by ``pass`` on as many
        lines, found by the lexical outline (outline.py: exact for the code it accepts). The
        module-level statements, top-level functions and class headers are the module's own,
        so the import table and names are the full parse's; the functions and classes are too
        when no allocator value can get out of the expression it arises in (``_flow_free``:
        then none holds or returns one), else they are not given (``pending`` stays True).
        None: not sketched (refused, or the sketch does not parse). A module whose full text
        does not parse has a sketch too: only :meth:`_sketch_rules_out` reads sketches, and
        its answer does not depend on that."""
        if path in self._sketches:
            return self._sketches[path]
        self._sketches[path] = None
        data = self.read(path)
        if data is None or b"\0" in data or data.startswith(b"\xef\xbb\xbf"):
            return None
        from .source import _may_have_cookie

        if _may_have_cookie(data):
            return None  # (UTF-8 then, as ``ast`` reads the bytes)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        from .outline import outline

        ol = outline(text)  # (None for code that is not ASCII: identifiers are their bytes)
        if ol is None:
            return None
        pieces, at = [], 0
        for chunk in ol.chunks:
            if chunk.cls is None:
                continue  # a top-level function (maybe under if/try): kept whole
            pieces.append(text[at : chunk.start])
            pieces.append(
                " " * chunk.indent + "pass" + "\n" * text.count("\n", chunk.start, chunk.end)
            )
            at = chunk.end
        pieces.append(text[at:])
        tree = _parse("".join(pieces).encode("utf-8"))
        if tree is None:
            return None
        module, _ = module_of(path)
        pkg = os.path.basename(path) == "__init__.py"
        sketch = Summary(path, module, {}, [], set())
        for stmt in tree.body:
            self._table(stmt, sketch, module, pkg)
        sketch.heads = frozenset(_heads(tree))
        if self._flow_free_of(path):
            data_facts = self._facts.search(data) or (
                self._bases is not None and self._bases.search(data)
            )
            if data_facts:  # else none, as ``_complete`` leaves them
                self._summarise(tree, sketch)
                for fact in sketch.functions.values():
                    fact.tree, fact.seeds = None, []  # (never asked: see _sketch_rules_out)
        else:
            sketch.pending = True  # (never completed: the full parse is the module's summary)
        self._sketches[path] = sketch
        return sketch

    def _flow_free_of(self, path: str) -> bool:
        """``_flow_free`` of the module's text (False when it is not UTF-8), memoised."""
        hit = self._flow_free_memo.get(path)
        if hit is None:
            data = self.read(path)
            try:
                text = data.decode("utf-8") if data is not None else None
            except UnicodeDecodeError:
                text = None
            hit = self._flow_free_memo[path] = text is not None and _flow_free(
                data, text, self.roots
            )
        return hit

    def _sketch_rules_out(self, module: str, name: str, base: Optional[tuple] = None) -> bool:
        """A no for ``name`` imported from ``module`` in the refinement (``_contributes``),
        read from the module's sketch instead of its parse: True only when the refinement's
        own question gives nothing, whether the module parses or not. ``base``: ``(scoped,
        matches)`` for a base class (the refinement's ``resolve`` / ``class_words`` /
        ``is_backend`` question), else the value question (``import_value``/``gives_value``).

        Only the first module is read from its sketch (whatever its answer leads to is asked
        as the refinement asks it). Exact: when the module parses, its sketch gives what its
        parse gives (the names, imports and, when asked, functions and classes); when it does
        not, ``resolve`` gives None for the name, which is a no for a base, and a no for a
        value unless a submodule ``module.name`` exists (then the sketch is not used). A yes
        is never given here: the refinement then asks the module itself."""
        if self._sink is None:
            return False
        if base is None and not self.name_may_give_value(module, name):
            return True  # ``import_value``'s own byte test says no (it reads nothing more)
        path = self.path_of(module)
        if path is None or path in self._summaries:
            return False  # nothing to save: resolution answers at once, or has the summary
        if base is None and self.path_of(f"{module}.{name}") is not None:
            return False
        data = self.read(path) or b""
        if re.search(rb"(?:def|class)[ \t\\\n]+" + re.escape(name.encode()) + rb"\b", data):
            if not self._flow_free_of(path):
                return False  # a def or class of the module, whose own model is needed
        sketch = self._sketch(path)
        if sketch is None:
            return False
        self._dep(path, self._sink)
        # ``resolve(module, name, 1)`` on the sketch (``where`` False)
        found: Optional[tuple] = None
        if name in sketch.heads:
            if sketch.pending:
                return False  # the module's own model may give the name facts
            if name in sketch.functions:
                found = ("fn", sketch.functions[name])
            elif name in sketch.classes:
                found = ("cls", sketch.classes[name])
            else:
                return False
        elif name in sketch.defined:
            found = None
        elif name in sketch.imports:
            target, attr = sketch.imports[name]
            if attr is None:
                found = ("mod", target)
            else:
                sub = self.path_of(f"{target}.{attr}")
                found = self.resolve(target, attr, 2)
                if found is None and sub is not None:
                    found = ("mod", f"{target}.{attr}")
        elif self.path_of(f"{module}.{name}") is not None:
            return False  # a submodule: ("mod", ...)
        else:
            for star in sketch.stars:
                found = self.resolve(star, name, 2)
                if found is not None:
                    break
        if base is None:
            # ``import_value`` gives ``found`` (the submodule fallback: none, checked above)
            return not self.gives_value(found)
        scoped, matches = base
        if found is None or found[0] == "fn":
            return True
        if found[0] != "cls":
            return False  # a module: the refinement says yes
        if self.class_words(found[1]):
            return False
        return scoped or not (matches(found[1].name) or self.is_backend(found[1]))

    # ------------------------------------------------------------------ resolution

    def resolve(self, module: str, name: str, depth: int = 0, where: bool = False):
        """What ``name`` of ``module`` is: ("fn", FnFact), ("cls", ClassFact), ("mod", name),
        or None (unknown, or nothing the flow follows). ``where``: ("def", path, name) of the
        module statement that binds it instead (pathcond reads predicates there)."""
        if depth > _DEPTH:
            return None
        path = self.path_of(module)
        if path is None:
            return None
        s = self.summary(path, facts=not where)
        if s is None:
            return None
        if where and name in s.defined:
            return ("def", s.path, name)
        if s.pending and (not where or name in s.heads):
            s = self.summary(path)  # the functions and classes are asked below
        if name in s.functions:
            return ("fn", s.functions[name])
        if name in s.classes:
            return ("cls", s.classes[name])
        if name in s.defined:
            return None
        if name in s.imports:
            target, attr = s.imports[name]
            if attr is None:
                return ("mod", target)
            sub = self.path_of(f"{target}.{attr}")
            found = self.resolve(target, attr, depth + 1, where)
            if found is None and sub is not None:
                return ("mod", f"{target}.{attr}")
            return found
        if self.path_of(f"{module}.{name}") is not None:
            return ("mod", f"{module}.{name}")
        for star in s.stars:
            found = self.resolve(star, name, depth + 1, where)
            if found is not None:
                return found
        return None

    def resolve_expr(self, s: Summary, node: ast.AST, depth: int = 0):
        """A base-class expression (``Name`` or dotted ``a.b.C``) of module ``s``."""
        if isinstance(node, ast.Name):
            if s.pending and node.id in s.heads:
                s = self.summary(s.path)  # a class of the module: its facts, computed now
            if node.id in s.classes:
                return ("cls", s.classes[node.id])
            if node.id in s.imports:
                target, attr = s.imports[node.id]
                if attr is None:
                    return ("mod", target)
                if not self.name_may_matter(target, attr):
                    return None
                return self.resolve(target, attr, depth + 1)
            for star in s.stars:
                found = self.resolve(star, node.id, depth + 1)
                if found is not None:
                    return found
            return None
        if isinstance(node, ast.Attribute):
            head = self.resolve_expr(s, node.value, depth)
            if head is not None and head[0] == "mod":
                return self.resolve(head[1], node.attr, depth + 1)
        return None

    def class_attr(self, cls: ClassFact, attr: str, seen: Optional[set] = None):
        """Values of ``self.<attr>`` found on ``cls`` or its bases, across modules."""
        from .flow import ALLOC

        seen = seen if seen is not None else set()
        key = (cls.path, cls.name)
        if key in seen or len(seen) > 16:
            return set()
        seen.add(key)
        if attr in cls.attrs or attr in cls.props:
            return {ALLOC}
        if attr in cls.methods:
            return {("X", self.fn_key(cls.methods[attr]))}
        s = self._summaries.get(cls.path)
        for base in cls.bases:
            found = self.resolve_expr(s, base) if s is not None else None
            if found is not None and found[0] == "cls":
                out = self.class_attr(found[1], attr, seen)
                if out:
                    return out
        return set()

    def is_backend(self, cls: ClassFact, seen: Optional[set] = None) -> bool:
        import fnmatch

        seen = seen if seen is not None else set()
        key = (cls.path, cls.name)
        if key in seen:
            return False
        seen.add(key)
        s = self._summaries.get(cls.path) or self._sketches.get(cls.path)
        for base in cls.bases:
            term = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
            if any(fnmatch.fnmatchcase(term, p) for p in self.patterns):
                return True
            found = self.resolve_expr(s, base) if s is not None else None
            if found is not None and found[0] == "cls" and self.is_backend(found[1], seen):
                return True
        return False

    def fn_key(self, fact: FnFact) -> int:
        for i, f in enumerate(self.fn_facts):
            if f is fact:
                return i
        self.fn_facts.append(fact)
        return len(self.fn_facts) - 1

    def view(self, path: str, tree: Optional[ast.Module] = None) -> Optional["ModuleView"]:
        """The index as the module at ``path`` sees it (``tree``: the ``ast`` of its bytes,
        when the caller parsed them). Only the module's import table is computed: its own
        functions and classes are the flow model's business; their facts (for a class of the
        module asked as a base, ``resolve_expr``) are computed when first asked."""
        self.enter(path)
        s = self.summary(path, facts=False, tree=tree)
        return ModuleView(self, s) if s is not None else None


@contextmanager
def _gc_paused():
    """The cyclic garbage collector off for a while (the ``ast`` of a large module is hundreds
    of thousands of objects, none of them garbage: each collection that its allocations
    trigger only walks them)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _parse(data: bytes) -> Optional[ast.Module]:
    """``ast.parse(data)`` (the collector paused), None when it fails."""
    try:
        with _gc_paused():
            return ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _heads(tree: ast.Module) -> set:
    """Names of the def and class statements outside any def or class."""
    heads, stack = set(), list(tree.body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            heads.add(stmt.name)
            continue
        for sub in ast.iter_child_nodes(stmt):
            if isinstance(sub, (ast.stmt, ast.excepthandler, ast.match_case)):
                stack.append(sub)
    return heads


# on ``outline._code_only``'s code (each string is "S" and blanks): what may follow a string
# literal before the next one of an implicit concatenation (blanks, blanked comments, line
# continuations, a prefix)
_BETWEEN_STRINGS = re.compile(r"[\s\\]*[rRbBuUfF]{0,2}")
_PREFIX_CHARS = "rRbBuUfF"
_MEMBER_AFTER = re.compile(r"\s*\.\s*[A-Za-z_]")  # (on code: blanked comments are spaces)
_ARGUMENT_END = re.compile(r"\s*[,)]")
_CALL_AFTER = re.compile(r"\s*\(")
_DOTTED_BEFORE = re.compile(r"[A-Za-z_][\w.]*\Z")
_NAME_BEFORE = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\Z")
_CODE_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*(?:\([^)]*\)|[^\n]*)|import[ \t][^\n]*)", re.M
)
# names the flow model's ``_call`` treats by name, whatever they are bound to
_MODELLED_CALLS = frozenset(
    {"getattr", "setattr", "super", "partial", "namedtuple", "dict", "SimpleNamespace"}
)


def _match_before(pattern: re.Pattern, code: str, end: int) -> Optional[int]:
    """Start of ``pattern`` (anchored with ``\\Z``) matched in the 256 characters before
    ``end``, or None (also when it may run on before them)."""
    lo = max(0, end - 256)
    m = pattern.search(code[lo:end])
    if m is None or (m.start() == 0 and lo > 0):
        return None
    return lo + m.start()


def _unbound_call_argument(code: str, start: int, end: int) -> bool:
    """Is the root at ``code[start:end]`` (after a ``.``) a whole argument ``<a.b>.<root>`` of a
    call ``N(...)`` of a plain name ``N`` that the module never binds (every other use of it is
    a call or in an import statement: the flow model binds no import) nor models by name? The
    model then gives ``N`` no value: the call flows its arguments nowhere and gives nothing."""
    import keyword

    if not _ARGUMENT_END.match(code, end):
        return False
    head = _match_before(_DOTTED_BEFORE, code, start - 1)  # the receiver: a dotted name
    if head is None:
        return False
    at = head - 1
    while at >= 0 and code[at] in " \n":
        at -= 1
    if at >= 0 and code[at] == "=" and code[at - 1 : at] not in ("=", "!", "<", ">"):
        at -= 1  # a keyword argument: its name, then what precedes it
        while at >= 0 and code[at] in " \n":
            at -= 1
        word = _match_before(_NAME_BEFORE, code, at + 1)
        if word is None:
            return False
        at = word - 1
        while at >= 0 and code[at] in " \n":
            at -= 1
    if at < 0 or code[at] not in "(,":
        return False
    depth = 0
    while code[at] != "(" or depth:  # back to the bracket that holds the argument
        c = code[at]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            if not depth:
                return False  # a list, set, dict or subscript
            depth -= 1
        at -= 1
        if at < 0:
            return False
    call = _match_before(_NAME_BEFORE, code, at)
    if call is None:
        return False
    name = _NAME_BEFORE.search(code[call:at]).group(1)
    if keyword.iskeyword(name) or name in ("match", "case", "type", "_") or name in _MODELLED_CALLS:
        return False
    if name.endswith("Namespace"):
        return False
    if re.search(r"(?:def|class)\s+\Z", code[max(0, call - 16) : call]):
        return False
    imports: Optional[list] = None
    at = code.find(name)
    while at >= 0:
        end = at + len(name)
        if (at and (code[at - 1].isalnum() or code[at - 1] in "_.")) or (
            end < len(code) and (code[end].isalnum() or code[end] == "_")
        ):
            at = code.find(name, end)  # part of a longer word, or an attribute
            continue
        if _CALL_AFTER.match(code, end) and not re.search(
            r"(?:def|class)\s+\Z", code[max(0, at - 16) : at]
        ):
            at = code.find(name, end)  # a call
            continue
        if imports is None:
            imports = [m.span() for m in _CODE_IMPORT.finditer(code)]
        if not any(a <= at < b for a, b in imports):
            return False  # bound, or used as a value
        at = code.find(name, end)
    return True


def _flow_free(data: bytes, text: str, roots) -> bool:
    """Can no allocator value reach anything of the module's flow model but the expression it
    arises in? Its sources (a root attribute, root-named parameter, keyword or unpacked
    name, ``getattr`` with a root string, an allocator-class annotation) each have a root or
    ``Allocator`` in the text (the code outside strings and comments is ASCII: identifiers are
    their bytes), unless a string constant spells one that its text does not hold: through
    an escape, or joined from adjacent literals (also inside an f-string's replacement
    field). So: no ``Allocator`` in code, none of them in a string, and a root in code only as
    ``<expr>.<root>.<name>`` (the allocator's member is what that expression gives: a member
    never becomes the allocator, and nothing else there comes from this source); comments
    do not count. Literals that may spell one (a run of adjacent ones, one holding a
    backslash, an f-string holding a quote) are parsed alone and their constants read."""
    words = ("Allocator", *roots)
    found = any(w.encode() in data for w in words)
    from .outline import _code_only

    lexed = _code_only(text)
    if lexed is None:
        return False
    code = lexed[0]
    if found:
        comments = lexed[1]
        for w in words:
            at = text.find(w)
            while at >= 0:
                if code[at] != text[at]:  # in a string or a comment
                    k = bisect.bisect_right(comments, (at, len(text))) - 1
                    if not (k >= 0 and comments[k][0] <= at < comments[k][1]):
                        return False  # in a string
                elif w == "Allocator":
                    return False
                elif not (at and code[at - 1] == "."):
                    return False
                elif not (
                    _MEMBER_AFTER.match(code, at + len(w))
                    or _unbound_call_argument(code, at, at + len(w))
                ):
                    return False
                at = text.find(w, at + len(w))
    starts = [m.start() for m in re.finditer("S", code) if text[m.start()] in "'\""]
    n = len(code)

    def after(at: int) -> int:  # the next code that is not blank after the literal at ``at``
        at += 1
        while at < n and code[at] in " \n":
            at += 1
        return at

    i = 0
    while i < len(starts):
        first = j = i
        while j + 1 < len(starts) and _BETWEEN_STRINGS.fullmatch(
            code, after(starts[j]), starts[j + 1]
        ):
            j += 1
        i = j + 1
        a, b = starts[first], after(starts[j])
        while a > 0 and text[a - 1] in _PREFIX_CHARS and starts[first] - a < 2:
            a -= 1
        span = text[a:b]
        fstring = "f" in text[a : starts[first]].lower()
        quotes = span.count('"') + span.count("'")
        delimiters = 6 if text.startswith(text[starts[first]] * 3, starts[first]) else 2
        if j == first and "\\" not in span and not (fstring and quotes > delimiters):
            continue  # one plain literal: its value is its text
        try:
            tree = ast.parse("(" + span + "\n)", mode="eval")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
        for node in walked(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if any(w in node.value for w in words):
                    return False
    return True


def _returns_record(fn: ast.AST, classes) -> bool:
    """Does ``fn`` return an instance of a class of its module (``return Parts(...)``)?"""
    for node in walked(fn):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Name) and func.id in classes:
                return True
    return False


def _may_anchor_param(fn: ast.AST, words: Optional[set] = None) -> bool:
    """Can the function test or translate a parameter: an SWA allocator class named, a
    translate member read, ``hasattr``/``getattr`` asked for an SWA-only member? ``words``:
    the flow model's words of the function's body (every name and attribute in it; its
    decorators, defaults and annotations are its enclosing unit's): without ``hasattr``/
    ``getattr`` among them, only a name or attribute can answer yes there, so the body is
    walked only when one of them can."""
    from .flow import walk

    nodes = None
    probe_words = sink_words((SWA_MEMBER_PROBE,))
    probe_types = sink_types(SWA_MEMBER_PROBE)
    if words is not None and "getattr" not in words and not any(w in words for w in probe_words):
        if not any(w in TRANSLATE_MEMBERS or is_swa_allocator_class_name(w) for w in words):
            signature = [fn.args, *getattr(fn, "decorator_list", ()), getattr(fn, "returns", None)]
            nodes = (n for part in signature if part is not None for n in walk(part))
    for n in nodes if nodes is not None else walk(fn):
        if type(n) in probe_types and any(True for _ in probes(n)):
            return True
        if isinstance(n, ast.Attribute):
            if n.attr in TRANSLATE_MEMBERS or is_swa_allocator_class_name(n.attr):
                return True
        elif isinstance(n, ast.Name):
            if is_swa_allocator_class_name(n.id):
                return True
        elif isinstance(n, ast.Call) and getattr(n.func, "id", None) == "getattr":
            if len(n.args) >= 2 and names_swa_member(member_operand(n.args[1]), None):
                return True
    return False


class ModuleView:
    """The index as one module's flow model sees it (the hooks lint_rules.flow calls)."""

    def __init__(self, index: Index, summary: Summary) -> None:
        self.index = index
        self.s = summary
        self._words: Optional[set] = None
        self._names: dict[str, set] = {}
        self.root = module_of(summary.path)[1]

    def _values(self, found) -> set:
        """The flow model's value of a resolved name. A class of another module gives none:
        the model tracks no instance of it, and what its subclasses here inherit is asked
        through their bases (``attribute_values``, ``words``). A module gives one only when it
        is a file of the tree (an attribute of any other module resolves to nothing)."""
        if not self.index.gives_value(found):
            return set()
        kind, obj = found
        if kind == "fn":
            return {("X", self.index.fn_key(obj))}
        return {("XM", obj)}

    def name_values(self, flow, name: str) -> set:
        self.index._root = self.root
        hit = self._names.get(name)
        if hit is None:
            s = self.s
            found = None
            gate = self.index.name_may_give_value
            if name in s.imports:
                target, attr = s.imports[name]
                if attr is None:
                    found = ("mod", target)
                else:  # read and summarise only what can matter
                    found = self.index.import_value(target, attr)
            else:
                for star in s.stars:
                    if gate(star, name):
                        found = self.index.resolve(star, name, 1)
                        if found is not None:
                            break
            hit = self._names[name] = self._values(found)
        return hit

    def attribute_values(self, flow, receiver, attr: str) -> set:
        self.index._root = self.root
        out: set = set()
        for v in receiver:
            tag = v[0]
            if tag == "XM":
                if self.index.name_may_give_value(v[1], attr):
                    out |= self._values(self.index.resolve(v[1], attr, 1))
            elif tag in ("S", "T"):
                cls = flow.units[v[1]]
                for c in cls.family:
                    for base in c.node.bases:
                        if isinstance(base, ast.Name) and base.id in flow.classes:
                            continue  # a class of this module: in the family, its bases too
                        found = self.index.resolve_expr(self.s, base)
                        if found is not None and found[0] == "cls":
                            out |= self.index.class_attr(found[1], attr)
        return out

    def fact(self, key: int) -> FnFact:
        return self.index.fn_facts[key]

    def words(self, flow=None) -> set:
        """Names of this module that the index gives a value: the flow model evaluates the code
        that mentions them. With ``flow`` (the module's model), also the attributes,
        properties and methods that classes of other modules, bases of its classes, hold the
        allocator in (``self.<attr>`` in a subclass here: ``attribute_values``)."""
        if self._words is None:
            self.index._root = self.root
            words: set = set()
            for name in self.s.imports:
                if self.name_values(None, name):
                    words.add(name)
            for star in self.s.stars:
                path = self.index.path_of(star)
                ss = self.index.summary(path) if path and self.index.has_facts(path) else None
                if ss is not None:
                    words |= {
                        n
                        for n, f in ss.functions.items()
                        if f.returns_alloc or f.may_anchor or f.carrier_fields
                    }
            for unit in flow.units if flow is not None else ():
                if unit.kind != "class":
                    continue
                for base in unit.node.bases:
                    if isinstance(base, ast.Name) and base.id in flow.classes:
                        continue  # a class of this module: its own bases are visited
                    found = self.index.resolve_expr(self.s, base)
                    if found is not None and found[0] == "cls":
                        words |= self.index.class_words(found[1])
            self._words = words
        return self._words

    def class_is_backend(self, base_expr: ast.AST) -> bool:
        self.index._root = self.root
        found = self.index.resolve_expr(self.s, base_expr)
        if found is None or found[0] != "cls":
            return False
        c = found[1]
        term = c.name
        import fnmatch

        if any(fnmatch.fnmatchcase(term, p) for p in self.index.patterns):
            return True
        return self.index.is_backend(c)


def anchors_in(flow, node: ast.AST) -> set:
    """Anchor kinds inside ``node`` whose subject the model says may be the allocator:
    "swa-class-test", "swa-member-probe", "member:<name>" (a translate member), and those of
    the cross-module helper calls it makes."""
    from .flow import ALLOC, walk

    def alloc(e) -> bool:
        return ALLOC in flow.values_of(e)

    def names_swa_class(e) -> bool:
        return any(
            is_swa_allocator_class_name(getattr(x, "id", getattr(x, "attr", ""))) for x in walk(e)
        )

    class_types = sink_types(SWA_CLASS_TEST)
    probe_types = sink_types(SWA_MEMBER_PROBE)
    member_types = sink_types(TRANSLATE_ANCHOR)
    kinds: set = set()
    strings: list = []  # the module's string names (sinks.string_values), read when asked

    def named() -> dict:
        if not strings:
            strings.append(string_values(flow.tree))
        return strings[0]

    for n in walk(node):
        kind = type(n)
        # the sinks' forms (lint_rules/sinks.py); a class test counts here when its tested
        # value is one expression that may be the allocator
        if kind in class_types and any(
            s is not None and alloc(s) and names_swa_class(op) for s, op in class_operands(n)
        ):
            kinds.add(SWA_CLASS_TEST)
        if kind in probe_types and any(alloc(s) for s in probes(n, named)):
            kinds.add(SWA_MEMBER_PROBE)
        if kind in member_types:
            kinds |= {
                f"member:{m}" for s, m in sink_members(TRANSLATE_ANCHOR, n, named) if alloc(s)
            }
        if kind is ast.Call:
            hit = flow.cross.get(id(n))
            if hit is not None:
                kinds |= set(hit[1])
    return kinds


def cross_module_anchor(analysis, node, wanted) -> Optional[tuple]:
    """``(kind, helper)`` when the libcst ``node`` (a call) hands the allocator to a helper of
    another module whose parameter reaches an anchor of a kind starting with one of ``wanted``."""
    values = analysis.values_of(node)
    for v in values or ():
        if v[0] == "XA":
            for kind in v[1]:
                if kind.startswith(tuple(wanted)):
                    return kind, v[2]
    return None
