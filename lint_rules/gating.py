"""What a cached SWA flag gates (KVG004), KVG004's own reduction, and KVG004 on ``ast``. No
libcst.

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

:func:`findings` is the rule itself on ``ast`` (the libcst rule, node for node; None where it
leaves a text to that rule): the lint reports KVG004 from it without libcst.

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

from .astwalk import walked
from .context import of
from .flow import child_statements, statements
from .lexical import LINE, char_col, node_span
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
    for sub in walked(node):
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
        self._parent: Optional[dict[int, ast.AST]] = None  # (partial until ``_whole``)
        self._whole = False

    @property
    def parent(self) -> dict[int, ast.AST]:
        """Every node's parent in the method (``id(child) -> parent``)."""
        if self._parent is None or not self._whole:
            self._parent = {}
            for p in walked(self.node):
                for c in ast.iter_child_nodes(p):
                    self._parent[id(c)] = p
            self._whole = True
        return self._parent

    def parent_of(self, node: ast.AST) -> Optional[ast.AST]:
        """``parent[id(node)]`` (None for the method itself), found by descending only into
        the children whose lines and columns hold ``node``'s (a child without a position, or
        inside an f-string, is always entered); the whole map when that does not find it."""
        if self._parent is None:
            self._parent, self._whole = {}, False
        got = self._parent.get(id(node))
        if got is not None or node is self.node:
            return got
        if not self._whole:
            span = _span(node)
            stack = [self.node]
            while stack and got is None:
                n = stack.pop()
                for c in ast.iter_child_nodes(n):
                    self._parent[id(c)] = n
                    if c is node:
                        got = n
                        break
                    cs = _span(c)
                    if cs is None or span is None or (cs[:2] <= span[:2] and cs[2:] >= span[2:]):
                        stack.append(c)
            if got is not None:
                return got
        return self.parent.get(id(node))


def _span(node: ast.AST) -> Optional[tuple]:
    """(first line, column, last line, end column), decorators included; None when ``ast``
    gives none or may misplace it (an f-string's parts before Python 3.12)."""
    if isinstance(node, (ast.JoinedStr, ast.FormattedValue)):
        return None
    first, last = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
    if first is None or last is None:
        return None
    col, end_col = node.col_offset, node.end_col_offset
    for d in getattr(node, "decorator_list", ()):
        if (d.lineno, d.col_offset) < (first, col):
            first, col = d.lineno, d.col_offset
    return first, col, last, end_col


def _walk_rows(node: ast.AST, rows: Optional[list]):
    """``walked(node)`` (same order) without the subtrees whose lines hold none of ``rows``
    (every node when ``rows`` is None). A node spelling a word lies within its lines."""
    if rows is None:
        yield from walked(node)
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

            self._starts = [0, *accumulate(len(line) for line in LINE.findall(text))]
            if not text.isascii():
                from bisect import bisect_right

                self._nonascii = sorted(
                    {bisect_right(self._starts, m.start()) for m in _NONASCII.finditer(text)}
                )
        self._collect(tree, ())

    @classmethod
    def of_text(cls, text: str, tree: Optional[ast.Module] = None, ctx=None) -> "Gating":
        """The gating of the module ``text`` (``tree``: its ``ast``, when parsed; raises what
        ``ast.parse`` raises). Kept in ``ctx.gating`` (``context.FileContext``): KVG004's
        reduction and the rule ask for the same module in turn (a pure function of the text;
        its caches too)."""
        if ctx is not None and ctx.gating is not None and ctx.gating[0] == text:
            return ctx.gating[1]
        made = cls(tree if tree is not None else ast.parse(text), text)
        if ctx is not None:
            ctx.gating = (text, made)
        return made

    def _collect(self, node: ast.AST, frames: tuple) -> None:
        for child in child_statements(node):
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

    def holds_pool(self, cls: str) -> bool:
        """Does a method of ``cls`` read or store ``self.token_to_kv_pool``?"""
        for m in self.classes.get(cls, {}).values():
            for node in walked(m.node):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == POOL_ATTR
                    and isinstance(node.value, ast.Name)
                    and node.value.id == m.self_name
                ):
                    return True
        return False

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
            walrus = _walrus_in(text)
            for _, node in _inits_by_class(self._tree):
                self._cache_attrs |= _init_candidates(node, class_word, helper_ok, walrus(node))
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
        for sub in walked(region):
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
        child, p = node, m.parent_of(node)
        while p is not None:
            if isinstance(p, (ast.If, ast.While)) and child is p.test:
                return [p, *self._rest_if_leaves(m, p)]
            if isinstance(p, ast.IfExp) and child is p.test:
                owner = m.parent_of(p)
                if isinstance(owner, (ast.Assign, ast.AnnAssign)) and owner.value is p:
                    child, p = p, owner  # what the chosen value is stored as says what it is
                    continue
                return [p]
            if isinstance(p, ast.Assert) and child is p.test:
                return [p]  # it decides whether to stop, not what the code after does
            if isinstance(p, ast.comprehension) and child in p.ifs:
                return [m.parent_of(p) or p]
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
                    for sub in walked(m.node):
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
            child, p = p, m.parent_of(p)
        return [node]

    def _call_regions(self, cls: str, name: str, depth: int, seen: set) -> list:
        out: list = []
        for m, sub in self._method_calls(cls, name):
            out += self._regions(cls, m, sub, depth, seen)
        return out

    def _rest(self, m: _Method, stmt: ast.stmt) -> list:
        owner = m.parent_of(stmt)
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
    for sub in walked(region):
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
    return [s for s in statements(init) if isinstance(s, (ast.Assign, ast.AnnAssign))]


def _pool_names(
    init: ast.AST, stmts: list, walrus: bool = True, walks: Optional[dict] = None
) -> set[str]:
    """Locals of ``init`` that may be bound to a pool expression (alias chains included);
    ``stmts``: its assignment statements, ``walrus``: the text may hold ``:=``; ``walks``:
    ``id(value) -> _no_lambda(value)``, filled and shared with the caller."""
    walks = {} if walks is None else walks
    pairs = []
    for node in stmts:
        if isinstance(node, ast.Assign):
            pairs += [(t, node.value) for t in node.targets]
        elif node.value is not None:
            pairs.append((node.target, node.value))
    if walrus:
        pairs += [(n.target, n.value) for n in walked(init) if isinstance(n, ast.NamedExpr)]
    # per pair, once: does the value name the pool itself, which names does it read
    # (lambdas excluded), which names does the target bind (tuple unpacking: every one)
    facts = []
    for target, value in pairs:
        pool, reads = False, set()
        parts = walks.get(id(value))
        if parts is None:
            parts = walks[id(value)] = _no_lambda(value)
        for n in parts:
            if isinstance(n, ast.Name):
                reads.add(n.id)
            elif (isinstance(n, ast.Attribute) and n.attr == POOL_ATTR) or (
                isinstance(n, ast.Constant) and n.value == POOL_ATTR
            ):
                pool = True
        bound = {n.id for n in walked(target) if isinstance(n, ast.Name)}
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
    walks: dict = {}  # id(value) -> its nodes (values stay alive: they are init's)
    names = _pool_names(init, stmts, walrus, walks)
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
        parts = walks.get(id(value))
        if parts is None:
            parts = walks[id(value)] = _no_lambda(value)
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


def _walrus_in(text: str):
    """``node -> whether its lines (decorators included) hold ``:=``, for a node of
    ``text``'s ``ast`` (a walrus lies within its node's lines)."""
    if ":=" not in text:
        return lambda node: False
    rows: set = set()
    from bisect import bisect_right
    from itertools import accumulate

    starts = [0, *accumulate(len(line) for line in LINE.findall(text))]
    pos = text.find(":=")
    while pos >= 0:
        rows.add(bisect_right(starts, pos))
        pos = text.find(":=", pos + 2)

    def walrus(node: ast.AST) -> bool:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        return any(first <= r <= node.end_lineno for r in rows)

    return walrus


def _no_lambda(value: ast.AST) -> list:
    """``value`` and the nodes under it, lambdas' insides excluded (contexts and operators
    too: no question asks about them)."""
    out, stack = [], [value]
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(n, ast.Lambda):
            stack.extend(_kids(n))
    return out


_KID_FIELDS: dict = {}  # node type -> its fields that may hold nodes


def _kids(n: ast.AST) -> list:
    """``ast.iter_child_nodes(n)`` (same order) without the ``ctx``/operator singletons."""
    fields = _KID_FIELDS.get(type(n))
    if fields is None:
        fields = _KID_FIELDS[type(n)] = tuple(
            f for f in type(n)._fields if f not in ("ctx", "op", "ops")
        )
    out = []
    for f in fields:
        v = getattr(n, f, None)
        if isinstance(v, ast.AST):
            out.append(v)
        elif isinstance(v, list):
            out += [x for x in v if isinstance(x, ast.AST)]
    return out


# A call's name: the word before a ``(``; closing parentheses, white space, comments and line
# continuations in between allowed (``(f)(x)``, ``f  # c`` + newline + ``(x)`` in brackets).
# A match cannot start inside a word (the same word end and suffix follow), so the lookbehind
# changes no match; it spares the scan a greedy retry from every character of every word.
CALLED = re.compile(r"(?<!\w)(\w+)(?:[\s)\\]|#[^\r\n]*)*\(")
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


def proven_clean_for(text: str, scope=None, ctx=None) -> bool:
    """KVG004's reduction hook (registry): the scope's setting, or the one that reports most.
    ``ctx``: the file's ``context.FileContext`` (its gating is kept there for the lint)."""
    return proven_clean(
        text, True if scope is None else bool(getattr(scope, "kvg004_write_gating", False)), ctx
    )


def proven_clean(text: str, write_gating: bool = False, ctx=None) -> bool:
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

    chunk_walrus: list[bool] = []  # per entry of init_nodes from a chunk: its text has ``:=``
    if tree is None:
        for chunk in inits:
            src = ol.source(chunk)
            if not may_cache(src, helper_ok):
                continue  # neither the pool word nor a helper call: no store can cache
            try:
                sub = ast.parse(src)
            except _PARSE_ERRORS:
                return False
            init_nodes += [(chunk.cls, n) for n in _defs_named(sub, "__init__")]
            # a chunk parsed alone: its own text says (its lines are not the module's)
            chunk_walrus += [":=" in src] * (len(init_nodes) - len(chunk_walrus))

    # read elsewhere: another occurrence of the word besides the store(s)
    counts: dict[str, bool] = {}

    def read_elsewhere(a: str) -> bool:
        if a not in counts:  # a second occurrence (the first two are found, no more)
            hits = word_hits(text, a)
            counts[a] = next(hits, None) is not None and next(hits, None) is not None
        return counts[a]

    candidates: list[tuple[Optional[str], str]] = []
    walrus = _walrus_in(text)
    for i, (owner, node) in enumerate(init_nodes):
        may = chunk_walrus[i] if chunk_walrus else walrus(node)
        for a in sorted(_init_candidates(node, class_word, helper_ok, may)):
            if read_elsewhere(a):
                candidates.append((owner, a))
    if not candidates:
        return True
    if tree is None:
        try:
            tree = ast.parse(text)
        except _PARSE_ERRORS:
            return False
    gating = Gating.of_text(text, tree, ctx)
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


def _defs_named(tree: ast.AST, name: str) -> list:
    """The ``def``s called ``name`` anywhere under ``tree`` (what ``ast.walk`` finds: every
    ``def`` is a statement, so only statement lists are walked), level by level."""
    out, todo = [], [tree]
    while todo:
        nxt = []
        for node in todo:
            for child in child_statements(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if child.name == name:
                        out.append(child)
                nxt.append(child)
        todo = nxt
    return out


def _inits_by_class(tree: ast.Module) -> list[tuple[Optional[str], ast.AST]]:
    """Every ``__init__`` of the module with the name of the class it is a method of (defined
    in the class body, under ``if``/``try`` there too), None for one nested in a function."""
    out: list = []
    stack: list = [(tree, None)]
    while stack:
        node, owner = stack.pop()
        for child in child_statements(node):
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
        self._by_name: Optional[dict] = None  # name -> the outline's chunks of that name

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
        if self._by_name is None:
            self._by_name = {}
            for chunk in ol.chunks:
                self._by_name.setdefault(chunk.name, []).append(chunk)
        for chunk in self._by_name.get(name, ()):  # (in the outline's order)
            if (chunk.cls is None) != (kind == "function"):
                continue
            src = ol.source(chunk)
            if "isinstance" not in src:
                continue
            try:
                tree = ast.parse(src)
            except _PARSE_ERRORS:
                return True
            defs = [
                n for n in walked(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
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


# ------------------------------------------------------------------------ the rule on ``ast``
#
# KVG004's findings decided on the stdlib ``ast`` of the full text (``RuleMeta.check``): the
# libcst rule (rules/kvg004_swa_flag_cached_at_init.py) node for node, with the facts of the
# shared analysis it asks (scope, SWA pool class names, the functions' assignments, the
# module's functions and the classes' methods) read from the same statements. Where this side
# does not model something exactly it answers None and the libcst rule decides: the audit mode
# (``all-code``: backend-likeness is read on libcst), a non-ASCII text (``ast`` normalises
# identifiers and counts columns in bytes), a lone ``\r`` line end, a text ``ast`` refuses, a
# message whose node text the tokenizer cannot place. ``tests/lint/test_kvg004_ast.py``
# compares it with the libcst rule on the rule's cases, edge cases and real backends.

_SOFT_KEYWORDS = frozenset({"match", "case", "type", "_"})


def _names_as_spelled(text: str) -> bool:
    """``ast`` keeps every identifier as spelled (as libcst does): each run of characters
    that may continue an identifier (itself or its NFKC form: the tokenizer normalises, then
    checks) and holds a non-ASCII one (in code, comments or strings alike) is already
    NFKC-normal, the form ``ast`` gives identifiers."""
    if text.isascii():
        return True
    from unicodedata import normalize

    chars = {
        c
        for c in set(text)
        if c > "\x7f" and (("a" + c).isidentifier() or ("a" + normalize("NFKC", c)).isidentifier())
    }
    if not chars:
        return True  # no non-ASCII character can be part of a name
    word = re.compile("[\\w" + "".join(re.escape(c) for c in sorted(chars)) + "]+")
    return all(normalize("NFKC", w) == w for w in word.findall(text) if not w.isascii())


_LONE_CR = re.compile(r"\r(?!\n)")


class Undecided(Exception):
    """The ``ast`` side cannot say what the libcst rule would: let the rule decide."""


def _func_nodes():
    return (ast.FunctionDef, ast.AsyncFunctionDef)


class _Fn:
    """The analysis's ``FunctionInfo`` facts KVG004 reads, for one ``def``."""

    __slots__ = ("node", "cls", "params", "kwonly", "self_name", "assigns", "qualname")

    def __init__(self, node: ast.AST, cls: Optional["_Cls"], qualname: str) -> None:
        self.node, self.cls, self.qualname = node, cls, qualname
        args = node.args
        self.params = [a.arg for a in (*args.posonlyargs, *args.args)]
        self.kwonly = [a.arg for a in args.kwonlyargs]
        static = any(
            isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list
        )
        self.self_name = self.params[0] if cls is not None and not static and self.params else None
        self.assigns: list = []  # (target, value): the collector's pairs, this frame's only


class _Cls:
    __slots__ = ("node", "name", "qualname", "bases", "methods", "in_scope")

    def __init__(self, node: ast.ClassDef, qualname: str) -> None:
        self.node, self.name, self.qualname = node, node.name, qualname
        self.bases = [b for b in (_dotted(_unstar(e)) for e in node.bases) if b]
        self.methods: dict[str, _Fn] = {}
        self.in_scope = False


def _unstar(e: ast.AST) -> ast.AST:
    return e.value if isinstance(e, ast.Starred) else e


def _dotted(e: ast.AST) -> Optional[str]:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        inner = _dotted(e.value)
        return f"{inner}.{e.attr}" if inner else None
    return None


def _pairs(target: ast.AST, value: ast.AST):
    """The analysis's ``_target_pairs``: a tuple/list target against a literal of the same
    length pairs element by element (starred elements skipped); against anything else none."""
    if isinstance(target, (ast.Tuple, ast.List)):
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
            for t, v in zip(target.elts, value.elts):
                if not isinstance(t, ast.Starred) and not isinstance(v, ast.Starred):
                    yield from _pairs(t, v)
        return
    yield target, value


class _Facts:
    """One pass over the module (the libcst collector's facts, same frames: classes, ``def``s
    and lambdas; a class body does not open a function frame)."""

    def __init__(self, tree: ast.Module, walrus: bool = True) -> None:
        """``walrus``: the text may hold ``:=`` (else only statements are walked: every
        import, class, ``def`` and assignment statement is one)."""
        self.aliases: dict[str, str] = {}
        self.module_assigns: dict[str, ast.AST] = {}
        self.classes: dict[str, _Cls] = {}  # first definition of a name (source order)
        self.all_classes: list[_Cls] = []
        self.module_functions: dict[str, _Fn] = {}
        self.inits: list[_Fn] = []  # every ``__init__`` method (of the class it is defined in)
        imports, assigns = [], []
        # (node, frames: tuple of _Cls/_Fn/"lambda" names, innermost function or None)
        stack: list = [(tree, (), None)]

        def kids(node: ast.AST):
            if walrus:
                return ast.iter_child_nodes(node)
            if isinstance(node, _Body):
                return (node.node,)
            out: list = []
            for name in ("body", "orelse", "finalbody", "handlers", "cases"):
                block = getattr(node, name, None)
                if isinstance(block, list):
                    out += block
            return out

        while stack:
            node, frames, fn = stack.pop()
            for child in kids(node):
                if isinstance(child, ast.ClassDef):
                    if walrus:
                        for outer in (*child.decorator_list, *child.bases, *child.keywords):
                            stack.append((outer, frames, fn))
                    qual = ".".join((*(_frame_name(f) for f in frames), child.name))
                    info = _Cls(child, qual)
                    self.all_classes.append(info)
                    for stmt in child.body:
                        stack.append((_Body(stmt), (*frames, info), fn))
                elif isinstance(child, _func_nodes()):
                    if walrus:
                        for outer in child.decorator_list:
                            stack.append((outer, frames, fn))
                    owner = frames[-1] if frames else None
                    cls = owner if isinstance(owner, _Cls) else None
                    qual = ".".join((*(_frame_name(f) for f in frames), child.name))
                    info = _Fn(child, cls, qual)
                    if cls is not None:
                        cls.methods.setdefault(child.name, info)
                        if child.name == "__init__":
                            self.inits.append(info)
                    elif fn is None:
                        self.module_functions.setdefault(child.name, info)
                    inner = (*frames, info)
                    heads = (child.args, child.returns) if walrus else ()
                    for sub in (*heads, *child.body):
                        if sub is not None:
                            stack.append((_Body(sub), inner, info))
                elif isinstance(child, ast.Lambda):
                    stack.append((child, (*frames, "<lambda>"), _LAMBDA))
                else:
                    if isinstance(child, (ast.Import, ast.ImportFrom)):
                        imports.append(child)
                    elif isinstance(child, (ast.Assign, ast.AnnAssign, ast.NamedExpr)):
                        assigns.append((child, fn, frames))
                    stack.append((child, frames, fn))
        for c in sorted(self.all_classes, key=lambda c: (c.node.lineno, c.node.col_offset)):
            self.classes.setdefault(c.name, c)
        for node in sorted(imports, key=lambda n: (n.lineno, n.col_offset)):
            if isinstance(node, ast.ImportFrom):
                if any(a.name == "*" for a in node.names):
                    continue
                for a in node.names:
                    self.aliases[a.asname or a.name] = a.name.rsplit(".", 1)[-1]
            else:
                for a in node.names:
                    if a.asname:
                        self.aliases[a.asname] = a.name.rsplit(".", 1)[-1]
        for node, fn, frames in sorted(assigns, key=lambda x: (x[0].lineno, x[0].col_offset)):
            if isinstance(node, ast.Assign):
                pairs = [(t, node.value) for t in node.targets]
            else:
                pairs = [(node.target, node.value)] if node.value is not None else []
            if fn is _LAMBDA:
                continue  # a lambda's own frame: nothing KVG004 reads
            if fn is not None:
                for t, v in pairs:
                    fn.assigns.extend(_pairs(t, v))
            elif not any(isinstance(f, _Cls) for f in frames):
                for t, v in pairs:
                    if isinstance(t, ast.Name):
                        self.module_assigns[t.id] = v

    # ---- the analysis's class-name questions

    def original(self, name: str) -> str:
        return self.aliases.get(name, name)

    def swa_pool_class(self, node: ast.AST, depth: int = 0) -> bool:
        """``ModuleAnalysis.is_swa_pool_class``."""
        from .names import is_swa_pool_class_name as pred

        if depth > 8:
            return False
        if isinstance(node, (ast.Tuple, ast.List)):
            return any(
                self.swa_pool_class(e, depth + 1)
                for e in node.elts
                if not isinstance(e, ast.Starred)
            )
        if isinstance(node, ast.Name):
            return self._name_is_swa_pool(node.id, depth)
        if isinstance(node, ast.Attribute):
            return pred(node.attr)
        return False

    def _name_is_swa_pool(self, name: str, depth: int) -> bool:
        from .names import is_swa_pool_class_name as pred

        if pred(self.original(name)):
            return True
        if name in self.classes and name not in self.aliases:
            return any(
                self.swa_pool_class(ast.parse(b, mode="eval").body, depth + 1)
                for b in self.classes[name].bases
                if b != name
            )
        aliased = self.module_assigns.get(name)
        if aliased is not None:
            return self.swa_pool_class(aliased, depth + 1)
        return False

    # ---- scope (``ModuleAnalysis._resolve_scope`` without the audit mode)

    def resolve_scope(self, path: str, scope, ctx=None) -> None:

        from .scope import backend_by_bases, path_in_scope

        in_path = path_in_scope(path, scope)
        ctx = of(ctx)

        def backend_base(base: str) -> bool:
            return ctx.backend_base(path, base)

        for info in self.all_classes:
            info.in_scope = in_path or backend_by_bases(
                info,
                lambda c: c.bases,
                self.classes,
                self.original,
                scope.base_patterns,
                backend_base,
            )


_LAMBDA = object()  # the frame of a lambda (the collector's ``<lambda>`` FunctionInfo)


class _Body:
    """A statement (or a def's arguments/returns) walked in a frame: its own node is visited
    too (``ast.iter_child_nodes`` of this wrapper yields it)."""

    __slots__ = ("node",)

    def __init__(self, node: ast.AST) -> None:
        self.node = node

    _fields = ("node",)


def _frame_name(frame) -> str:
    return frame if isinstance(frame, str) else frame.node.name


def _children_in_order(n: ast.AST) -> list:
    """``n``'s child expressions in source order (libcst's ``children`` order, which the
    rule's walks follow): the fields' order except for calls (arguments and keywords
    interleaved), dicts (key before its value) and conditional expressions (body first)."""
    if isinstance(n, ast.Call):
        rest = sorted((*n.args, *n.keywords), key=lambda a: (a.lineno, a.col_offset))
        return [n.func, *rest]
    if isinstance(n, ast.Dict):
        out = []
        for k, v in zip(n.keys, n.values):
            if k is not None:
                out.append(k)
            out.append(v)
        return out
    if isinstance(n, ast.IfExp):
        return [n.body, n.test, n.orelse]
    return [c for c in ast.iter_child_nodes(n) if not isinstance(c, _NO_NODE)]


_NO_NODE = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)


def _nodes_no_lambda(node: ast.AST):
    """The rule's ``_nodes_no_lambda``: ``node`` then its descendants, last child first (a
    stack), not into lambdas."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, ast.Lambda):
            continue
        stack.extend(_children_in_order(n))


def _positional(call: ast.Call) -> list:
    """``cstnodes.positional_args``: the arguments before the first keyword or star."""
    first_kw = min(((k.lineno, k.col_offset) for k in call.keywords), default=None)
    out = []
    for a in call.args:
        if isinstance(a, ast.Starred):
            break
        if first_kw is not None and (a.lineno, a.col_offset) > first_kw:
            break
        out.append(a)
    return out


def _call_name(call: ast.Call) -> Optional[str]:
    return call.func.id if isinstance(call.func, ast.Name) else None


class _Rule:
    """``SwaFlagCachedAtInit`` on ``ast``: the same questions in the same order."""

    def __init__(self, facts: _Facts) -> None:
        self.f = facts
        self._helpers: dict[int, bool] = {}  # id(function) -> may be a helper
        self._lines: Optional[list] = None

    def pool_expr(self, e: ast.AST, fn: Optional[_Fn], depth: int = 0) -> bool:
        if isinstance(e, ast.Attribute) and e.attr == POOL_ATTR:
            return True
        if isinstance(e, ast.Call) and _call_name(e) == "getattr":
            args = _positional(e)
            return (
                len(args) >= 2 and isinstance(args[1], ast.Constant) and args[1].value == POOL_ATTR
            )
        if isinstance(e, ast.Name) and fn is not None and depth < 4:
            return any(
                isinstance(t, ast.Name) and t.id == e.id and self.pool_expr(v, fn, depth + 1)
                for t, v in fn.assigns
                if v is not e
            )
        return False

    def pool_or_none(self, value: ast.AST, fn) -> bool:
        if isinstance(value, ast.IfExp):
            for branch, other in ((value.body, value.orelse), (value.orelse, value.body)):
                # ``None`` (a Name in libcst, a constant here: only the keyword spells it)
                if (
                    self.pool_expr(branch, fn)
                    and isinstance(other, ast.Constant)
                    and other.value is None
                ):
                    return True
            return False
        return self.pool_expr(value, fn)

    def swa_isinstance(self, node: ast.AST, fn, pool_params: frozenset = frozenset()) -> bool:
        if isinstance(node, ast.Call) and _call_name(node) == "isinstance":
            args = _positional(node)
            if len(args) == 2 and self.f.swa_pool_class(args[1]):
                subject = args[0]
                return self.pool_expr(subject, fn) or (
                    isinstance(subject, ast.Name) and subject.id in pool_params
                )
        return False

    def swa_helper(self, call: ast.Call, fn: _Fn, text: str) -> bool:
        func = call.func
        target: Optional[_Fn] = None
        if isinstance(func, ast.Name):
            target = self.f.module_functions.get(func.id)
        elif isinstance(func, ast.Attribute) and fn.cls is not None:
            target = fn.cls.methods.get(func.attr)
        if target is None or target is fn:
            return False
        got = self._helpers.get(id(target))
        if got is None:
            got = self._helpers[id(target)] = self._asks_isinstance(target, text)
        return got

    def _asks_isinstance(self, target: _Fn, text: str) -> bool:
        """The rest of ``_swa_helper``: a function of the caller's (``target`` is not the
        caller), decided once per function."""
        body = [n for stmt in target.node.body for n in _nodes_no_lambda(stmt)]
        names = _identifiers(body)
        if any(w in names for w in _RESOLVER_WORDS):
            return False
        # a resolver word the identifiers above miss (libcst names more): let the rule decide
        first, last = target.node.body[0].lineno, target.node.end_lineno
        if self._lines is None:
            self._lines = LINE.findall(text)
        chunk = "".join(self._lines[first - 1 : last])
        if any(next(word_hits(chunk, w), None) is not None for w in _RESOLVER_WORDS):
            raise Undecided("resolver word outside the identifiers")
        params = frozenset((*target.params, *target.kwonly))
        return any(self.swa_isinstance(n, target, params) for n in body)

    def caching_node(self, value: ast.AST, attr: str, annotation, fn: _Fn, text: str):
        for node in _nodes_no_lambda(value):
            if self.swa_isinstance(node, fn):
                return node
            if isinstance(node, ast.Attribute) and node.attr in SWA_TRANSLATE_MEMBERS:
                if self.pool_or_none(node.value, fn):
                    return node
            if isinstance(node, ast.Call) and self.swa_helper(node, fn, text):
                return node
        swa_annotated = annotation is not None and any(
            self._swa_annotation_part(n) for n in _nodes_no_lambda(annotation)
        )
        if ("swa" in attr.lower() or swa_annotated) and self.pool_or_none(value, fn):
            return value
        return None

    def _swa_annotation_part(self, n: ast.AST) -> bool:
        # libcst walks an attribute's name as a Name node of its own: asked as a bare name too
        if isinstance(n, ast.Name):
            return self.f.swa_pool_class(n)
        if isinstance(n, ast.Attribute):
            return self.f.swa_pool_class(n) or self.f._name_is_swa_pool(n.attr, 0)
        return False


def _identifiers(nodes) -> set:
    """The libcst ``Name`` nodes' values among ``nodes``' counterparts: names, attribute
    names, parameters, keyword names, def/class names, import names, global/nonlocal names,
    handler and pattern names."""
    out: set = set()
    for n in nodes:
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.keyword) and n.arg:
            out.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.alias):
            out.update(n.name.split("."))
            if n.asname:
                out.add(n.asname)
        elif isinstance(n, ast.ImportFrom) and n.module:
            out.update(n.module.split("."))
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            out.update(n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
        elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            out.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            out.add(n.rest)
        elif isinstance(n, ast.MatchClass):
            out.update(n.kwd_attrs)
    return out


def _init_stores(init: ast.AST):
    """The ``Assign``/``AnnAssign`` statements whose innermost frame is ``init`` (not in a
    nested class, function or lambda), in source order."""
    out, stack = [], [init]
    while stack:
        node = stack.pop()
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, name, None) or ():
                if isinstance(child, (ast.Assign, ast.AnnAssign)):
                    out.append(child)
                elif isinstance(child, (ast.ClassDef, *_func_nodes())):
                    continue
                elif isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                    stack.append(child)
    return sorted(out, key=lambda n: (n.lineno, n.col_offset))


def findings(text: str, path: str, scope, tree: Optional[ast.Module] = None, ctx=None):
    """KVG004's findings in ``text`` (``RuleMeta.check``): ``astfinding.AstFinding`` records in
    the libcst rule's order, or None where the libcst rule must decide (see above). ``ctx``:
    the file's ``context.FileContext`` (the index, the proof's gating)."""
    from .model import ScopeConfig

    ctx = of(ctx)
    scope = scope if scope is not None else ScopeConfig()
    if scope.all_code or not _names_as_spelled(text) or _LONE_CR.search(text):
        return None
    if tree is None:  # the tree of the proof that just failed to settle ``text``, if any
        last = ctx.gating
        if last is not None and last[0] == text:
            tree = last[1]._tree
    if tree is None:
        try:
            tree = ast.parse(text)
        except _PARSE_ERRORS:
            return None
    try:
        return _findings(text, path, scope, tree, ctx)
    except (Undecided, RecursionError):
        return None


def _findings(text: str, path: str, scope, tree: ast.Module, ctx) -> list:
    from .astfinding import AstFinding, Span

    facts = _Facts(tree, ":=" in text)
    if not facts.inits:
        return []
    gates: Optional[Gating] = None
    rule = _Rule(facts)
    write_gating = bool(getattr(scope, "kvg004_write_gating", False))
    scoped = False
    lines: Optional[list] = None
    out = []
    for fn in sorted(facts.inits, key=lambda f: (f.node.lineno, f.node.col_offset)):
        if fn.self_name is None:
            continue
        for node in _init_stores(fn.node):
            if isinstance(node, ast.Assign):
                targets, value, annotation = node.targets, node.value, None
            else:
                targets, value, annotation = [node.target], node.value, node.annotation
            if value is None:
                continue
            for t in targets:
                if not (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == fn.self_name
                ):
                    continue
                if not scoped:
                    facts.resolve_scope(path, scope, ctx)
                    scoped = True
                if not fn.cls.in_scope:
                    break
                hit = rule.caching_node(value, t.attr, annotation, fn, text)
                if hit is None:
                    continue
                if gates is None:
                    gates = Gating.of_text(text, tree, ctx)
                reads = harmful(gates, fn.cls.qualname, t.attr, write_gating, first=True)
                if not reads:
                    continue
                if lines is None:
                    lines = LINE.findall(text)
                if not swap_possible(path, scope):
                    return []
                method, kind, line = reads[0]
                text_of = message(gates, fn.cls.qualname, t.attr, kind, method, line)
                snippet = _node_source(hit, node, lines)
                out.append(
                    AstFinding(
                        code="KVG004",
                        node=Span(*node_span(lines, hit)),
                        statement=Span(_statement_line(node, fn.node, text, lines), 0, 0, 0),
                        message=text_of + f" (`{snippet}`)",
                        context=fn.qualname,
                    )
                )
    return out


_FINDING = (
    "`self.{attr}` caches an SWA decision from the pool at __init__ and {what} at forward time "
    "(`{method}`, line {line}); FROZEN_KV MTP swaps the backend's `token_to_kv_pool` to the "
    "target's SWA pool during the draft forward (#26957): resolve it with the FROZEN_KV-aware "
    "resolver{per_call}"
)


def message(gates: "Gating", cls: str, attr: str, kind: str, method: str, line: int) -> str:
    """KVG004's message: the advice to decide per call from ``self.token_to_kv_pool`` only
    where the class holds that attribute."""
    holds = gates.holds_pool(cls)
    per_call = " or per call from `self.token_to_kv_pool`" if holds else ""
    return _FINDING.format(attr=attr, what=_WHAT[kind], method=method, line=line, per_call=per_call)


def swap_possible(path: str, scope) -> bool:
    """Can the target release swap a backend's pool at forward time (FROZEN_KV MTP)? False
    only where the release is known (``target-version``, else the sglang tree holding
    ``path``, else the installed sglang: ``fixes/target.detect_target``) and has no FROZEN_KV
    MTP: there a flag cached at ``__init__`` cannot go stale."""
    from .fixes.target import target_of

    target, _ = target_of(path, scope)
    return target is None or target.has_frozen_kv is not False


_WHAT = {
    "read": "decides how KV is read or indices are translated",
    "write": "gates KV writes (reported by kvg004-write-gating)",
}


def _offset(lines: list, row: int, col: int) -> int:
    """The text offset of ``ast``'s (row, byte column)."""
    return sum(len(x) for x in lines[: row - 1]) + char_col(lines, row, col)


def _node_source(hit: ast.AST, stmt: ast.stmt, lines: list) -> str:
    """The rule's ``source_of(hit)``: the node's text with the parentheses libcst gives it
    (grouping parentheses right around it), white space collapsed, 80 characters at most."""
    import io
    import keyword
    import tokenize

    text = "".join(lines)
    s0 = _offset(lines, stmt.lineno, stmt.col_offset)
    s1 = _offset(lines, stmt.end_lineno, stmt.end_col_offset)
    start = _offset(lines, hit.lineno, hit.col_offset)
    end = _offset(lines, hit.end_lineno, hit.end_col_offset)
    seg = text[s0:s1]
    seg_lines = LINE.findall(seg) or [""]
    try:
        toks = [
            t
            for t in tokenize.generate_tokens(io.StringIO(seg).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER)
            and t.type not in (tokenize.INDENT, tokenize.DEDENT)
        ]
    except (tokenize.TokenError, SyntaxError):
        raise Undecided("statement does not tokenize alone") from None

    seg_starts = [0]
    for line in seg_lines:
        seg_starts.append(seg_starts[-1] + len(line))

    def at(pos) -> int:  # the tokenizer's (row, character column)
        return s0 + seg_starts[pos[0] - 1] + pos[1]

    firsts = {at(t.start): i for i, t in enumerate(toks)}
    lasts = {at(t.end): i for i, t in enumerate(toks)}
    i, j = firsts.get(start), lasts.get(end)
    if i is None or j is None:
        raise Undecided("node text not on token boundaries")
    while i > 0 and j + 1 < len(toks) and toks[i - 1].string == "(" and toks[j + 1].string == ")":
        before = toks[i - 2] if i >= 2 else None
        if before is not None:
            word = before.string
            if before.type == tokenize.NAME and word in _SOFT_KEYWORDS:
                raise Undecided("soft keyword before a parenthesis")
            call = (
                before.type in (tokenize.NUMBER, tokenize.STRING)
                or word in (")", "]", "}")
                or (
                    before.type == tokenize.NAME
                    and (not keyword.iskeyword(word) or word in ("True", "False", "None"))
                )
            )
            if call:
                break
        i, j = i - 1, j + 1
    src = text[at(toks[i].start) : at(toks[j].end)]
    src = " ".join(src.split())
    return src if len(src) <= 80 else src[:77] + "..."


def _statement_line(node: ast.stmt, init: ast.AST, text: str, lines: list) -> int:
    """The first line of the libcst statement line holding ``node``: earlier simple
    statements joined to it by ``;`` start it."""
    block = _block_of(node, init, lines)
    k = block.index(node)
    row = node.lineno
    while k > 0:
        prev = block[k - 1]
        if prev.end_lineno is None or prev.end_lineno != row or isinstance(prev, _COMPOUND):
            break
        cur = block[k]
        gap = text[
            _offset(lines, prev.end_lineno, prev.end_col_offset) : _offset(
                lines, cur.lineno, cur.col_offset
            )
        ]
        if gap.strip() != ";":
            break
        row = prev.lineno
        k -= 1
    return row


_COMPOUND = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.ClassDef,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Match,
)
if hasattr(ast, "TryStar"):
    _COMPOUND = (*_COMPOUND, ast.TryStar)


def _block_of(node: ast.stmt, root: ast.AST, lines: list) -> list:
    """The statement list holding ``node``; a one-line suite (``if c: x = 1``, whose libcst
    statement is the compound one) is left to the rule."""
    stack = [root]
    while stack:
        n = stack.pop()
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(n, name, None) or []
            if node in block:
                first = block[0]
                if lines[first.lineno - 1][
                    : char_col(lines, first.lineno, first.col_offset)
                ].strip():
                    raise Undecided("a one-line suite")
                return block
            stack.extend(block)
    raise Undecided("statement not found")  # pragma: no cover
