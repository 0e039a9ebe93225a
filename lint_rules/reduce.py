"""Skip the libcst parse: prove with the stdlib ``ast`` that a module has no finding.

libcst parses at a few µs per character; most modules that pass the byte prefilter never put
the allocator where a rule's finding sits. Each rule declares its *reduction anchors* in its
registry entry (``RuleMeta.anchors``; a rule without anchors is not reducible and the engine
always parses): what its finding sits on, in terms of the allocator-flow model
(:mod:`lint_rules.flow`, the one model of "may hold the allocator"); the forms of each anchor
are declared in :mod:`lint_rules.sinks`:

* ``swa-class-test``: ``isinstance``/``issubclass``/``type(x) is``/``x.__class__ ==`` against a
  name that may denote an SWA allocator class (whatever the tested value);
* ``swa-member-probe``: ``hasattr(x, "<SWA-only member>")`` with ``x`` holding the allocator;
* ``allocator-member:<names>``: ``x.<name>`` or ``getattr(x, "<name>")`` on the allocator;
* ``allocator-call:<name>``: a call of the allocator's member ``<name>``, however it is held
  (``alloc.get_kvcache()``, ``getattr(alloc, "get_kvcache", None)`` bound and called later),
  unless the enclosing function follows sglang >= 0.5.13's two guards first (KVG003's test).

Two proofs, both sound (tests compare them with the full analysis on real trees and generated
code):

1. **Whole module** (:func:`reduce_for`): ``ast.parse``, the flow model, then every anchor is
   looked for with the model's values. No anchor: the module is clean and libcst is never
   imported for it. This is the same model the libcst analysis asks, so the proof is exact up
   to the anchors' over-approximation (scope and most of KVG003's guards are not checked).
2. **Outline** (:func:`_clean_by_outline`): the same question without parsing the module. A
   lexical outline (outline.py) gives every top-level function; a word-level over-approximation
   of the flow model (an expression *may carry* the allocator when it is an attribute named like
   a carrier on any receiver, any attribute, subscript or call of a carrier, a name that may
   carry, a call with a carrying argument, a container or conditional with a carrying part,
   ``getattr`` by a non-constant name once a carrier word is a string of the code; a function whose return may carry makes its name a carrier; parameters of functions called
   with a carrying argument carry) is run to a fixed point, parsing only the functions the
   carrier words occur in. Whatever it cannot follow by words answers "not proven" and leaves
   the decision to the whole-module proof: a carrier word in code outside functions, an SWA
   allocator class name or an allocator-class annotation outside comments, a carrying call of
   something that is not a function of the module by that (never rebound) name, anything the
   outline does not model.

The reduced text of earlier versions (irrelevant bodies blanked) is gone: with returns,
properties and records in the model nearly every method may contribute, and when an anchor is
found the full parse follows anyway.
"""

from __future__ import annotations

import ast
import functools
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Optional

from .astwalk import walked
from .flow import (
    ALLOC,
    DEFAULT_ROOTS,
    Flow,
    annotation_names_allocator,
    member_names,
    statements,
    walk,
)
from .lexical import IDENT_CHAR as _IDENT_CHAR
from .lexical import search_words as _search_words
from .names import (
    ATTRIBUTE_STORE_CALLS,
    CONTAINER_FILLS,
    CONTAINER_READS,
    ITERATING_CALLS,
    KVCACHE_FIELDS,
    close_over,
    is_allocator_class_name,
    is_swa_allocator_class_name,
    swa_allocator_name_offsets,
)
from .sinks import (
    ALLOCATOR_CALL,
    ALLOCATOR_MEMBER,
    CLASS_DECISION_CALLS,
    SWA_CLASS_TEST,
    SWA_TYPE_DECISION,
    TYPE_OF_CALLS,
    is_class_test,
    kinds_match,
    kvcache_fields,
    node_table,
    sink_of,
    sink_types,
    sits,
)

_PARSE_ERRORS = (SyntaxError, ValueError, RecursionError, MemoryError)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_UNICODE_WORD = re.compile(r"\w+")
_ALLOCATOR_CLASS_WORD = re.compile(r"\w*Allocator\w*")  # (found by _allocator_class_words)
# Calls whose result holds their arguments (flow.py: containers, partial).
_WRAPPING_CALLS = frozenset(
    {"dict", "partial", "deque", "reduce"}
    # the builtins giving what they iterate, or an element of it (flow.Flow._iterating)
    | ITERATING_CALLS
    # weak references: calling one (or reading through a proxy) gives its referent
    | {"ref", "proxy"}
)
_RECORD_HINT = re.compile(r"dataclass|NamedTuple|namedtuple|attrs|pydantic")
# Calls that never move a value into a parameter, a store or a result the model follows.
_HARMLESS_CALLS = frozenset(
    {
        "isinstance",
        "issubclass",
        "hasattr",
        "getattr",
        "type",
        "id",
        "len",
        "print",
        "repr",
        "str",
        "bool",
        "callable",
        "int",
        "float",
        "format",
    }
)


def roots_of(scope) -> tuple[str, ...]:
    return tuple(getattr(scope, "allocator_attributes", None) or DEFAULT_ROOTS)


def anchors_of(codes) -> Optional[frozenset]:
    """The union of the selected rules' reduction anchors; None when one is not reducible."""
    from .registry import RULES

    out: set = set()
    for code in codes:
        anchors = RULES[code].anchors if code in RULES else None
        if not anchors:
            return None
        out.update(anchors)
    return frozenset(out)


@dataclass(eq=False, slots=True)
class _Code:
    """A function (with its nested functions), or code outside functions, flattened once."""

    name: str = ""
    inits_of: Optional[str] = None  # class name when this is its __init__
    params: set[str] = field(default_factory=set)
    annotated: set[str] = field(default_factory=set)  # params annotated with an allocator class
    defnames: set[str] = field(default_factory=set)  # its own name and nested defs' names
    all_params: set[str] = field(default_factory=set)  # parameters of it and nested functions
    returns_alloc_annotation: bool = False
    assigns: list = field(default_factory=list)  # (targets, value)
    ann_targets: list = field(default_factory=list)  # targets annotated with an allocator class
    returns: list = field(default_factory=list)  # returned / yielded expressions
    calls: list = field(default_factory=list)  # ast.Call
    attrs_used: set[str] = field(default_factory=set)
    names_used: set[str] = field(default_factory=set)
    strings: set[str] = field(default_factory=set)  # string constants
    carriers: set[str] = field(default_factory=set)  # names that may carry the allocator
    relevant: bool = False
    node: Optional[ast.AST] = None
    words: Optional[set[str]] = None
    _pending: list = field(default_factory=list)

    def add(self, root: ast.AST) -> None:
        self._pending.append(root)

    def _flatten(self) -> None:
        for root in self._pending:
            self._walk(root)
        self._pending.clear()

    def _walk(self, root: ast.AST) -> None:
        for node in walk(root):
            kind = type(node)
            if kind is ast.Attribute:
                self.attrs_used.add(node.attr)
            elif kind is ast.Name:
                self.names_used.add(node.id)
            elif kind is ast.Constant:
                if isinstance(node.value, str):
                    self.strings.add(node.value)
                    if "." in node.value:  # a dotted ``attrgetter("a.b")`` reads a, then b
                        self.strings.update(node.value.split("."))
            elif kind is ast.Call:
                self.calls.append(node)
            elif kind is ast.Assign:
                self.assigns.append((node.targets, node.value))
            elif kind in (ast.AugAssign, ast.NamedExpr):
                self.assigns.append(([node.target], node.value))
            elif kind is ast.AnnAssign:
                if node.value is not None:
                    self.assigns.append(([node.target], node.value))
                if annotation_names_allocator(node.annotation):
                    self.ann_targets.append(node.target)
            elif kind in (ast.For, ast.AsyncFor, ast.comprehension):
                self.assigns.append(([node.target], node.iter))
            elif kind is ast.withitem and node.optional_vars is not None:
                self.assigns.append(([node.optional_vars], node.context_expr))
            elif kind is ast.Match:  # a capture holds the subject or a part of it
                for case in node.cases:
                    self._captures(case.pattern, node.subject)
            elif kind in (ast.Return, ast.Yield, ast.YieldFrom):
                if node.value is not None:
                    self.returns.append(node.value)
            elif kind is ast.Lambda:
                self.all_params |= _params(node)
                self._defaults(node.args)
            elif kind in (ast.FunctionDef, ast.AsyncFunctionDef):
                self.defnames.add(node.name)
                self.all_params |= _params(node)
                self._defaults(node.args)
                args = node.args
                for p in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                    if annotation_names_allocator(p.annotation):
                        self.annotated.add(p.arg)
                if annotation_names_allocator(node.returns):
                    self.returns_alloc_annotation = True

    def _captures(self, pattern: ast.AST, value: ast.expr) -> None:
        """Stores into the names ``pattern`` captures from ``value``: the value itself, or
        ``value.attr`` for a class pattern's ``attr=`` (its other parts: the value)."""
        if isinstance(pattern, ast.MatchClass):
            self.attrs_used.update(pattern.kwd_attrs)
            for attr, p in zip(pattern.kwd_attrs, pattern.kwd_patterns):
                self._captures(p, ast.Attribute(value=value, attr=attr, ctx=ast.Load()))
            for p in pattern.patterns:
                self._captures(p, value)
            return
        name = getattr(pattern, "name", None) or getattr(pattern, "rest", None)
        if isinstance(name, str):
            self.assigns.append(([ast.Name(id=name, ctx=ast.Store())], value))
        for child in ast.iter_child_nodes(pattern):
            if isinstance(child, ast.pattern):
                self._captures(child, value)

    def _defaults(self, args: ast.arguments) -> None:
        """A default value may be what its parameter holds: a store into the parameter."""
        positional = [*args.posonlyargs, *args.args][::-1]
        pairs = [*zip(positional, args.defaults[::-1]), *zip(args.kwonlyargs, args.kw_defaults)]
        for p, e in pairs:
            if e is not None:
                self.assigns.append(([ast.Name(id=p.arg, ctx=ast.Store())], e))


def _target_words(target: ast.AST, names: set[str], attrs: set[str]) -> None:
    """The words a store into ``target`` makes carriers: a name, an attribute name (any
    receiver), the container a subscript store writes into."""
    kind = type(target)
    if kind is ast.Name:
        names.add(target.id)
    elif kind is ast.Attribute:
        attrs.add(target.attr)
    elif kind is ast.Subscript:
        _target_words(target.value, names, attrs)
    elif kind in (ast.Tuple, ast.List):
        for elt in target.elts:
            _target_words(elt, names, attrs)
    elif kind is ast.Starred:
        _target_words(target.value, names, attrs)


class _Module:
    """The word-level over-approximation of the flow model (see the module docstring)."""

    def __init__(self, roots=DEFAULT_ROOTS, members=frozenset()) -> None:
        self.roots = frozenset(roots)
        # allocator members whose holding matters (a held one may be called later: anchors)
        self.members = frozenset(members)
        self.attrs: set[str] = set(self.roots)  # attribute words that may carry
        self.globals: set[str] = set()  # names that may carry anywhere (returners included)
        self.called: set[str] = set()  # functions called with a possibly-carrying argument
        self.call_funcs: list = []  # (code, call) carrying calls, for the outline's checks
        # a carrier word is a string of loaded code: ``getattr(x, name)`` may read a carrier
        self.named_strings = False

    def carries(self, e: Optional[ast.AST], names: set[str]) -> bool:
        kind = type(e)
        if kind is ast.Attribute:
            # a carrier attribute on any receiver; a member of the allocator that matters; a
            # container's read methods
            if e.attr in self.attrs:
                return True
            if e.attr in self.members or e.attr in CONTAINER_READS:
                return self.carries(e.value, names)
            return False
        if kind is ast.Name:
            return e.id in names or e.id in self.globals
        if kind is ast.Call:
            func = e.func
            if isinstance(func, ast.Name) and func.id == "getattr" and len(e.args) >= 2:
                name = e.args[1].value if isinstance(e.args[1], ast.Constant) else None
                if name in self.attrs:
                    return True
                if name in self.members and self.carries(e.args[0], names):
                    return True
                if not isinstance(e.args[1], ast.Constant) and self.named_strings:
                    return True  # the name may hold a carrier word (``for n in (...)``)
                return len(e.args) > 2 and self.carries(e.args[2], names)
            if _direct_member_call(func, self.members) and _terminal_word(func) not in self.attrs:
                return False  # calling the allocator's member gives its kvcache: not followed
            if self.carries(func, names):
                return True
            word = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if word == "attrgetter" and e.args and isinstance(e.args[0], ast.Constant):
                # ``attrgetter("token_to_kv_pool_allocator.m")``: called, it reads a carrier
                path = e.args[0].value
                return isinstance(path, str) and not self.attrs.isdisjoint(path.split("."))
            if word in _WRAPPING_CALLS or word.endswith("Namespace"):
                return any(self.carries(a, names) for a in e.args) or any(
                    self.carries(k.value, names) for k in e.keywords
                )
            return False
        if kind in (ast.Subscript, ast.Starred, ast.Await, ast.YieldFrom, ast.NamedExpr):
            return self.carries(e.value, names)
        if kind is ast.IfExp:
            return self.carries(e.body, names) or self.carries(e.orelse, names)
        if kind is ast.BoolOp:
            return any(self.carries(v, names) for v in e.values)
        if kind in (ast.Tuple, ast.List, ast.Set):
            return any(self.carries(x, names) for x in e.elts)
        if kind is ast.Dict:
            return any(self.carries(x, names) for x in (*e.keys, *e.values) if x is not None)
        if kind is ast.Lambda:
            return self.carries(e.body, names)
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp):
            return self.carries(e.elt, names) or any(
                self.carries(g.iter, names) for g in e.generators
            )
        if kind is ast.DictComp:
            return (
                self.carries(e.key, names)
                or self.carries(e.value, names)
                or any(self.carries(g.iter, names) for g in e.generators)
            )
        return False

    def step(self, funcs) -> bool:
        """One round of the fixed point over ``funcs``. True when anything grew."""
        before = (len(self.attrs), len(self.called), len(self.globals), self.named_strings)
        grew = False
        for f in funcs:
            if f.name in self.called or (f.inits_of is not None and f.inits_of in self.called):
                f.carriers |= f.params
            f.carriers |= f.params & (self.roots | f.annotated)
            if (self.scan(f, f.carriers) or f.carriers) and not f.relevant:
                f.relevant = grew = True
        after = (len(self.attrs), len(self.called), len(self.globals), self.named_strings)
        return grew or after != before

    def scan(self, code: _Code, names: set[str]) -> bool:
        """Grow ``names``/attrs/globals/called from ``code``; True when anything in it may carry."""
        if code.words is not None and not (
            code.words & self.attrs
            or code.words & names
            or code.words & self.globals
            or code.words & self.roots
        ):
            return False  # no word of its source is a carrier: nothing in it can be one
        code._flatten()
        hit = bool(
            code.names_used & (names | self.globals | self.roots)
            or code.attrs_used & self.attrs
            or code.strings & self.attrs
            or code.annotated
            or code.ann_targets
            or code.returns_alloc_annotation
        )
        if not hit:
            return False
        self.named_strings = self.named_strings or bool(code.strings & self.attrs)
        for target in code.ann_targets:
            _target_words(target, names, self.attrs)
        for targets, value in code.assigns:
            if self.carries(value, names) or _unpacks_root(targets, self.roots):
                for t in targets:
                    _target_words(t, names, self.attrs)
        if code.returns_alloc_annotation or any(self.carries(r, names) for r in code.returns):
            self.attrs |= code.defnames
            self.globals |= code.defnames
        for call in code.calls:
            args = [*call.args, *(k.value for k in call.keywords)]
            if not any(self.carries(a, names) for a in args):
                continue
            func = call.func
            word = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            self.called.add(word)
            self.call_funcs.append((code, call))
            if isinstance(func, ast.Attribute) and func.attr in CONTAINER_FILLS:
                _target_words(func.value, names, self.attrs)  # stores into its receiver
            for a in args:
                if isinstance(a, (ast.Name, ast.Attribute)):
                    self.called.add(a.id if isinstance(a, ast.Name) else a.attr)
                elif isinstance(a, ast.Lambda):  # ``map(lambda o: ..., items)``: it gets them
                    names |= _params(a)
            for k in call.keywords:
                if k.arg and self.carries(k.value, names):
                    self.attrs.add(k.arg)  # a record / namespace field holding it
        return True


def _terminal_word(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _direct_member_call(func: ast.AST, members) -> bool:
    """``x.<member>`` or ``getattr(x, "<member>"...)`` as the called expression."""
    if isinstance(func, ast.Attribute):
        return func.attr in members
    return (
        isinstance(func, ast.Call)
        and isinstance(func.func, ast.Name)
        and func.func.id == "getattr"
        and len(func.args) >= 2
        and isinstance(func.args[1], ast.Constant)
        and func.args[1].value in members
    )


def _unpacks_root(targets: list, roots) -> bool:
    return any(
        isinstance(t, (ast.Tuple, ast.List))
        and any(isinstance(e, ast.Name) and e.id in roots for e in t.elts)
        for t in targets
    )


def _params(fn: ast.AST) -> set[str]:
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return set(names)


def reduce_for(
    text: str, codes, use_outline: bool = True, scope=None, project=None, ctx=None
) -> tuple[bool, Optional[str]]:
    """``(clean, None)``: ``clean`` when no anchor of a selected rule can hold the allocator
    (no finding is possible: nothing needs parsing). The second item is kept for callers of
    the former reduced-text interface and is always None (parse the full text).

    ``use_outline`` first tries the proof that parses only the functions it needs
    (:func:`_clean_by_outline`); tests turn it off to compare the two. ``ctx``: the file's
    ``context.FileContext`` (its project index; the whole-module model is left in its
    ``model`` slot for the lint that follows)."""
    from .context import of

    ctx = of(ctx)
    anchors = anchors_of(codes)
    if not anchors:
        return False, None
    roots = roots_of(scope)
    gated = project is not None
    helpers: Optional[frozenset] = frozenset()  # carrying calls of these: not proven
    if not gated:
        gated = ctx.gated()
        if gated:
            # the index gives the module only helpers that may anchor a parameter: the
            # outline proof with their carrying calls refused (lint_rules.project)
            helpers = ctx.helpers_only()
    if use_outline and helpers is not None and _clean_by_outline(text, codes, roots, helpers):
        return True, None
    try:
        tree = ast.parse(text)
        if project is None and gated:
            project = ctx.view(None, tree, text)  # the index reads this ``ast``
        model = Flow.build(tree, roots, project)
        ctx.model = (text, roots, project, model)  # the lint that follows reuses it
        return not _anchored(tree, text, model, anchors, ctx), None
    except _PARSE_ERRORS:
        return False, None  # parse in full: the libcst pass reports or decides


def _anchored(tree: ast.AST, text: str, model: Flow, anchors: frozenset, ctx=None) -> bool:
    """Does some anchor of ``anchors`` sit on a value the model says may be the allocator?"""
    if model.cross:
        # a call handing the allocator to a helper of another module that tests or translates
        # it there (the project index): the finding sits on the call
        if any(kinds_match(kinds, anchors) for _, kinds, _ in model.cross.values()):
            return True
    if SWA_TYPE_DECISION in anchors and model.has_type():
        return True  # a value computed from the allocator's class: KVG001 decides where
    members, calls = _anchor_members(anchors)
    table = node_table(anchors)  # the sinks' forms by node type (lint_rules/sinks.py)
    swa_classes: Optional[set] = None

    def alloc(e) -> bool:
        values = model.values_of(e)
        # (an instance forwarding its missing members to the allocator's: any member read)
        return ALLOC in values or model.forwarded(values, None)

    def mentions_swa_class(e) -> bool:
        nonlocal swa_classes
        if swa_classes is None:
            swa_classes = _swa_class_words(tree, text)
        for n in walk(e):
            name = getattr(n, "id", getattr(n, "attr", None))
            if isinstance(name, str) and (name in swa_classes or is_swa_allocator_class_name(name)):
                return True
        return False

    member_calls: list = []  # (call, enclosing function, syntactic)
    stack: list = [(tree, None)]
    while stack:
        node, fn = stack.pop()
        kind = type(node)
        entries = table.get(kind)
        if entries is not None and sits(entries, node, alloc, mentions_swa_class):
            return True
        if calls and kind in (ast.Attribute, ast.Call) and kvcache_fields(node, alloc):
            return True  # a kvcache fetch by its field: not proven (its guard is not asked)
        if calls and kind is ast.Call and node.args and alloc(node.args[0]):
            if any(v[0] == "O" and v[2] in calls for v in model.values_of(node.func)):
                return True  # ``methodcaller("get_kvcache")(alloc)``: likewise
        if members and kind is ast.Call and member_names(model.values_of(node)) & members:
            if any(v[0] == "O" for v in model.values_of(node.func)):
                return True  # ``attrgetter("token_to_kv_pool_allocator.<member>")(runner)``
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef):
            fn = node
        elif kind is ast.Call:
            func = node.func
            args = node.args
            if calls and not args and not node.keywords:
                held = member_names(model.values_of(func)) & calls
                if held:
                    member_calls.append((node, fn))
        # source order (children pushed last-first): a file with a finding usually has its
        # first anchor early (a backend's ``__init__``), and the walk stops there
        stack.extend([(child, fn) for child in ast.iter_child_nodes(node)][::-1])
    # a member call is an anchor unless its function follows the two guards first (KVG003's
    # test, with held members counted as calls of it)
    if not member_calls:
        return False
    from .pathcond import ReductionGuard

    held_ids = frozenset(id(call) for call, _ in member_calls)
    guard = ReductionGuard(text, tree, ctx)
    return any(not _guarded_kvcache(fn, guard, held_ids) for _, fn in member_calls)


def _clean_by_outline(text: str, codes, roots=DEFAULT_ROOTS, refuse_calls=frozenset()) -> bool:
    """The proof of :func:`reduce_for` parsing only the functions it needs (see the module
    docstring for what answers "not proven"). ``refuse_calls``: names whose carrying call is
    not proven either (helpers of other modules that may anchor a parameter)."""
    from .outline import outline

    anchors = anchors_of(codes)
    if not anchors:
        return False
    ol = outline(text)
    if ol is None:
        return False
    chunks = ol.chunks
    by_name: dict[str, list[int]] = {}
    classes = {c.cls for c in chunks if c.cls}
    for i, c in enumerate(chunks):
        by_name.setdefault(c.name, []).append(i)
        if c.name == "__init__" and c.cls is not None:
            by_name.setdefault(c.cls, []).append(i)
    if "__getattr__" in by_name:
        return False  # an instance may forward what it lacks to the allocator (flow.forwarded)
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
        code = _Code(
            node.name, chunk.cls if node.name == "__init__" else None, _params(node), node=node
        )
        code.add(node)
        loaded[i] = code
        return True

    def in_code_outside(at: int) -> bool:
        return ol.chunk_at(at) is None and not ol.in_comment(at)

    # Words whose meaning the word-level model cannot follow outside functions: SWA allocator
    # class names (class tests count whatever the tested value) and allocator-class annotations.
    swa_chunks: set[int] = set()  # functions naming an SWA allocator class
    if SWA_CLASS_TEST in anchors:
        for at in swa_allocator_name_offsets(text):
            if ol.in_comment(at):
                continue
            i = ol.chunk_at(at)
            if i is None or not load(i):
                return False  # an import or alias outside functions may be used anywhere
            swa_chunks.add(i)
    for start, word in _allocator_class_words(text):
        if not is_allocator_class_name(word):
            continue
        if in_code_outside(start):
            return False
        i = ol.chunk_at(start)
        if i is not None and not load(i):
            return False

    mod = _Module(roots, _call_members(anchors))
    searched: set[str] = set()
    followed: set[str] = set()
    while True:
        grew = False
        words = (mod.attrs | mod.globals) - searched
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
            if not (mod.attrs | mod.globals) - searched and not mod.called - followed:
                break
    for f in loaded.values():
        outer = _Code()
        args = f.node.args
        for e in (*f.node.decorator_list, *args.defaults, *args.kw_defaults):
            if e is not None:
                outer.add(e)
        if mod.scan(outer, set()):
            return False  # evaluated outside the function: the whole-module proof decides
    # A carrying call must reach the parameters the word model marked. The flow model moves
    # arguments into the functions of the module (by name: marked above), into nothing for
    # names it cannot resolve (imports, builtins), and through values held in names or
    # attributes (a bound method in a name, a partial, a callback parameter, setattr): those
    # are what the words cannot follow.
    for code, call in mod.call_funcs:
        func = call.func
        word = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if word in refuse_calls:
            return False  # may hand the allocator to another module's anchor
        if isinstance(func, ast.Name) and word in _HARMLESS_CALLS:
            continue
        if (
            word == "partial"
            or word in ATTRIBUTE_STORE_CALLS
            or word in code.all_params
            or _rebound(text, word)
        ):
            return False
        if word not in by_name and _search_words(rf"class\s+{re.escape(word)}\b", text):
            return False  # a class of the module without its own __init__ (inherited, record)
        if word in classes and _RECORD_HINT.search(text):
            return False  # a record class: positional fields become attributes
        if not isinstance(func, (ast.Name, ast.Attribute)):
            return False  # a call of a call, a subscript, ...
        if word not in by_name and isinstance(func, ast.Attribute) and _hands_out(text):
            root = func.value
            while isinstance(root, (ast.Attribute, ast.Subscript)):
                root = root.value
            if not isinstance(root, ast.Name) or (
                root.id in ("self", "cls") or root.id in code.all_params or _rebound(text, root.id)
            ):
                return False  # a function held in data: a handed-out one (flow._handed_out)
    held = {w for w in _call_members(anchors) if _held_member(text, w)}
    if any(_class_test(loaded[i].node) for i in swa_chunks):
        return False  # a class test in a function that names an SWA allocator class
    guard: list = []  # KVG003's guard for this text, made once (it memoises per function)

    def outline_guard():
        if not guard:
            guard.append(_outline_guard(text))
        return guard[0]

    return not any(
        _may_anchor(f, mod, anchors, held, text, outline_guard)
        for f in loaded.values()
        if f.relevant
    )


def _class_test(fn: ast.AST) -> bool:
    """Any node of ``fn`` that is a form of the SWA class test (lint_rules/sinks.py), whatever
    the class it names."""
    types = sink_types(SWA_CLASS_TEST)
    return any(type(n) in types and is_class_test(n) for n in walk(fn))


def _anchor_members(anchors) -> tuple[set[str], set[str]]:
    """The allocator members the anchors name: (read as attributes, called with no argument)."""
    members: set[str] = set()
    calls: set[str] = set()
    for a in anchors:
        kind, args = sink_of(a)
        if kind == ALLOCATOR_MEMBER:
            members.update(args)
        elif kind == ALLOCATOR_CALL:
            calls.update(args)
    return members, calls


def _never(_) -> bool:
    return False


def _call_members(anchors) -> set[str]:
    return _anchor_members(anchors)[1]


def _held_member(text: str, word: str) -> bool:
    """Does ``word`` occur other than as a direct call ``.word()`` (so the member may be held
    in a name, attribute or container and called later)?"""
    # ``\bword\b`` occurrences that are not ``\.word\s*\(`` (each of those is one of them),
    # found with str.find: a regular expression starting with ``\b`` scans every position
    for at in _occurrences(text, (word,)):
        if at and text[at - 1] == ".":
            end = at + len(word)
            while end < len(text) and text[end].isspace():
                end += 1
            if end < len(text) and text[end] == "(":
                continue
        return True
    return False


@functools.lru_cache(maxsize=2)
def _hands_out(text: str) -> bool:
    """May the module hand a function of its own out as a value (``flow.Flow._handed_out``):
    a ``lambda``, a name a ``def`` binds occurring other than as ``def name`` or ``name(``, or
    a decorator naming one?"""
    if next(_occurrences(text, ("lambda",)), None) is not None:
        return True
    names = set(re.findall(r"\bdef\s+([A-Za-z_]\w*)", text))
    for at in _occurrences(text, names):
        before = text[max(0, at - 8) : at].rstrip()
        end = at
        while end < len(text) and _IDENT_CHAR.match(text, end):
            end += 1
        rest = text[end : end + 80].lstrip()
        if before.endswith("def") and rest.startswith("("):
            continue
        if rest.startswith("(") and not before.endswith("@"):
            continue
        return True
    return False


def _rebound(text: str, word: str) -> bool:
    """Could ``word`` hold a value the module put there (assigned, annotated, a loop, with or
    except target, a lambda or def parameter, ``global``)? Imports are not: the flow model
    cannot resolve them either."""
    w = re.escape(word)
    return any(
        _search_words(branch, text, re.M)
        for branch in (
            rf"{w}\s*(?:=[^=]|:[^\n]*=[^=]|:=)",
            rf"as\s+{w}\b(?!\s*(?:,|$|\)))",
            rf"for\s+[^\n]*\b{w}\b[^\n]*\bin\b",
            rf"lambda\b[^:\n]*\b{w}\b",
            rf"global\b[^\n]*\b{w}\b",
        )
    )


def _allocator_class_words(text: str):
    r"""``(start, word)`` for each match of ``\w*Allocator\w*`` (``finditer``): the maximal
    runs of word characters holding ``Allocator``, found from its occurrences."""
    at = text.find("Allocator")
    n = len(text)
    while at >= 0:
        start = at
        while start and _IDENT_CHAR.match(text, start - 1):
            start -= 1
        end = at + 9
        while end < n and _IDENT_CHAR.match(text, end):
            end += 1
        yield start, text[start:end]
        at = text.find("Allocator", end)


def _may_anchor(
    f: _Code, mod: _Module, anchors: frozenset, held: set[str], text: str, guard=None
) -> bool:
    """Can an anchor sit in ``f`` (word-level over-approximation)? ``guard``: gives the
    module's :func:`_outline_guard` (one per text: it memoises its answer per function)."""
    f._flatten()
    names = f.carriers
    members, calls = _anchor_members(anchors)

    def carries(e) -> bool:
        return mod.carries(e, names)

    # the sinks' forms by node type, the class test's aside (lint_rules/sinks.py; the outline
    # proof decides class tests by the SWA class names first)
    table = node_table(a for a in anchors if a != SWA_CLASS_TEST)
    # the nodes ``walked(f.node)`` gives that can answer yes: its calls (``f.calls``, in
    # walk order), and every node only when an attribute is named like a member or a form
    # sits on other nodes
    other = set(table) - {ast.Call, ast.Attribute}
    if SWA_TYPE_DECISION in anchors and _class_of_carrier(f, carries, "singledispatch" in text):
        return True  # the flow model's TYPE value starts here (and only at such a source)
    # the field read as an attribute, or by its name as a string (``getattr(x, "_kvcache")``)
    fields = calls and (
        not f.attrs_used.isdisjoint(KVCACHE_FIELDS)
        or any(q + w + q in text for w in KVCACHE_FIELDS for q in "'\"")
    )
    getters = calls and "methodcaller" in text
    nodes = walk(f.node) if f.attrs_used & members or other or fields else f.calls
    for node in nodes:
        kind = type(node)
        entries = table.get(kind)
        if entries is not None and sits(entries, node, carries, _never):
            return True
        if fields and kvcache_fields(node, carries):
            return True  # a kvcache fetch by its field: not proven (its guard is not asked)
        if kind is not ast.Call:
            continue
        if getters and node.args and carries(node.args[0]):
            return True  # maybe ``methodcaller("get_kvcache")`` held somewhere: likewise
        func = node.func
        args = node.args
        if calls and not args and not node.keywords:
            syntactic = isinstance(func, ast.Attribute) and func.attr in calls
            if (
                syntactic
                and carries(func.value)
                and not _guarded_kvcache(f.node, guard() if guard else _outline_guard(text))
            ):
                return True
            if held and not syntactic and carries(func):
                return True  # a member held somewhere may be what is called here
    return False


_CLASS_OF = (*TYPE_OF_CALLS, *CLASS_DECISION_CALLS)


def _class_of_carrier(f: "_Code", carries, dispatch: bool = False) -> bool:
    """Does ``f`` hold a source of the flow model's ``TYPE`` (``type(a)``, ``repr(a)``,
    ``a.__class__``, ``isinstance(a, ...)``, ``issubclass(a, ...)``: the sinks' words) on a
    value that may carry the allocator?
    ``dispatch``: the module defines ``singledispatch`` functions, so any call on such a
    value may dispatch on its class."""
    for node in f.calls:
        func = node.func
        if node.args and (dispatch or (isinstance(func, ast.Name) and func.id in _CLASS_OF)):
            if carries(node.args[0]):
                return True
        name = getattr(func, "id", getattr(func, "attr", None))
        if name == "partial" and len(node.args) > 1:
            head = node.args[0]  # ``partial(isinstance, alloc)``
            if isinstance(head, ast.Name) and head.id in _CLASS_OF and carries(node.args[1]):
                return True
    if "__class__" in f.attrs_used:
        for node in walk(f.node):
            if isinstance(node, ast.Attribute) and node.attr == "__class__":
                if carries(node.value):
                    return True
    return False


def _outline_guard(text: str):
    """KVG003's guard for the outline proof: no whole-module parse, so same-module helpers and
    cached flags are unknown (each only makes a use look less safe)."""
    from .pathcond import ReductionGuard

    return ReductionGuard(text, None)


def _occurrences(text: str, words):
    """Offsets where one of ``words`` occurs as a whole word (in code, strings or comments)."""
    for word in words:
        at = text.find(word)
        while at >= 0:
            end = at + len(word)
            if not (at and _IDENT_CHAR.match(text, at - 1)) and not _IDENT_CHAR.match(text, end):
                yield at
            at = text.find(word, end)


def _guarded_kvcache(fn: Optional[ast.AST], guard, held: frozenset = frozenset()) -> bool:
    """Every kvcache value of ``fn`` is used only where KVG003's path condition holds, asked of
    the module the rule uses (``pathcond.ReductionGuard``). Sources here are every
    zero-argument ``get_kvcache`` call whatever its receiver, plus the calls of members the flow
    model says may be held (``held``): a superset of the rule's, so "guarded" here implies
    "guarded" in the rule."""

    def is_kvcache_call(call: ast.Call) -> bool:
        if call.args or call.keywords:
            return False
        func = call.func
        if id(call) in held:
            return True
        if isinstance(func, ast.Attribute) and func.attr == "get_kvcache":
            return True
        return isinstance(func, ast.Call) and any(
            isinstance(a, ast.Constant) and a.value == "get_kvcache" for a in func.args
        )

    return guard.guarded(fn, is_kvcache_call)


def _swa_class_words(tree: ast.AST, text: str) -> set[str]:
    """Every name that may denote an SWA allocator class: names that look like one, and names
    bound to one (``import ... as``, module-level assignments, in-module subclasses, loop
    variables over them), iterated."""
    words = (
        _WORD.findall(text)
        if text.isascii()
        else _UNICODE_WORD.findall(unicodedata.normalize("NFKC", text))
    )
    names = {w for w in set(words) if is_swa_allocator_class_name(w)}
    if not names:
        return names  # nothing looks like one, so nothing can be bound to one
    defs: list[tuple[str, set[str]]] = []
    for node in statements(tree):  # imports and classes are statements
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.asname:
                    defs.append((alias.asname, {alias.name.rsplit(".", 1)[-1]}))
        elif isinstance(node, ast.ClassDef):
            defs.append((node.name, {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}))
    for stmt in ast.iter_child_nodes(tree):
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            words = {getattr(n, "id", getattr(n, "attr", "")) for n in walked(stmt.value)}
            defs.extend((t.id, words) for t in targets if isinstance(t, ast.Name))
    for node in walked(tree):  # a loop variable over classes (``for kind in KINDS:``)
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            if isinstance(node.target, ast.Name):
                words = {getattr(n, "id", getattr(n, "attr", "")) for n in walked(node.iter)}
                defs.append((node.target.id, words))
    close_over(names, defs)
    return names
