"""Parse less: blank out the bodies of functions that cannot take part in a finding.

libcst parses at a few µs per character, and most of a big backend module is kernel and metadata
code that never touches the allocator. Before the libcst parse, the stdlib ``ast`` (ten times
faster) over-approximates, per top-level function or method, whether it can hold an
allocator-derived value. It mirrors the shared analysis (:mod:`lint_rules.analysis`) with every
precision dropped that could make it say "no" wrongly:

* an expression *may carry* the allocator when it is ``<any>.<attr>`` with ``attr`` the allocator
  attribute or any attribute some function may have stored the allocator in (whatever the
  receiver), a name that may carry it (locals of the function and its nested functions pooled
  together, module globals), ``getattr(..., "token_to_kv_pool_allocator")``, or a conditional /
  boolean / walrus expression with such a branch;
* every parameter of a function that is called (by name, whatever the receiver; calling a class
  means its ``__init__``) with a possibly-carrying argument may carry it, and so does a parameter
  named ``token_to_kv_pool_allocator``;
* iterate to a fixed point over the module.

A function in which nothing may carry the allocator cannot contain a finding of KVG001-KVG003
(each needs an allocator-derived operand), and it contributes no fact to other functions (stores,
calls with allocator arguments). Its body becomes a single ``pass``. The reduced text only ever
answers "can this module have findings?": when it yields one, the checker re-runs on the full
module, which gives the positions and the fix plans. KVG004, which reads attributes across all
methods, always runs on the full module.

Cost: ``ast.parse`` plus one regex pass over each function's text; functions are walked only
when their words mention a possible carrier.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Optional

from .names import (
    POOL_ATTR,
    SWA_TRANSLATE_MEMBERS,
    is_swa_allocator_class_name,
    is_swa_member_name,
    is_swa_pool_class_name,
    mentions_swa_allocator_name,
)

SEED = "token_to_kv_pool_allocator"
_PARSE_ERRORS = (SyntaxError, ValueError, RecursionError, MemoryError)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UNICODE_WORD = re.compile(r"\w+")
# Python's own line ends (str.splitlines also splits at \f, \x1c, \u2028, ... which the
# tokenizer does not: line numbers from ast would then point at the wrong lines).
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")


@dataclass(eq=False)
class _Code:
    """A function (with its nested functions), or all code outside functions, flattened once."""

    name: str = ""
    inits_of: Optional[str] = None  # class name when this is its __init__
    params: set[str] = field(default_factory=set)
    assigns: list = field(default_factory=list)  # (targets, value)
    calls: list = field(default_factory=list)  # ast.Call
    attrs_used: set[str] = field(default_factory=set)
    names_used: set[str] = field(default_factory=set)
    strings: set[str] = field(default_factory=set)  # getattr(..., "<string>") names
    carriers: set[str] = field(default_factory=set)  # names that may carry the allocator
    relevant: bool = False
    node: Optional[ast.AST] = None
    # Every identifier-like word of the source: a superset of names, attributes and strings,
    # so "nothing here mentions a carrier" can be decided without walking the tree.
    words: Optional[set[str]] = None
    _pending: list = field(default_factory=list)
    compares: list = field(default_factory=list)  # ast.Compare (type(x) is C, x.__class__ == C)
    swa_members: list = field(default_factory=list)  # ast.Attribute .translate_loc_... / .full_to_swa_...

    def add(self, root: ast.AST) -> None:
        self._pending.append(root)

    def _flatten(self) -> None:
        for root in self._pending:
            self._walk(root)
        self._pending.clear()

    def _walk(self, root: ast.AST) -> None:
        for node in ast.walk(root):
            kind = type(node)
            if kind is ast.Attribute:
                self.attrs_used.add(node.attr)
                if node.attr in SWA_TRANSLATE_MEMBERS:
                    self.swa_members.append(node)
            elif kind is ast.Name:
                self.names_used.add(node.id)
            elif kind is ast.Call:
                self.calls.append(node)
                if isinstance(node.func, ast.Name) and node.func.id == "getattr":
                    self.strings.update(
                        a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    )
            elif kind is ast.Compare:
                self.compares.append(node)
            elif kind is ast.Assign:
                self.assigns.append((node.targets, node.value))
            elif kind in (ast.AnnAssign, ast.AugAssign, ast.NamedExpr):
                if node.value is not None:
                    self.assigns.append(([node.target], node.value))
            elif kind in (ast.For, ast.AsyncFor, ast.comprehension):
                self.assigns.append(([node.target], node.iter))
            elif kind is ast.withitem and node.optional_vars is not None:
                self.assigns.append(([node.optional_vars], node.context_expr))


class _Module:
    def __init__(self) -> None:
        self.attrs: set[str] = {SEED}  # attributes that may hold the allocator
        self.globals: set[str] = set()
        self.called: set[str] = set()  # functions called with a possibly-carrying argument

    def carries(self, e: Optional[ast.AST], names: set[str]) -> bool:
        if isinstance(e, ast.Attribute):
            return e.attr in self.attrs
        if isinstance(e, ast.Name):
            return e.id in names or e.id in self.globals
        if isinstance(e, ast.Call):
            return (
                isinstance(e.func, ast.Name)
                and e.func.id == "getattr"
                and any(isinstance(a, ast.Constant) and a.value in self.attrs for a in e.args[1:2])
            )
        if isinstance(e, ast.IfExp):
            return self.carries(e.body, names) or self.carries(e.orelse, names)
        if isinstance(e, ast.BoolOp):
            return any(self.carries(v, names) for v in e.values)
        if isinstance(e, ast.NamedExpr):
            return self.carries(e.value, names)
        if isinstance(e, (ast.Tuple, ast.List, ast.Starred)):
            # unpacking pairs elements; pooling them over-approximates that
            elts = [e.value] if isinstance(e, ast.Starred) else e.elts
            return any(self.carries(x, names) for x in elts)
        return False

    def step(self, funcs) -> bool:
        """One round of the fixed point over ``funcs``: parameters of called functions carry,
        so does one named like the allocator; a function is relevant when anything in it may
        carry. True when the module's facts or the relevant set grew."""
        before = (len(self.attrs), len(self.called))
        grew = False
        for f in funcs:
            if f.name in self.called or (f.inits_of is not None and f.inits_of in self.called):
                f.carriers |= f.params
            f.carriers |= f.params & {SEED}
            if (self.scan(f, f.carriers) or f.carriers) and not f.relevant:
                f.relevant = grew = True
        return grew or (len(self.attrs), len(self.called)) != before

    def scan(self, code: _Code, names: set[str]) -> bool:
        """Grow ``names``/attrs/called from ``code``; True when anything in it may carry."""
        if code.words is not None and not (
            SEED in code.words
            or code.words & self.attrs
            or code.words & names
            or code.words & self.globals
        ):
            return False  # no word of its source is a carrier: nothing in it can be one
        code._flatten()
        hit = bool(
            SEED in code.names_used
            or code.attrs_used & self.attrs
            or code.names_used & names
            or code.names_used & self.globals
            or code.strings & self.attrs
        )
        if not hit:
            return False  # nothing mentions a carrier: no store or call can carry either
        for targets, value in code.assigns:
            if self.carries(value, names) or _unpacks_seed(targets):
                for t in targets:
                    for sub in ast.walk(t):
                        if isinstance(sub, ast.Name):
                            names.add(sub.id)
                        elif isinstance(sub, ast.Attribute):
                            self.attrs.add(sub.attr)
        for call in code.calls:
            if any(self.carries(a, names) for a in call.args) or any(
                self.carries(k.value, names) for k in call.keywords
            ):
                func = call.func
                self.called.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
        return True


def _unpacks_seed(targets: list) -> bool:
    return any(
        isinstance(t, (ast.Tuple, ast.List)) and any(isinstance(e, ast.Name) and e.id == SEED for e in t.elts)
        for t in targets
    )


def _params(fn: ast.AST) -> set[str]:
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return set(names)


def reduce_source(text: str) -> Optional[str]:
    """The text with irrelevant function bodies blanked, or None when nothing can be blanked
    (or ``ast`` cannot parse it: the caller then parses the full text and reports errors)."""
    return reduce_for(text, ANCHORED_CODES)[1]


def reduce_for(text: str, codes, use_outline: bool = True) -> tuple[bool, Optional[str]]:
    """``(clean, reduced)``: ``clean`` when no code that may carry the allocator holds an anchor
    of a selected rule (no finding is possible: nothing needs parsing); otherwise the reduced
    text, or None when nothing could be blanked (or ``ast`` cannot parse the text: the caller
    then parses it in full and reports errors).

    ``use_outline`` first tries the same proof parsing only the functions it needs
    (:func:`_clean_by_outline`); tests turn it off to compare the two."""
    if use_outline and _clean_by_outline(text, codes):
        return True, None
    try:
        tree = ast.parse(text)
    except _PARSE_ERRORS:
        return False, None
    lines = _LINE.findall(text)
    funcs: list[_Code] = []
    outside = _Code()

    def collect(node: ast.AST, cls: Optional[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                code = _Code(child.name, cls if child.name == "__init__" else None, _params(child), node=child)
                code.add(child)
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                source = "".join(lines[first - 1 : child.end_lineno or child.lineno])
                # ASCII words are exact identifiers; otherwise (NFKC-normalised identifiers,
                # letters _WORD does not know) the function is always walked.
                code.words = set(_WORD.findall(source)) if source.isascii() else None
                funcs.append(code)
                for outer in (*child.decorator_list, *child.args.defaults, *child.args.kw_defaults):
                    if outer is not None:
                        outside.add(outer)
            elif isinstance(child, ast.ClassDef):
                for outer in (*child.bases, *child.keywords, *child.decorator_list):
                    outside.add(outer)
                collect(child, child.name)
            elif _has_def(child):
                collect(child, cls)  # a compound statement holding defs: descend
            else:
                outside.add(child)  # everything else outside functions is kept and scanned

    collect(tree, None)
    mod = _Module()
    while True:
        before = (len(mod.attrs), len(mod.globals), len(mod.called))
        module_names: set[str] = set()
        mod.scan(outside, module_names)
        mod.globals |= module_names
        grew = mod.step(funcs)
        if not grew and (len(mod.attrs), len(mod.globals), len(mod.called)) == before:
            break
    guard = _Kvg003Guard(text, tree) if "KVG003" in codes else None
    if not mod.scan(outside, set()):
        swa_classes = _swa_class_words(tree, text)
        if not any(_may_anchor(f, mod, codes, swa_classes, guard) for f in funcs if f.relevant):
            return True, None
    if guard is not None and any(guard.needs_whole_module(f, mod) for f in funcs if f.relevant and f.node is not None):
        # KVG003 read a cached flag whose stores blanking may hide: lint the whole module
        return False, None
    blanked = False
    drop: set[int] = set()
    for f in funcs:
        if f.relevant:
            continue
        node = f.node
        body_first, last = node.body[0].lineno, node.end_lineno or node.lineno
        if body_first <= node.lineno:
            continue  # body on the def line: leave it
        first_line = lines[body_first - 1]
        indent = first_line[: len(first_line) - len(first_line.lstrip(" \t"))]
        if not indent:
            continue
        ending = first_line[len(first_line.rstrip("\r\n")) :] or "\n"
        lines[body_first - 1] = indent + "pass" + ending
        drop.update(range(body_first + 1, last + 1))
        blanked = True
    if not blanked:
        return False, None
    # Only "can this module have a finding?" is asked of the reduced text (positions come from
    # the full parse), so the blanked lines are dropped, not kept empty: less to tokenize.
    return False, "".join(line for n, line in enumerate(lines, 1) if n not in drop)


class _Everything:
    """Stands for "every name may denote an SWA allocator class" (see _clean_by_outline)."""

    def __contains__(self, name: object) -> bool:
        return True


_IDENT_CHAR = re.compile(r"\w")


def _occurrences(text: str, words):
    """Offsets where one of ``words`` occurs as a whole word (in code, strings or comments)."""
    for word in words:
        at = text.find(word)
        while at >= 0:
            end = at + len(word)
            if not (at and _IDENT_CHAR.match(text, at - 1)) and not _IDENT_CHAR.match(text, end):
                yield at
            at = text.find(word, end)


def _clean_by_outline(text: str, codes) -> bool:
    """The same proof as :func:`reduce_for`, parsing only the functions it needs.

    The outline (outline.py) gives every top-level function and method without a parse. A
    function can only take part when a carrier word occurs in its text or it is called with a
    carrying argument, so only those are parsed, as the fixed point discovers them. Anything
    the outline cannot vouch for, any carrier word in code outside functions (module code, class
    bodies, decorators, defaults: the full pass pools those), or an anchor that may be reached
    answers False and leaves the decision to the full pass. SWA allocator classes are not
    resolved through aliases here: when any SWA-allocator-looking name occurs, every name counts
    as one.
    """
    from .outline import outline

    ol = outline(text)
    if ol is None:
        return False
    chunks = ol.chunks
    by_name: dict[str, list[int]] = {}
    for i, c in enumerate(chunks):
        by_name.setdefault(c.name, []).append(i)
        if c.name == "__init__" and c.cls is not None:
            by_name.setdefault(c.cls, []).append(i)
    loaded: dict[int, _Code] = {}

    def load(i: int) -> bool:
        if i in loaded:
            return True
        chunk = chunks[i]
        try:
            tree = ast.parse(ol.source(chunk))
        except _PARSE_ERRORS:
            return False
        body = tree.body[0].body if chunk.indent and isinstance(tree.body[0], ast.If) else tree.body
        if len(tree.body) != 1 or len(body) != 1:
            return False
        node = body[0]
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != chunk.name:
            return False
        code = _Code(node.name, chunk.cls if node.name == "__init__" else None, _params(node), node=node)
        code.add(node)
        loaded[i] = code
        return True

    mod = _Module()
    searched: set[str] = set()
    followed: set[str] = set()
    while True:
        grew = False
        words = mod.attrs - searched
        if words:
            searched |= words
            for at in _occurrences(text, words):
                i = ol.chunk_at(at)
                if i is None:
                    if ol.in_comment(at):
                        continue
                    return False  # code outside functions mentions a carrier
                if i not in loaded:
                    if not load(i):
                        return False
                    grew = True
        for name in mod.called - followed:
            followed.add(name)
            for i in by_name.get(name, ()):
                if i not in loaded:
                    if not load(i):
                        return False
                    grew = True
        if not mod.step(loaded.values()) and not grew:
            if not mod.attrs - searched and not mod.called - followed:
                break
    for f in loaded.values():
        outer = _Code()
        args = f.node.args
        for e in (*f.node.decorator_list, *args.defaults, *args.kw_defaults):
            if e is not None:
                outer.add(e)
        if mod.scan(outer, set()):
            return False  # evaluated outside the function: the full pass pools it with module code
    swa_classes = _Everything() if mentions_swa_allocator_name(text) else set()
    guard = _Kvg003Guard(text, None) if "KVG003" in codes else None
    return not any(_may_anchor(f, mod, codes, swa_classes, guard) for f in loaded.values() if f.relevant)


# What each rule's finding is anchored on, as words of the function's source (over-approximated).
ANCHORED_CODES = frozenset({"KVG001", "KVG002", "KVG003"})


def _may_anchor(f: _Code, mod: _Module, codes, swa_classes: set[str], guard=None) -> bool:
    """Can a finding of ``codes`` sit in ``f``? Over-approximates each rule's anchor with an
    operand that may carry the allocator (KVG004 is never reduced)."""
    f._flatten()
    names = f.carriers

    def carries(e) -> bool:
        return mod.carries(e, names)

    def mentions_swa_class(e) -> bool:
        for n in ast.walk(e):
            name = getattr(n, "id", getattr(n, "attr", None))
            if isinstance(name, str) and (name in swa_classes or is_swa_allocator_class_name(name)):
                return True
        return False

    if "KVG002" in codes:
        if any(carries(a.value) for a in f.swa_members):
            return True
    for call in f.calls:
        func = call.func
        name = func.id if isinstance(func, ast.Name) else None
        args = call.args
        if "KVG001" in codes and name in ("isinstance", "issubclass") and len(args) == 2:
            if (name == "issubclass" or carries(args[0])) and mentions_swa_class(args[1]):
                return True  # (issubclass(type(a), C): not worth narrowing further)
        if "KVG001" in codes and name == "hasattr" and len(args) == 2 and carries(args[0]):
            if isinstance(args[1], ast.Constant) and is_swa_member_name(str(args[1].value)):
                return True
        if name == "getattr" and len(args) >= 2 and carries(args[0]):
            member = args[1].value if isinstance(args[1], ast.Constant) else None
            if "KVG002" in codes and member in SWA_TRANSLATE_MEMBERS:
                return True
        if "KVG003" in codes and not call.args:
            if isinstance(func, ast.Attribute) and func.attr == "get_kvcache" and carries(func.value):
                if guard is None or guard.unsafe(f, mod):
                    return True
            if isinstance(func, ast.Call) and any(
                isinstance(a, ast.Constant) and a.value == "get_kvcache" for a in func.args
            ):
                return True
    if "KVG003" in codes and _bound_kvcache(f, mod):
        return True  # a bound get_kvcache, called through a local (guards): parse it
    if "KVG001" in codes:
        for cmp in f.compares:
            if any(
                isinstance(n, ast.Attribute) and n.attr == "__class__"
                or isinstance(n, ast.Call) and getattr(n.func, "id", None) == "type"
                for n in ast.walk(cmp)
            ) and mentions_swa_class(cmp):
                return True
    return bool(set(codes) - ANCHORED_CODES)


class _Kvg003Guard:
    """KVG003's own guard test (:class:`lint_rules.pathcond.ReductionGuard`, the module the rule
    uses) with this reduction's kvcache sources: every ``x.get_kvcache()`` whose receiver *may*
    carry the allocator (a superset of the rule's). Fewer facts (``tree=None``, the outline
    proof), a stricter SWA class test and more sources only make a use look less safe."""

    def __init__(self, text: str, tree: Optional[ast.Module]) -> None:
        from .pathcond import ReductionGuard

        self._guard = ReductionGuard(text, tree)

    @staticmethod
    def _source(f: "_Code", mod: "_Module"):
        def is_kvcache_call(call: ast.Call) -> bool:
            func = call.func
            return (
                isinstance(func, ast.Attribute)
                and func.attr == "get_kvcache"
                and not call.args
                and not call.keywords
                and mod.carries(func.value, f.carriers)
            )

        return is_kvcache_call

    def needs_whole_module(self, f: "_Code", mod: "_Module") -> bool:
        """A bound ``get_kvcache``, or an unsafe use whose verdict read ``self.<flag>`` stores:
        blanking other functions could hide some of those stores from the rule, so do not lint
        a reduced text."""
        if _bound_kvcache(f, mod):
            return True
        return self.unsafe(f, mod) and self._guard.read_flag_stores(f.node, self._source(f, mod))

    def unsafe(self, f: "_Code", mod: "_Module") -> bool:
        """Some kvcache value of ``f`` may be used on a path the guards do not cover."""
        return not self._guard.guarded(f.node, self._source(f, mod))


def _bound_kvcache(f: _Code, mod: _Module) -> bool:
    """``x.get_kvcache`` not called right there, on a receiver that may carry the allocator."""
    if f.node is None or (f.words is not None and "get_kvcache" not in f.words):
        return False
    f._flatten()
    called = {id(c.func) for c in f.calls}
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == "get_kvcache"
        and id(node) not in called
        and mod.carries(node.value, f.carriers)
        for node in ast.walk(f.node)
    )


def _swa_class_words(tree: ast.AST, text: str) -> set[str]:
    """Every name that may denote an SWA allocator class: names that look like one, and names
    bound to one (``import ... as``, module-level assignments, in-module subclasses), iterated."""
    words = _WORD.findall(text) if text.isascii() else _UNICODE_WORD.findall(unicodedata.normalize("NFKC", text))
    names = {w for w in set(words) if is_swa_allocator_class_name(w)}
    if not names:
        return names  # nothing looks like one, so nothing can be bound to one
    defs: list[tuple[str, set[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.asname:
                    defs.append((alias.asname, {alias.name.rsplit(".", 1)[-1]}))
        elif isinstance(node, ast.ClassDef):
            defs.append((node.name, {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}))
    for stmt in ast.iter_child_nodes(tree):
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            words = {getattr(n, "id", getattr(n, "attr", "")) for n in ast.walk(stmt.value)}
            defs.extend((t.id, words) for t in targets if isinstance(t, ast.Name))
    changed = True
    while changed:
        changed = False
        for name, words in defs:
            if name not in names and words & names:
                names.add(name)
                changed = True
    return names


def _has_def(node: ast.AST) -> bool:
    return any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for n in ast.walk(node))
