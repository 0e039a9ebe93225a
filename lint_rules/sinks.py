"""The sinks: what a finding sits on, each declared once (no libcst import).

A sink is one kind of anchor (``RuleMeta.anchors``): an SWA class test, an SWA member probe,
an allocator member read, a kvcache fetch. Each is a list of *forms*; a form gives its stdlib
``ast`` predicate (:attr:`Form.match`), the words one of which its source always holds (the
byte needles and word forms the fast paths search for) and its libcst twin
(:attr:`Form.cst_type` and :attr:`Form.cst_match`), which the rules' dispatch replays into
``Rule.on_form`` of each rule whose anchors name the sink (KVG001: the class test and the
probe; KVG002: the member reads). The ``ast`` side may over-approximate its twin (the fast
paths only need "may match"; tests/lint/test_containment.py checks it); the twin decides.

The fast paths read their words from here: the registry's needles (``ANCHOR_WORDS``), the
outline proof and the whole-module proof (reduce.py), the reduced module's class-test rows
(sparse.py) and the project index's anchor checks (project.py). Teaching a rule a new form
is one :func:`add_form` (or one entry below).
"""

from __future__ import annotations

import ast
from typing import Callable, Iterable, Optional

from .astwalk import per_node, walked
from .names import (
    CLASS_DECISION_CALLS,
    KVCACHE_CALL,
    KVCACHE_FIELDS,
    SWA_TRANSLATE_MEMBERS,
    TYPE_OF_CALLS,
    is_swa_member_name,
)

SWA_CLASS_TEST = "swa-class-test"
SWA_MEMBER_PROBE = "swa-member-probe"
ALLOCATOR_MEMBER = "allocator-member"  # anchor "allocator-member:<name>,<name>"
ALLOCATOR_CALL = "allocator-call"  # anchor "allocator-call:<name>"
# A decision carrying the allocator's class however it is spelled (the flow model's ``TYPE``
# value: ``type(a).__name__.startswith("SWA")``, a dict keyed by ``type(a)``, ...). It has no
# node-level form: the flow model says where the class is held, KVG001 which decisions on it
# report; the fast paths ask whether the model (``Flow.has_type``) or, word-level, a source of
# the value on a carrier (``reduce._class_of_carrier``) exists.
SWA_TYPE_DECISION = "swa-type-decision"

# A form's ``match(node)`` gives ``(subject, operand)`` pairs: for a class test the tested
# value (None: not one expression, e.g. a comparison of ``type(x)``) and the class expression;
# for a probe or a member read the receiver and the member name.
Match = Callable[[ast.AST], Iterable[tuple]]


class Form:
    """One way of writing a sink: ``ast`` node types and predicate, words, libcst twin."""

    __slots__ = ("name", "words", "node_types", "match", "cst_type", "cst_match")

    def __init__(
        self,
        name: str,
        words: tuple,
        node_types: tuple,
        match: Match,
        cst_type: Optional[str] = None,
        cst_match: Optional[Callable] = None,
    ) -> None:
        self.name = name
        self.words = tuple(words)  # one of them is in the source of every instance
        self.node_types = tuple(node_types)
        self.match = match
        # libcst node class name and its predicate (node -> (subject, operand) pairs); None:
        # no rule reports this form (the fast paths still count it)
        self.cst_type = cst_type
        self.cst_match = cst_match

    def __repr__(self) -> str:
        return f"Form({self.name!r})"


def _name(func: ast.AST) -> Optional[str]:
    return func.id if isinstance(func, ast.Name) else None


def _two_positional(args: list) -> bool:
    """Two positional arguments first, then nothing, a keyword or a ``*``: what the libcst rules'
    ``positional_args`` gives as exactly two."""
    return (
        len(args) >= 2
        and not isinstance(args[0], ast.Starred)
        and not isinstance(args[1], ast.Starred)
        and (len(args) == 2 or isinstance(args[2], ast.Starred))
    )


# The ``ast`` predicates return tuples (cheaper than generators: they run on every node of
# their types in the proofs' walks).


def _isinstance(node: ast.AST) -> tuple:
    if _name(node.func) in ("isinstance", "issubclass") and _two_positional(node.args):
        return ((node.args[0], node.args[1]),)
    return ()


def _type_of(n: ast.AST) -> bool:
    return (isinstance(n, ast.Attribute) and n.attr == "__class__") or (
        isinstance(n, ast.Call) and _name(n.func) == "type"
    )


def _type_compare(node: ast.AST) -> tuple:
    # ``type(x) is C``, ``x.__class__ == C``: the whole comparison is the class expression (an
    # over-approximation of the rule's pairwise test; the class decides, whatever ``x``)
    return ((None, node),) if any(_type_of(n) for n in walked(node)) else ()


def _hasattr(node: ast.AST) -> tuple:
    args = node.args
    if _name(node.func) == "hasattr" and _two_positional(args):
        return ((args[0], member_operand(args[1])),)
    return ()


def member_operand(node: ast.AST):
    """A member operand: its string when it is a literal, else the expression
    (:func:`member_values` resolves it through the module's string names)."""
    return str(node.value) if isinstance(node, ast.Constant) else node


# ``getattr`` and ``inspect.getattr_static`` (the same question, without running descriptors)
_GETATTRS = ("getattr", "getattr_static")


def _named_getattr(func: ast.AST) -> bool:
    return _name(func) in _GETATTRS or (
        isinstance(func, ast.Attribute) and func.attr == "getattr_static"
    )


def _getattr_probe(node: ast.AST) -> tuple:
    # ``getattr(x, "m", default)``: asks whether ``x`` has ``m`` (a read without a default
    # raises instead: not a probe)
    args = node.args
    if (
        _named_getattr(node.func)
        and len(args) >= 3
        and not any(isinstance(a, ast.Starred) for a in args[:3])
    ):
        return ((args[0], member_operand(args[1])),)
    return ()


def _terminal(e: ast.AST) -> Optional[str]:
    return e.id if isinstance(e, ast.Name) else e.attr if isinstance(e, ast.Attribute) else None


_NAMESPACES = ("vars", "dir")  # calls listing an object's members


def _vars_membership(node: ast.AST) -> tuple:
    # ``"m" in vars(x)`` / ``"m" in dir(x)`` / ``"m" in x.__dict__``: asks whether ``x`` has ``m``
    if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.In, ast.NotIn)):
        return ()
    left, right = node.left, node.comparators[0]
    if isinstance(left, ast.Constant) and not isinstance(left.value, str):
        return ()
    if isinstance(right, ast.Call) and _name(right.func) in _NAMESPACES and len(right.args) == 1:
        return ((right.args[0], member_operand(left)),)
    if isinstance(right, ast.Attribute) and right.attr == "__dict__":
        return ((right.value, member_operand(left)),)
    return ()


def _operator_getter(node: ast.AST) -> tuple:
    # ``operator.attrgetter("m")(x)`` / ``operator.methodcaller("m", ...)(x)``: reads ``x.m``
    inner = node.func
    if (
        isinstance(inner, ast.Call)
        and _terminal(inner.func) in ("attrgetter", "methodcaller")
        and inner.args
        and not isinstance(inner.args[0], ast.Starred)
        and node.args
        and not isinstance(node.args[0], ast.Starred)
    ):
        return ((node.args[0], member_operand(inner.args[0])),)
    return ()


def _member_read(node: ast.AST) -> tuple:
    return ((node.value, node.attr),)


def _kvcache_field(node: ast.AST) -> tuple:
    if node.attr in KVCACHE_FIELDS and isinstance(node.ctx, ast.Load):
        return ((node.value, node.attr),)
    return ()


def _kvcache_field_by_name(node: ast.AST) -> tuple:
    # ``getattr(x, "_kvcache"[, d])``: the same read, its name a string
    return tuple((s, m) for s, m in _getattr(node) if isinstance(m, str) and m in KVCACHE_FIELDS)


def kvcache_fields(node: ast.AST, holds) -> bool:
    """Is ``node`` a read of the allocator's kvcache field on a value ``holds`` says may be the
    allocator?"""
    if isinstance(node, ast.Call):
        return any(holds(s) for s, _ in _kvcache_field_by_name(node))
    return isinstance(node, ast.Attribute) and any(holds(s) for s, _ in _kvcache_field(node))


def _match_class(node: ast.AST) -> tuple:
    # ``case SWATokenToKVPoolAllocator():`` tests the subject's class by the class it names
    return ((None, node.cls),)


def _namespace_of(subject: ast.AST) -> Optional[ast.AST]:
    """``x`` for ``vars(x)`` / ``x.__dict__`` (a mapping of ``x``'s members), else None."""
    if isinstance(subject, ast.Call) and _name(subject.func) == "vars" and len(subject.args) == 1:
        return subject.args[0]
    if isinstance(subject, ast.Attribute) and subject.attr == "__dict__":
        return subject.value
    return None


def _match_probe(node: ast.AST) -> tuple:
    # ``match x: case object(m=...)`` (a keyword pattern reads ``x.m``: it asks whether ``x``
    # has ``m``) / ``match vars(x): case {"m": ...}``
    held = _namespace_of(node.subject)
    out = []
    for case in node.cases:
        for p in walked(case.pattern):
            if isinstance(p, ast.MatchClass):
                out += [(node.subject, attr) for attr in p.kwd_attrs]
            elif isinstance(p, ast.MatchMapping) and held is not None:
                out += [(held, member_operand(k)) for k in p.keys]
    return tuple(out)


# what a handler catching a missing attribute names (a bare ``except`` catches it too)
_CATCHES_MISSING = ("AttributeError", "Exception", "BaseException")


def _try_probe(node: ast.AST) -> tuple:
    # ``try: x.m ... except AttributeError:``: reading ``m`` where its absence is caught asks
    # whether ``x`` has ``m`` (the member reads of the ``try`` body, nested functions aside)
    caught = False
    for h in node.handlers:
        types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        caught = caught or any(t is None or _terminal(t) in _CATCHES_MISSING for t in types)
    if not caught:
        return ()
    out = []
    stack = list(node.body)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, ast.Attribute):  # (a store too: the libcst twin cannot tell)
            out.append((n.value, n.attr))
        stack.extend(ast.iter_child_nodes(n))
    return tuple(out)


def _getattr(node: ast.AST) -> tuple:
    args = node.args
    if (
        _named_getattr(node.func)
        and len(args) >= 2
        and not any(isinstance(a, ast.Starred) for a in args[:2])
    ):
        return ((args[0], member_operand(args[1])),)
    return ()


# The libcst twins (nodes read by their fields: no libcst import here).


def _cst_name(call) -> Optional[str]:
    return call.func.value if type(call.func).__name__ == "Name" else None


def _cst_positional(call) -> list:
    out = []
    for arg in call.args:
        if arg.keyword is not None or arg.star:
            break
        out.append(arg.value)
    return out


def _cst_isinstance(node):
    args = _cst_positional(node)
    if _cst_name(node) in ("isinstance", "issubclass") and len(args) == 2:
        yield args[0], args[1]


def _cst_type_of(node) -> bool:
    """``type(a)`` or ``a.__class__``."""
    kind = type(node).__name__
    if kind == "Call" and _cst_name(node) == "type":
        return len(_cst_positional(node)) == 1
    return kind == "Attribute" and node.attr.value == "__class__"


_CST_COMPARE_OPS = frozenset({"Is", "IsNot", "Equal", "NotEqual", "In", "NotIn"})


def _cst_type_compare(node):
    """Each ``type(a) <op> C`` / ``C <op> a.__class__`` link of a comparison chain: the class."""
    left = node.left
    for target in node.comparisons:
        right = target.comparator
        if type(target.operator).__name__ in _CST_COMPARE_OPS:
            if _cst_type_of(left):
                yield None, right
            if _cst_type_of(right):
                yield None, left
        left = right


def _cst_string(node) -> Optional[str]:
    if type(node).__name__ in ("SimpleString", "ConcatenatedString"):
        try:
            value = node.evaluated_value
        except Exception:  # odd literals
            return None
        return value if isinstance(value, str) else None
    return None


def _cst_member_operand(node):
    """A member operand of a libcst form: its string when it is a literal, else the node
    (:func:`member_values` resolves it)."""
    value = _cst_string(node)
    return node if value is None else value


def _cst_match_class(node):
    yield None, node.cls


def _cst_patterns(pattern):
    """A libcst pattern and the patterns inside it (``as``, ``|``, sequences, classes,
    mappings)."""
    yield pattern
    for child in pattern.children:
        if type(child).__name__.startswith("Match"):
            yield from _cst_patterns(child)


def _cst_try_probe(node):
    caught = False
    for h in node.handlers:
        t = h.type
        types = [e.value for e in t.elements] if type(t).__name__ == "Tuple" else [t]
        caught = caught or any(x is None or _cst_terminal(x) in _CATCHES_MISSING for x in types)
    if not caught:
        return
    stack = list(node.body.children)
    while stack:
        n = stack.pop()
        kind = type(n).__name__
        if kind in ("FunctionDef", "ClassDef", "Lambda"):
            continue
        if kind == "Attribute":
            yield n.value, n.attr.value
        stack.extend(n.children)


def _cst_match_probe(node):
    subject, held = node.subject, None
    kind = type(subject).__name__
    if kind == "Call" and _cst_name(subject) == "vars" and len(_cst_positional(subject)) == 1:
        held = subject.args[0].value
    elif kind == "Attribute" and subject.attr.value == "__dict__":
        held = subject.value
    for case in node.cases:
        for p in _cst_patterns(case.pattern):
            kind = type(p).__name__
            if kind == "MatchClass":
                for kwd in p.kwds:
                    yield subject, kwd.key.value
            elif kind == "MatchMapping" and held is not None:
                for element in p.elements:
                    yield held, _cst_member_operand(element.key)


def _cst_hasattr(node):
    args = _cst_positional(node)
    if _cst_name(node) == "hasattr" and len(args) == 2:
        yield args[0], _cst_member_operand(args[1])


def _cst_named_getattr(node) -> bool:
    func = node.func
    return _cst_name(node) in _GETATTRS or (
        type(func).__name__ == "Attribute" and func.attr.value == "getattr_static"
    )


def _cst_getattr_probe(node):
    args = _cst_positional(node)
    if _cst_named_getattr(node) and len(args) >= 3:
        yield args[0], _cst_member_operand(args[1])


def _cst_terminal(e) -> Optional[str]:
    kind = type(e).__name__
    return e.value if kind == "Name" else e.attr.value if kind == "Attribute" else None


def _cst_vars_membership(node):
    if len(node.comparisons) != 1:
        return
    if type(node.comparisons[0].operator).__name__ not in ("In", "NotIn"):
        return
    member, right = _cst_member_operand(node.left), node.comparisons[0].comparator
    if type(member).__name__ in ("Integer", "Float", "Imaginary"):
        return
    kind = type(right).__name__
    if kind == "Call" and _cst_name(right) in _NAMESPACES and len(_cst_positional(right)) == 1:
        yield right.args[0].value, member
    elif kind == "Attribute" and right.attr.value == "__dict__":
        yield right.value, member


def _cst_operator_getter(node):
    inner = node.func
    if type(inner).__name__ != "Call" or _cst_terminal(inner.func) not in (
        "attrgetter",
        "methodcaller",
    ):
        return
    names, subjects = _cst_positional(inner), _cst_positional(node)
    if names and subjects:
        yield subjects[0], _cst_member_operand(names[0])


def _cst_member_read(node):
    yield node.value, node.attr.value


def _cst_getattr(node):
    args = _cst_positional(node)
    if _cst_named_getattr(node) and len(args) >= 2:
        yield args[0], _cst_member_operand(args[1])


# sink -> its forms (in the order the fast paths try them). A parametrised sink's words are its
# arguments (the member names), its forms' ``words`` are empty.
FORMS: dict[str, list] = {
    SWA_CLASS_TEST: [
        Form(
            "isinstance",
            ("isinstance", "issubclass"),
            (ast.Call,),
            _isinstance,
            "Call",
            _cst_isinstance,
        ),
        Form(
            "type-compare",
            ("type", "__class__"),
            (ast.Compare,),
            _type_compare,
            "Comparison",
            _cst_type_compare,
        ),
        Form(
            "match-class",
            ("case",),
            (ast.MatchClass,),
            _match_class,
            "MatchClass",
            _cst_match_class,
        ),
    ],
    SWA_MEMBER_PROBE: [
        Form("hasattr", ("hasattr",), (ast.Call,), _hasattr, "Call", _cst_hasattr),
        Form(
            "getattr-default",
            ("getattr",),
            (ast.Call,),
            _getattr_probe,
            "Call",
            _cst_getattr_probe,
        ),
        Form(
            "vars-membership",
            (*_NAMESPACES, "__dict__"),
            (ast.Compare,),
            _vars_membership,
            "Comparison",
            _cst_vars_membership,
        ),
        Form("match-pattern", ("case",), (ast.Match,), _match_probe, "Match", _cst_match_probe),
        Form("try-probe", ("except",), (ast.Try,), _try_probe, "Try", _cst_try_probe),
    ],
    # the words of every source of the flow model's TYPE value (no node-level form: see above)
    SWA_TYPE_DECISION: [
        Form(
            "class-dependence",
            (*TYPE_OF_CALLS, *CLASS_DECISION_CALLS, "__class__", "singledispatch"),
            (),
            lambda node: (),
        )
    ],
    ALLOCATOR_MEMBER: [
        Form("member-read", (), (ast.Attribute,), _member_read, "Attribute", _cst_member_read),
        # a member named by a non-literal (a constant, a loop variable) does not spell its name:
        # these forms' own words cover them
        Form("getattr", ("getattr",), (ast.Call,), _getattr, "Call", _cst_getattr),
        Form(
            "operator-getter",
            ("attrgetter", "methodcaller"),
            (ast.Call,),
            _operator_getter,
            "Call",
            _cst_operator_getter,
        ),
    ],
}

# the kvcache fetch's other form, a read of the field ``get_kvcache`` returns (KVG003 asks it
# in the rule and the proofs: :func:`kvcache_fields`)
FORMS[ALLOCATOR_CALL] = [
    Form("kvcache-field", KVCACHE_FIELDS, (ast.Attribute,), lambda node: _kvcache_field(node)),
    Form("kvcache-field-getattr", KVCACHE_FIELDS, (ast.Call,), _kvcache_field_by_name),
]

# The members and calls the parametrised sinks are declared with (KVG002 and KVG003's anchors;
# the project index asks every parametrised sink with these).
TRANSLATE_MEMBERS = tuple(sorted(SWA_TRANSLATE_MEMBERS))
# Anchor ids of the registry entries.
TRANSLATE_ANCHOR = f"{ALLOCATOR_MEMBER}:{','.join(TRANSLATE_MEMBERS)}"
KVCACHE_ANCHOR = f"{ALLOCATOR_CALL}:{KVCACHE_CALL}"


def add_form(sink: str, form: Form) -> None:
    """Teach ``sink`` a new form: every fast path and the rules' dispatch read it from here."""
    FORMS.setdefault(sink, []).append(form)


def remove_form(sink: str, form: Form) -> None:
    FORMS[sink] = [f for f in FORMS.get(sink, ()) if f is not form]


def sink_of(anchor: str) -> tuple[str, tuple[str, ...]]:
    """``"allocator-member:a,b"`` -> ``("allocator-member", ("a", "b"))``."""
    kind, _, arg = anchor.partition(":")
    return kind, tuple(a for a in arg.split(",") if a)


def forms(anchor: str) -> list:
    """The forms of an anchor's sink."""
    return FORMS.get(sink_of(anchor)[0], [])


def words(anchors: Iterable[str]) -> tuple[str, ...]:
    """The words one of which every instance of one of ``anchors`` holds (a needle group)."""
    out: list = []
    for anchor in anchors:
        kind, args = sink_of(anchor)
        got = args if kind in (ALLOCATOR_MEMBER, ALLOCATOR_CALL) else ()
        for form in FORMS.get(kind, ()):
            got += form.words
        out += [w for w in dict.fromkeys(got) if w not in out]
    return tuple(out)


def sink_types(anchor: str) -> frozenset:
    """The ``ast`` node types the forms of ``anchor``'s sink sit on."""
    return frozenset(t for form in forms(anchor) for t in form.node_types)


def matches(anchor: str, node: ast.AST):
    """``(subject, operand)`` for every form of ``anchor``'s sink that ``node`` is."""
    kind = type(node)
    for form in forms(anchor):
        if kind in form.node_types:
            yield from form.match(node)


# -- string values: a member named through a name ---------------------------------------------

_MAX_VALUES = 64  # a product of concatenated alternatives larger than this is not followed


def _product(left, right) -> Optional[frozenset]:
    if left is None or right is None or len(left) * len(right) > _MAX_VALUES:
        return None
    return frozenset(a + b for a in left for b in right)


def fold(node, strings: Optional[dict] = None) -> Optional[frozenset]:
    """The strings an ``ast`` expression may evaluate to: a literal, a name of ``strings``
    (:func:`string_values`), an attribute of a name that classes bind to strings, ``+`` and
    f-strings of those; None when it is none of these."""
    if isinstance(node, ast.Constant):
        return frozenset((node.value,)) if isinstance(node.value, str) else None
    if isinstance(node, ast.Name):
        return None if strings is None else strings.get(node.id)
    if isinstance(node, ast.Attribute) and _dotted(node.value):
        # ``self.member_name``, ``self.config.member_name``: a string some class of the
        # module binds ``member_name`` to (a field's default)
        return None if strings is None else strings.get("." + node.attr)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _product(fold(node.left, strings), fold(node.right, strings))
    if isinstance(node, ast.JoinedStr):
        out: Optional[frozenset] = frozenset(("",))
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                plain = part.conversion in (-1, ord("s")) and part.format_spec is None
                part = part.value if plain else None
            out = _product(out, fold(part, strings) if part is not None else None)
        return out
    return None


def _dotted(node) -> bool:
    """Is ``node`` a name or a chain of attributes of one (``self.config``)?"""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _cst_dotted(node) -> bool:
    while type(node).__name__ == "Attribute":
        node = node.value
    return type(node).__name__ == "Name"


def _sequence(node, strings: dict, sequences: dict) -> Optional[frozenset]:
    """The strings a literal tuple, list or set of string expressions (or a name bound to one,
    or ``tuple``/``list``/``set``/``frozenset`` of one) holds."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        out: set = set()
        for e in node.elts:
            got = fold(e, strings)
            if got is None:
                return None
            out |= got
        return frozenset(out)
    if isinstance(node, ast.Name):
        return sequences.get(node.id)
    if (
        isinstance(node, ast.Call)
        and _name(node.func) in ("tuple", "list", "set", "frozenset", "sorted")
        and len(node.args) == 1
        and not node.keywords
    ):
        return _sequence(node.args[0], strings, sequences)
    return None


@per_node
def string_values(tree: ast.AST) -> dict:
    """name -> the strings it may hold, for the names a module binds to strings: a module-level
    assignment of a string expression (:func:`fold`), and a loop or comprehension target over
    a literal sequence of them (or a module-level name bound to one). A probe or member read
    whose member is such a name asks for each of its strings. Flow-insensitive: a name bound
    otherwise at module level is dropped; a loop target elsewhere adds its strings. Computed
    once per tree (the analysis, the flow model and the SWA paths share it: read only)."""
    strings: dict = {}
    sequences: dict = {}
    dropped: set = set()
    for stmt in getattr(tree, "body", ()):
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        else:
            continue
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            name = target.id
            got = fold(value, strings)
            seq = None if got is not None else _sequence(value, strings, sequences)
            if got is not None and name not in dropped and name not in sequences:
                strings[name] = strings.get(name, frozenset()) | got
            elif seq is not None and name not in dropped and name not in strings:
                sequences[name] = sequences.get(name, frozenset()) | seq
            else:
                dropped.add(name)
                strings.pop(name, None)
                sequences.pop(name, None)
    for name, got in _local_strings(tree, strings).items():
        if name not in dropped and name not in sequences:
            strings[name] = strings.get(name, frozenset()) | got
    loops: dict = {}
    for node in walked(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and isinstance(
            node.target, ast.Name
        ):
            got = _sequence(node.iter, strings, sequences)
            if got:
                loops[node.target.id] = loops.get(node.target.id, frozenset()) | got
    for name, got in loops.items():
        strings[name] = strings.get(name, frozenset()) | got
    # ``.name``: the strings any class of the module binds ``name`` to in its body (what
    # ``self.name`` / ``cls.name`` may read, whichever class the instance is of)
    for cls in walked(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for stmt in cls.body:
            value = getattr(stmt, "value", None)
            got = fold(value, strings) if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
            for target in getattr(stmt, "targets", None) or [getattr(stmt, "target", None)]:
                if got and isinstance(target, ast.Name):
                    key = "." + target.id
                    strings[key] = strings.get(key, frozenset()) | got
    return strings


def _local_strings(tree: ast.AST, strings: dict) -> dict:
    """:func:`_local_strings_once`, then once more with what it found (a local built from a
    parameter's default: ``f"{PREFIX}{kind}"``)."""
    first = _local_strings_once(tree, strings)
    if not first:
        return first
    return _local_strings_once(tree, {**strings, **first})


def _local_strings_once(tree: ast.AST, strings: dict) -> dict:
    """name -> strings, for the names functions bind only by plain assignments of string
    expressions (``name = "translate_loc_from_full_to_swa"``) or as parameters with a string
    default (``kind: str = "swa"``: what sglang's call leaves it), wherever they are bound: a
    name bound any other way in any function (another parameter, a loop, ``with``, an
    assignment of something else) is left out, as the table does not tell scopes apart."""
    found: dict = {}
    folded: set = set()  # (the target nodes of those assignments)
    other: set = set()
    for fn in walked(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        args = fn.args
        positional = [*args.posonlyargs, *args.args]
        defaults = dict(zip(positional[len(positional) - len(args.defaults) :], args.defaults))
        defaults.update(zip(args.kwonlyargs, args.kw_defaults))
        for a in (*positional, *args.kwonlyargs, args.vararg, args.kwarg):
            if a is None:
                continue
            default = defaults.get(a)
            if isinstance(default, ast.Constant) and isinstance(default.value, str):
                found[a.arg] = found.get(a.arg, frozenset()) | {default.value}
            else:
                other.add(a.arg)
        if isinstance(fn, ast.Lambda):
            continue
        for node in walked(fn):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                got = fold(node.value, strings)
                if got is not None and len(targets) == 1 and isinstance(targets[0], ast.Name):
                    found[targets[0].id] = found.get(targets[0].id, frozenset()) | got
                    folded.add(id(targets[0]))
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                if id(node) not in folded:
                    other.add(node.id)
            elif isinstance(node, ast.alias):
                other.add((node.asname or node.name).split(".")[0])
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                other.update(node.names)
    return {name: got for name, got in found.items() if name not in other}


def _cst_fold(node, strings: dict) -> Optional[frozenset]:
    kind = type(node).__name__
    if kind == "Name":
        return strings.get(node.value)
    if kind == "Attribute" and _cst_dotted(node.value):
        return strings.get("." + node.attr.value)
    if kind in ("SimpleString", "ConcatenatedString"):
        value = _cst_string(node)
        return None if value is None else frozenset((value,))
    if kind == "BinaryOperation" and type(node.operator).__name__ == "Add":
        return _product(_cst_fold(node.left, strings), _cst_fold(node.right, strings))
    return None


def member_values(operand, strings: Optional[dict]) -> Optional[frozenset]:
    """The member names a form's operand may stand for: a literal's string; for an
    expression, what :func:`fold` (or its libcst twin) gives through ``strings`` (or the
    function giving it), empty when nothing. ``strings`` None (a fast path without the
    module's names): None, any member."""
    if isinstance(operand, str):
        return frozenset((operand,))
    if callable(strings):
        strings = strings()  # asked only here, for a member that is not a literal
    if strings is None:
        return None
    if isinstance(operand, ast.AST):
        got = fold(operand, strings)
    else:
        got = _cst_fold(operand, strings)
    return got or frozenset()


def names_swa_member(operand, strings: Optional[dict]) -> bool:
    """May the operand name a member only an SWA allocator has (None ``strings``: unless it
    is a literal, yes)?"""
    got = member_values(operand, strings)
    return got is None or any(is_swa_member_name(m) for m in got)


def members_named(operand, names, strings: Optional[dict]) -> tuple:
    """The names of ``names`` the operand may stand for (None ``strings``: all of them,
    unless it is a literal)."""
    got = member_values(operand, strings)
    return tuple(names) if got is None else tuple(m for m in sorted(got) if m in names)


def probes(node: ast.AST, strings: Optional[dict] = None):
    """The subjects of the SWA member probes ``node`` is (members only an SWA allocator has;
    ``strings``: :func:`string_values` of the module, None to count any non-literal member)."""
    for subject, member in matches(SWA_MEMBER_PROBE, node):
        if names_swa_member(member, strings):
            yield subject


def class_operands(node: ast.AST):
    """``(subject, class expression)`` of the SWA class tests ``node`` may be."""
    return matches(SWA_CLASS_TEST, node)


def is_class_test(node: ast.AST) -> bool:
    return any(True for _ in class_operands(node))


def members(anchor: str, node: ast.AST, strings: Optional[dict] = None):
    """``(subject, member)`` for the reads of one of ``anchor``'s members ``node`` is (an
    ``allocator-member:<names>`` anchor; ``strings`` as for :func:`probes`)."""
    names = sink_of(anchor)[1]
    for subject, operand in matches(anchor, node):
        for member in members_named(operand, names, strings):
            yield subject, member


def node_table(anchors: Iterable[str]) -> dict:
    """``ast`` node type -> ``[(sink, form, member names)]`` for the class-test, probe and
    member forms of ``anchors``: what a walk asks of each node (built once per walk)."""
    out: dict = {}
    for anchor in anchors:
        sink, names = sink_of(anchor)
        if sink in (SWA_CLASS_TEST, SWA_MEMBER_PROBE, ALLOCATOR_MEMBER):
            for form in FORMS.get(sink, ()):
                for kind in form.node_types:
                    out.setdefault(kind, []).append((sink, form, frozenset(names)))
    return out


def sits(entries: list, node: ast.AST, holds, names_swa_class) -> bool:
    """Is ``node`` an anchor of one of the ``entries`` (:func:`node_table`'s, for its type)?
    ``holds(subject)``: may the subject be the allocator; ``names_swa_class(expr)``: may the
    class expression name an SWA allocator class (a class test decides by the class alone).
    A member that is not a literal may be any (the proofs do not read the module's names)."""
    for sink, form, names in entries:
        for subject, operand in form.match(node):
            if sink == SWA_CLASS_TEST:
                if names_swa_class(operand):
                    return True
            elif sink == SWA_MEMBER_PROBE:
                if names_swa_member(operand, None) and holds(subject):
                    return True
            elif members_named(operand, names, None) and holds(subject):
                return True
    return False


def cst_forms(anchors: Iterable[str]) -> list:
    """``(anchor, form)`` for the forms of ``anchors`` that have a libcst twin."""
    return [(a, form) for a in anchors or () for form in forms(a) if form.cst_type]


def kinds_match(kinds, anchors) -> bool:
    """Do cross-module anchor kinds (the project index's) meet the selected rules' reduction
    anchors?"""
    for k in kinds:
        if k in anchors:
            return True
        if k.startswith("member:"):
            member = k.split(":", 1)[1]
            for a in anchors:
                kind, _, arg = a.partition(":")
                if kind == "allocator-member" and member in arg.split(","):
                    return True
    return False
