"""What a cached SWA flag gates (KVG004), and KVG004's own reduction. No libcst.

A flag, pool or mapping cached in a backend's ``__init__`` goes stale when FROZEN_KV MTP swaps
``token_to_kv_pool`` around the draft forward. That matters where it decides how KV is *read* or
indices are *translated* for reading; where it only gates KV *writes* (the SWA write location
``swa_out_cache_loc``, ``set_kv_buffer``) it does not, since a FROZEN_KV draft writes no KV.

:class:`Gating` classifies each forward-time read of ``self.<attr>`` by the code it decides:

* in the test of an ``if``/``while``/conditional expression/comprehension filter: that
  statement or expression, plus the rest of the block when a branch leaves early; in an
  ``assert``: the assert;
* in ``return <expr>``: the statement, and what each ``self.<method>()`` call of it decides;
* assigned to a local: what each later read of that local decides;
* anything else (an argument, a store, ``self._swa_kv_pool.translate...(...)``): the statement.

The words of that code (names and attributes, and those of the same-class methods it calls)
say "read" when any names a read or a translation for reading (``page_table``,
``translate_loc_from_full_to_swa`` of anything but a write location, ``layers_mapping``,
``get_key_buffer``, ...), "write" when the only markers name KV writes (``*out_cache_loc*``,
``set_kv_buffer``, ``swa_loc``, ``write_ids``), and "read" when there is no marker at all
(unknown is never assumed harmless).

:func:`proven_clean` is the sound reduction: no ``__init__`` stores anything that may be a
cache in KVG004's sense (decided on the ``__init__`` bodies alone, found by the lexical
outline), or every such attribute's reads classify as harmless by :class:`Gating` on the
whole module (the same function the rule uses, on the same text).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from typing import Optional

from .names import POOL_ATTR, SWA_TRANSLATE_MEMBERS

READ_MARKERS = (
    "translate_loc_from_full_to_swa",
    "full_to_swa",
    "layers_mapping",
    "page_table",
    "get_key_buffer",
    "get_value_buffer",
    "get_kv_buffer",
    "kv_indices",
    "kv_indptr",
    "req_to_token",
    "read_table",
    "swa_kv_pool",
)
WRITE_MARKERS = (
    "out_cache_loc",
    "set_kv_buffer",
    "set_swa_loc",
    "swa_loc",
    "write_ids",
    "save_kv_cache",
)
_TRANSLATE = "translate_loc_from_full_to_swa"
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")  # Python's line ends
_NONASCII = re.compile(r"[^\x00-\x7f]")
_WORD_CHAR = re.compile(r"\w")


def word_hits(text: str, word: str, start: int = 0, end: Optional[int] = None):
    """Offsets of ``word`` (an identifier) as a whole word in ``text[start:end]``: what
    ``\\b<word>\\b`` finds, without the leading ``\\b`` that stops ``re`` from scanning for the
    literal (tens of ms on a large module)."""
    pattern = re.compile(re.escape(word) + r"(?!\w)")
    for m in pattern.finditer(text, start, len(text) if end is None else end):
        i = m.start()
        if i == 0 or not _WORD_CHAR.match(text, i - 1):
            yield i


def def_names(text: str):
    """(offset of ``def``, name) for each ``\\bdef\\s+(\\w+)`` of ``text``."""
    pos = 0
    while True:
        m = _DEF.search(text, pos)
        if m is None:
            return
        i = m.start()
        if i == 0 or not _WORD_CHAR.match(text, i - 1):
            yield i, m.group(1)
            pos = m.end()
        else:  # ``xdef``: the next ``\\bdef`` may start at the name this match took
            pos = m.start(1)


_DEF = re.compile(r"def\s+(\w+)")
_DEPTH = 3


def _words(node: ast.AST, out: set[str]) -> None:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.add(sub.attr)
        elif isinstance(sub, ast.arg):
            out.add(sub.arg)


def _is_write_word(w: str) -> bool:
    return any(m in w for m in WRITE_MARKERS)


def _write_side_translate(node: ast.AST) -> bool:
    """``<pool>.translate_loc_from_full_to_swa(<write location>)``: translating where KV is
    written (a FROZEN_KV draft writes none)."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == _TRANSLATE
    ):
        return False
    words: set[str] = set()
    for a in (*node.args, *(k.value for k in node.keywords)):
        _words(a, words)
    return bool(words) and any(_is_write_word(w) for w in words)


def classify(words: set[str]) -> str:
    if any(m in w for w in words for m in READ_MARKERS):
        return "read"
    if any(_is_write_word(w) for w in words):
        return "write"
    return "read"  # nothing recognisable: not assumed harmless


class _Method:
    def __init__(self, node: ast.AST) -> None:
        self.node = node
        args = node.args
        params = [p.arg for p in (*args.posonlyargs, *args.args)]
        static = any(getattr(d, "id", None) == "staticmethod" for d in node.decorator_list)
        self.self_name = params[0] if params and not static else None
        self._parent: Optional[dict[int, ast.AST]] = None

    @property
    def parent(self) -> dict[int, ast.AST]:
        if self._parent is None:
            self._parent = {}
            for p in ast.walk(self.node):
                for c in ast.iter_child_nodes(p):
                    self._parent[id(c)] = p
        return self._parent


def _walk_rows(node: ast.AST, rows: Optional[list]):
    """``ast.walk(node)`` (same order) without the subtrees whose lines hold none of ``rows``
    (every node when ``rows`` is None). A node spelling a word lies within its lines."""
    if rows is None:
        yield from ast.walk(node)
        return
    from bisect import bisect_left
    from collections import deque

    todo = deque([node])
    while todo:
        n = todo.popleft()
        for child in ast.iter_child_nodes(n):
            first = getattr(child, "lineno", None)
            last = getattr(child, "end_lineno", None)
            if first is not None and last is not None:
                for d in getattr(child, "decorator_list", ()):  # above a def's own line
                    first = min(first, d.lineno)
                i = bisect_left(rows, first)
                if i == len(rows) or rows[i] > last:
                    continue  # no occurrence of the word in its lines
            todo.append(child)
        yield n


def _statements(node: ast.AST):
    """Statements directly under ``node`` (classes live in statement lists; a class inside a
    lambda or comprehension is not possible)."""
    for name in ("body", "orelse", "finalbody", "handlers", "cases"):
        block = getattr(node, name, None)
        if isinstance(block, list):
            for item in block:
                if isinstance(item, (ast.stmt, ast.excepthandler, ast.match_case)):
                    yield item


_LAST_GATING: list = []  # [(text, Gating)]: Gating.of_text


class Gating:
    """Per class (by qualified name, as the shared analysis names it): what each attribute's
    forward-time reads decide."""

    def __init__(self, tree: ast.Module, text: Optional[str] = None) -> None:
        self.classes: dict[str, dict[str, _Method]] = {}
        self._attrs: dict[tuple, list] = {}
        self._calls: dict[tuple, list] = {}
        # ``text`` (the module's source): only the lines that may spell a word are walked for
        # it (an ``ast`` name or attribute lies within its node's lines). ``ast`` normalises
        # non-ASCII identifiers (NFKC), so a line holding a non-ASCII character always counts.
        self._text = text
        self._tree = tree
        self._cache_attrs: Optional[set] = None
        self._starts: list = []
        self._nonascii: list = []
        if text is not None:
            from itertools import accumulate

            self._starts = [0, *accumulate(len(line) for line in _LINE.findall(text))]
            if not text.isascii():
                from bisect import bisect_right

                self._nonascii = sorted(
                    {bisect_right(self._starts, m.start()) for m in _NONASCII.finditer(text)}
                )
        self._collect(tree, ())

    @classmethod
    def of_text(cls, text: str, tree: Optional[ast.Module] = None) -> "Gating":
        """The gating of the module ``text`` (``tree``: its ``ast``, when parsed; raises what
        ``ast.parse`` raises). The last module's is kept: KVG004's reduction and the rule ask
        for the same module in turn (a pure function of the text; its caches too)."""
        if _LAST_GATING and _LAST_GATING[0][0] == text:
            return _LAST_GATING[0][1]
        made = cls(tree if tree is not None else ast.parse(text), text)
        _LAST_GATING[:] = [(text, made)]
        return made

    def _collect(self, node: ast.AST, frames: tuple) -> None:
        for child in _statements(node):
            if isinstance(child, ast.ClassDef):
                qual = ".".join((*frames, child.name))
                methods = self.classes.setdefault(qual, {})
                self._methods(child, methods)
                self._collect(child, (*frames, child.name))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._collect(child, (*frames, child.name))
            else:
                self._collect(child, frames)

    def _methods(self, cls: ast.AST, out: dict) -> None:
        for child in ast.iter_child_nodes(cls):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.setdefault(child.name, _Method(child))
            elif not isinstance(child, (ast.ClassDef, ast.Lambda)) and isinstance(child, ast.stmt):
                self._methods(child, out)  # defs under if/try in the class body

    def line_starts(self) -> list:
        """Offsets of the text's lines (Python's line ends), and its length."""
        if self._text is None:
            raise ValueError("Gating built without its text")
        return self._starts

    def cache_attrs(self) -> set:
        """Every attribute some ``__init__`` of the module may cache in KVG004's sense (the
        over-approximation the proof uses: :func:`_init_candidates`), ``ast`` spelling."""
        if self._cache_attrs is None:
            if self._text is None:
                raise ValueError("Gating built without its text")
            text = self._text
            class_word = bool(_SWA_POOL_WORD.search(text))
            helpers: list = []

            def helper_ok(name: str, bare: bool) -> bool:
                if not class_word:
                    return False
                if not helpers:
                    from .outline import outline

                    helpers.append(_Helpers(text, outline(text)))
                return ("function" if bare else "method", name) in helpers[0]

            self._cache_attrs = set()
            for _, node in _inits_by_class(self._tree):
                self._cache_attrs |= _init_candidates(node, class_word, helper_ok, ":=" in text)
        return self._cache_attrs

    # ---- reads
    def _methods_with(self, cls: str, word: str):
        """(name, method, rows) of the methods of ``cls`` whose lines may spell ``word``, in
        definition order; ``rows``: the sorted lines where the word occurs (None: unknown,
        without the text)."""
        methods = self.classes.get(cls, {})
        if self._text is None:
            for name, m in methods.items():
                yield name, m, None
            return
        starts, text = self._starts, self._text
        from bisect import bisect_right

        for name, m in methods.items():
            node = m.node
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            last = node.end_lineno
            if last is None or last >= len(starts):
                yield name, m, None
                continue
            rows = [
                bisect_right(starts, hit)
                for hit in word_hits(text, word, starts[first - 1], starts[last])
            ]
            if self._nonascii:
                rows = sorted({*rows, *(r for r in self._nonascii if first <= r <= last)})
            if rows:
                yield name, m, rows

    def _attr_reads(self, cls: str, attr: str) -> list:
        """[(method name, method, Attribute node)]: ``<name>.<attr>`` loads in the methods of
        ``cls``, in method order, each method in ``ast.walk`` order."""
        got = self._attrs.get((cls, attr))
        if got is None:
            got = self._attrs[(cls, attr)] = [
                (name, m, sub)
                for name, m, rows in self._methods_with(cls, attr)
                for sub in _walk_rows(m.node, rows)
                if isinstance(sub, ast.Attribute)
                and sub.attr == attr
                and isinstance(sub.value, ast.Name)
                and isinstance(sub.ctx, ast.Load)
            ]
        return got

    def _method_calls(self, cls: str, name: str) -> list:
        """[(method, Call)]: calls ``<x>.<name>(...)`` in the methods of ``cls``."""
        got = self._calls.get((cls, name))
        if got is None:
            got = self._calls[(cls, name)] = [
                (m, sub)
                for _, m, rows in self._methods_with(cls, name)
                for sub in _walk_rows(m.node, rows)
                if isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr == name
            ]
        return got

    def reads(self, cls: str, attr: str):
        """(method, "read"|"write", line) for each ``self.<attr>`` read outside ``__init__``."""
        for name, m, sub in self._attr_reads(cls, attr):
            if name == "__init__" or m.self_name is None or sub.value.id != m.self_name:
                continue
            words: set[str] = set()
            self._region_words(cls, m, sub, words, _DEPTH, set())
            words.discard(attr)
            yield (name, classify(words), sub.lineno)

    def _region_words(
        self, cls: str, m: _Method, node: ast.AST, words: set, depth: int, seen: set
    ) -> None:
        for region in self._regions(cls, m, node, depth, seen):
            self._collect_words(cls, region, words, depth, seen)

    def _collect_words(self, cls: str, region: ast.AST, words: set, depth: int, seen: set) -> None:
        methods = self.classes.get(cls, {})
        for sub in ast.walk(region):
            if _write_side_translate(sub):
                words.add("out_cache_loc")
                continue
            if isinstance(sub, ast.Name):
                words.add(sub.id)
            elif isinstance(sub, ast.Attribute):
                if sub.attr == _TRANSLATE and _inside_write_translate(sub, region):
                    continue
                words.add(sub.attr)
                callee = methods.get(sub.attr)
                key = ("callee", sub.attr)
                if callee is not None and depth > 0 and key not in seen:
                    seen.add(key)
                    self._collect_words(cls, callee.node, words, depth - 1, seen)

    def _regions(self, cls: str, m: _Method, node: ast.AST, depth: int, seen: set) -> list:
        parent = m.parent
        child, p = node, parent.get(id(node))
        while p is not None:
            if isinstance(p, (ast.If, ast.While)) and child is p.test:
                return [p, *self._rest_if_leaves(m, p)]
            if isinstance(p, ast.IfExp) and child is p.test:
                return [p]
            if isinstance(p, ast.Assert) and child is p.test:
                return [p]  # it decides whether to stop, not what the code after does
            if isinstance(p, ast.comprehension) and child in p.ifs:
                return [parent.get(id(p), p)]
            if isinstance(p, ast.Return):
                out: list = [p]
                key = ("returns", cls, id(m.node))
                if depth > 0 and key not in seen:
                    seen.add(key)
                    out += self._call_regions(cls, m.node.name, depth - 1, seen)
                return out
            if isinstance(p, (ast.Assign, ast.AnnAssign)) and child is p.value:
                targets = p.targets if isinstance(p, ast.Assign) else [p.target]
                if all(isinstance(t, ast.Name) for t in targets) and depth > 0:
                    out = [p]
                    names = {t.id for t in targets}
                    for sub in ast.walk(m.node):
                        if (
                            isinstance(sub, ast.Name)
                            and sub.id in names
                            and isinstance(sub.ctx, ast.Load)
                        ):
                            key = ("local", id(sub))
                            if key not in seen:
                                seen.add(key)
                                out += self._regions(cls, m, sub, depth - 1, seen)
                    return out
                return [p]
            if isinstance(p, ast.stmt):
                return [p]
            child, p = p, parent.get(id(p))
        return [node]

    def _call_regions(self, cls: str, name: str, depth: int, seen: set) -> list:
        out: list = []
        for m, sub in self._method_calls(cls, name):
            out += self._regions(cls, m, sub, depth, seen)
        return out

    def _rest(self, m: _Method, stmt: ast.stmt) -> list:
        owner = m.parent.get(id(stmt))
        for field in ("body", "orelse", "finalbody"):
            block = getattr(owner, field, None)
            if isinstance(block, list) and stmt in block:
                return block[block.index(stmt) + 1 :]
        return []

    def _rest_if_leaves(self, m: _Method, stmt: ast.stmt) -> list:
        def leaves(block: list) -> bool:
            return bool(block) and isinstance(
                block[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break)
            )

        if leaves(stmt.body) or leaves(getattr(stmt, "orelse", [])):
            return self._rest(m, stmt)
        return []


def _inside_write_translate(attr: ast.Attribute, region: ast.AST) -> bool:
    for sub in ast.walk(region):
        if isinstance(sub, ast.Call) and sub.func is attr:
            return _write_side_translate(sub)
    return False


def harmful(
    gating: Gating, cls: str, attr: str, write_gating: bool, first: bool = False
) -> list[tuple[str, str, int]]:
    """The reads that make a cached ``attr`` a finding (every read with ``write_gating``); only
    the first with ``first``."""
    out = []
    for r in gating.reads(cls, attr):
        if write_gating or r[1] == "read":
            out.append(r)
            if first:
                break
    return out


# ------------------------------------------------------------------------------ reduction

_SWA_POOL_WORD = re.compile(r"SWA\w*Pool")
_PARSE_ERRORS = (SyntaxError, ValueError, RecursionError, MemoryError)


def _assign_stmts(init: ast.AST) -> list:
    """The ``Assign``/``AnnAssign`` statements anywhere under ``init`` (nested blocks and
    definitions included: the statements ``ast.walk`` would meet; expressions hold none)."""
    out, stack = [], [init]
    while stack:
        node = stack.pop()
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, name, None) or ():
                if isinstance(child, (ast.Assign, ast.AnnAssign)):
                    out.append(child)
                elif isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                    stack.append(child)
    return out


def _pool_names(init: ast.AST, stmts: list, walrus: bool = True) -> set[str]:
    """Locals of ``init`` that may be bound to a pool expression (alias chains included);
    ``stmts``: its assignment statements, ``walrus``: the text may hold ``:=``."""
    pairs = []
    for node in stmts:
        if isinstance(node, ast.Assign):
            pairs += [(t, node.value) for t in node.targets]
        elif node.value is not None:
            pairs.append((node.target, node.value))
    if walrus:
        pairs += [(n.target, n.value) for n in ast.walk(init) if isinstance(n, ast.NamedExpr)]
    # per pair, once: does the value name the pool itself, which names does it read
    # (lambdas excluded), which names does the target bind (tuple unpacking: every one)
    facts = []
    for target, value in pairs:
        pool, reads = False, set()
        for n in _no_lambda(value):
            if isinstance(n, ast.Name):
                reads.add(n.id)
            elif (isinstance(n, ast.Attribute) and n.attr == POOL_ATTR) or (
                isinstance(n, ast.Constant) and n.value == POOL_ATTR
            ):
                pool = True
        bound = {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        facts.append((pool, reads, bound))
    names: set[str] = set()
    changed = True
    while changed:
        changed = False
        for pool, reads, bound in facts:
            if (pool or not reads.isdisjoint(names)) and not bound <= names:
                names |= bound
                changed = True
    return names


def _pool_like(e: ast.AST, names: set[str]) -> bool:
    """Over-approximates the rule's pool expression (or ``pool if c else None``)."""
    if isinstance(e, ast.IfExp):
        return _pool_like(e.body, names) or _pool_like(e.orelse, names)
    if isinstance(e, ast.Attribute):
        return e.attr == POOL_ATTR
    if isinstance(e, ast.Name):
        return e.id in names
    if isinstance(e, ast.Call):
        return any(isinstance(a, ast.Constant) and a.value == POOL_ATTR for a in e.args)
    return False


def _init_candidates(init: ast.AST, class_word: bool, helper_ok, walrus: bool = True) -> set[str]:
    """Attributes an ``__init__`` may cache in KVG004's sense (over-approximated): stores
    ``self.<attr> = v`` / ``self.<attr>: T = v`` where ``v`` (lambdas excluded) holds an
    ``isinstance`` of a possible pool or a possibly-SWA helper call (when an SWA pool class name
    occurs in the file), a translate member of a possible pool, or, for an attribute named like
    ``*swa*`` or annotated, a possible pool."""
    out: set[str] = set()
    stmts = _assign_stmts(init)
    names = _pool_names(init, stmts, walrus)
    for node in stmts:
        if isinstance(node, ast.Assign):
            targets, value, ann = node.targets, node.value, None
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value, ann = [node.target], node.value, node.annotation
        else:
            continue
        attrs = [t.attr for t in targets if isinstance(t, ast.Attribute)]
        if not attrs:
            continue
        parts = _no_lambda(value)
        hit = any(
            isinstance(n, ast.Attribute)
            and n.attr in SWA_TRANSLATE_MEMBERS
            and _pool_like(n.value, names)
            for n in parts
        )
        if class_word:
            for n in parts:
                if isinstance(n, ast.Call):
                    f = n.func
                    name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                    if name == "isinstance" and n.args and _pool_like(n.args[0], names):
                        hit = True
                    elif (
                        name != "isinstance"
                        and name is not None
                        and helper_ok(name, isinstance(f, ast.Name))
                    ):
                        hit = True
        for attr in attrs:
            swa_named = "swa" in attr.lower() or (ann is not None and class_word)
            if hit or (swa_named and _pool_like(value, names)):
                out.add(attr)
    return out


def _no_lambda(value: ast.AST) -> list:
    out, stack = [], [value]
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(n, ast.Lambda):
            stack.extend(ast.iter_child_nodes(n))
    return out


# A call's name: the word before a ``(``; closing parentheses, white space, comments and line
# continuations in between allowed (``(f)(x)``, ``f  # c`` + newline + ``(x)`` in brackets).
CALLED = re.compile(r"(\w+)(?:[\s)\\]|#[^\r\n]*)*\(")
_DEF_LINE = re.compile(r"def\s+\w+")


def may_cache(src: str, helper_ok) -> bool:
    """Can an ``__init__`` whose source (nested definitions included) is ``src`` store a cache
    (:func:`_init_candidates`)? Only when it names the pool (``token_to_kv_pool``: a pool
    attribute, ``getattr`` string, or a local bound to one) or calls a name ``helper_ok`` may
    accept (either call form; a ``def`` line is not a call)."""
    if POOL_ATTR in src:
        return True
    names = set(CALLED.findall(_DEF_LINE.sub(" ", src)))
    return any(helper_ok(n, True) or helper_ok(n, False) for n in names)


def proven_clean_for(text: str, scope=None) -> bool:
    """KVG004's reduction hook (registry): the scope's setting, or the one that reports most."""
    return proven_clean(
        text, True if scope is None else bool(getattr(scope, "kvg004_write_gating", False))
    )


def proven_clean(text: str, write_gating: bool = False) -> bool:
    """True only when KVG004 cannot report anything in ``text`` (sound; no libcst)."""
    if "__init__" not in text:
        return True
    from .outline import outline

    class_word = bool(_SWA_POOL_WORD.search(text))
    if not class_word and not re.search(r"swa", text, re.IGNORECASE):
        return True  # no SWA class, no swa-named attribute, no translate member
    ol = outline(text)
    inits = [c for c in ol.chunks if c.name == "__init__"] if ol is not None else None
    tree: Optional[ast.Module] = None
    # (the class an __init__ is a method of, or None when unknown: every class) -> its nodes
    init_nodes: list[tuple[Optional[str], ast.AST]] = []
    if inits is None or len(inits) != sum(n == "__init__" for _, n in def_names(text)):
        try:
            tree = ast.parse(text)
        except _PARSE_ERRORS:
            return False
        init_nodes = _inits_by_class(tree)
    helpers = _Helpers(text, ol)  # decided per called name (most calls are not helpers)

    def helper_ok(name: str, bare: bool) -> bool:
        return class_word and ("function" if bare else "method", name) in helpers

    if tree is None:
        for chunk in inits:
            src = ol.source(chunk)
            if not may_cache(src, helper_ok):
                continue  # neither the pool word nor a helper call: no store can cache
            try:
                sub = ast.parse(src)
            except _PARSE_ERRORS:
                return False
            init_nodes += [
                (chunk.cls, n)
                for n in ast.walk(sub)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == "__init__"
            ]

    # read elsewhere: another occurrence of the word besides the store(s)
    counts: dict[str, bool] = {}

    def read_elsewhere(a: str) -> bool:
        if a not in counts:  # a second occurrence (the first two are found, no more)
            hits = word_hits(text, a)
            counts[a] = next(hits, None) is not None and next(hits, None) is not None
        return counts[a]

    candidates: list[tuple[Optional[str], str]] = []
    for owner, node in init_nodes:
        for a in sorted(_init_candidates(node, class_word, helper_ok, ":=" in text)):
            if read_elsewhere(a):
                candidates.append((owner, a))
    if not candidates:
        return True
    if tree is None:
        try:
            tree = ast.parse(text)
        except _PARSE_ERRORS:
            return False
    gating = Gating.of_text(text, tree)
    starts = gating.line_starts()  # Python's line ends

    def read_in(cls: str, a: str) -> bool:
        """Some method of ``cls`` but ``__init__`` has the word ``a`` (``Gating.reads`` only
        finds ``self.<a>`` loads in them)."""
        for name, m in gating.classes[cls].items():
            node = m.node
            if name != "__init__" and node.end_lineno is not None and node.end_lineno < len(starts):
                hits = word_hits(text, a, starts[node.lineno - 1], starts[node.end_lineno])
                if next(hits, None) is not None:
                    return True
            elif name != "__init__":
                return True  # cannot place it: ask
        return False

    # The rule asks only about the class whose method the __init__ is (``fn.cls is cls``);
    # classes are matched by their own name (a qualified name ends with it), else all.
    return not any(
        harmful(gating, cls, a, write_gating, first=True)
        for owner, a in dict.fromkeys(candidates)
        for cls in gating.classes
        if (owner is None or cls.rsplit(".", 1)[-1] == owner) and read_in(cls, a)
    )


def _inits_by_class(tree: ast.Module) -> list[tuple[Optional[str], ast.AST]]:
    """Every ``__init__`` of the module with the name of the class it is a method of (defined
    in the class body, under ``if``/``try`` there too), None for one nested in a function."""
    out: list = []
    stack: list = [(tree, None)]
    while stack:
        node, owner = stack.pop()
        for child in _statements(node):
            if isinstance(child, ast.ClassDef):
                stack.append((child, child.name))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if child.name == "__init__":
                    out.append((owner, child))
                stack.append((child, None))
            else:
                stack.append((child, owner))
    return out


_RESOLVER_WORDS = ("is_frozen_kv_mtp", "get_kvcache", "is_draft_worker")


class _Helpers:
    """The (kind, name) pairs that may be KVG004 helpers, decided per name on first question:
    a function/method of that name (the rule resolves a bare call to a module function, an
    attribute call to a method of the class) with an ``isinstance`` call in its code and none
    of the FROZEN_KV-aware resolver's names (as the rule decides it). Every name, when the
    outline cannot say; a name some def the outline does not list (nested functions, methods
    of nested classes) has counts as a method; a def of that name that does not parse counts."""

    def __init__(self, text: str, ol) -> None:
        self.text, self.ol = text, ol
        self._unlisted: Optional[set] = None
        self._known: dict[tuple, bool] = {}

    def __contains__(self, item: tuple) -> bool:
        got = self._known.get(item)
        if got is None:
            got = self._known[item] = self._decide(*item)
        return got

    def _decide(self, kind: str, name: str) -> bool:
        ol = self.ol
        if ol is None:
            return True
        if kind == "method":
            if self._unlisted is None:
                chunk_names = Counter(c.name for c in ol.chunks)
                self._unlisted = {
                    n
                    for n, k in Counter(name for _, name in def_names(self.text)).items()
                    if k > chunk_names[n]
                }
            if name in self._unlisted:
                return True
        for chunk in ol.chunks:
            if chunk.name != name or (chunk.cls is None) != (kind == "function"):
                continue
            src = ol.source(chunk)
            if "isinstance" not in src:
                continue
            try:
                tree = ast.parse(src)
            except _PARSE_ERRORS:
                return True
            defs = [
                n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            ]
            if not defs:
                return True
            # the rule's words: names and attributes of the body, lambdas excluded (a subset)
            words = set()
            for stmt in defs[0].body:
                for n in _no_lambda(stmt):
                    if isinstance(n, ast.Name):
                        words.add(n.id)
                    elif isinstance(n, ast.Attribute):
                        words.add(n.attr)
            if not any(w in words for w in _RESOLVER_WORDS):
                return True
        return False
