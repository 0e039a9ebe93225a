"""``lint_rules.records``: every record class behaves as the ``@dataclass`` it replaced.

Each converted class is checked against a ``dataclasses.dataclass`` twin built here from the
original declaration (field names, defaults, default factories and options are written out
below, not read back from the record), on generated values: construction (positional, keyword,
defaults), repr, eq, hash, ordering, replace, frozen-ness, pickle and copy.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import operator
import os
import pickle
import random

import pytest

from lint_rules import records
from lint_rules.config import DEFAULT_EXCLUDES
from lint_rules.model import ScopeConfig


class Factory:
    def __init__(self, make):
        self.make = make


REQUIRED = object()

# (module, class, dataclass options, [(field, default or REQUIRED or Factory)]): the
# declarations the records replaced.
ORIGINALS = [
    ("model", "Location", dict(frozen=True, order=True), [("row", REQUIRED), ("column", REQUIRED)]),
    (
        "model",
        "FixInfo",
        dict(frozen=True),
        [("applicability", REQUIRED), ("message", REQUIRED), ("key", ""), ("edits", ())],
    ),
    (
        "model",
        "Finding",
        dict(frozen=True),
        [
            ("code", REQUIRED),
            ("message", REQUIRED),
            ("location", REQUIRED),
            ("end_location", REQUIRED),
            ("context", "<module>"),
            ("fix", None),
        ],
    ),
    (
        "model",
        "ScopeConfig",
        dict(frozen=True),
        [
            ("paths", ("**/layers/attention/**",)),
            ("base_patterns", ("AttentionBackend", "*AttnBackend", "*AttentionBackend")),
            ("all_code", False),
            ("allocator_attributes", ("token_to_kv_pool_allocator",)),
            ("kvg004_write_gating", False),
            ("root", None),
            (
                "full_location_sources",
                ("out_cache_loc", "req_to_token", "page_table", "kv_indices"),
            ),
            ("swa_translators", ("translate_loc_from_full_to_swa",)),
            ("target_version", None),
        ],
    ),
    (
        "model",
        "FileResult",
        {},
        [
            ("path", REQUIRED),
            ("findings", Factory(list)),
            ("error", None),
            ("unused_suppressions", Factory(list)),
        ],
    ),
    (
        "registry",
        "RuleMeta",
        dict(frozen=True),
        [
            ("code", REQUIRED),
            ("name", REQUIRED),
            ("summary", REQUIRED),
            ("module", REQUIRED),
            ("default_enabled", REQUIRED),
            ("needles", REQUIRED),
            ("fixable", False),
            ("anchors", None),
            ("reduction", None),
            ("check", None),
        ],
    ),
    (
        "registry",
        "Selection",
        dict(frozen=True),
        [("select", None), ("extend_select", ()), ("ignore", ()), ("origin", "command line")],
    ),
    (
        "config",
        "Config",
        dict(frozen=True),
        [
            ("path", None),
            ("root", Factory(os.getcwd)),
            ("select", None),
            ("extend_select", ()),
            ("ignore", ()),
            ("exclude", DEFAULT_EXCLUDES),
            ("extend_exclude", ()),
            ("per_file_ignores", ()),
            ("scope", Factory(ScopeConfig)),
            ("target_version", "auto"),
            ("cache_dir", None),
            ("baseline", None),
        ],
    ),
    (
        "discovery",
        "Target",
        dict(frozen=True),
        [("abspath", REQUIRED), ("display", REQUIRED), ("rel", REQUIRED), ("explicit", False)],
    ),
    ("discovery", "Discovery", {}, [("targets", Factory(list)), ("errors", Factory(list))]),
    (
        "source",
        "DecodedSource",
        dict(frozen=True),
        [("text", REQUIRED), ("encoding", REQUIRED), ("bom", False)],
    ),
    (
        "reporters",
        "Row",
        dict(frozen=True),
        [
            ("display", REQUIRED),
            ("abspath", REQUIRED),
            ("code", REQUIRED),
            ("message", REQUIRED),
            ("location", REQUIRED),
            ("end_location", REQUIRED),
            ("fix", None),
            ("fixable", False),
            ("is_error", False),
        ],
    ),
    (
        "settings",
        "Options",
        {},
        [
            ("fix", False),
            ("unsafe_fixes", False),
            ("diff", False),
            ("use_cache", True),
            ("report_unused", False),
            ("jobs", None),
        ],
    ),
    (
        "triage",
        "Settled",
        {},
        [
            ("result", REQUIRED),
            ("st", REQUIRED),
            ("digest", REQUIRED),
            ("cacheable", REQUIRED),
            ("deps", None),
        ],
    ),
    ("triage", "Cached", {}, [("result", REQUIRED), ("st", REQUIRED), ("digest", REQUIRED)]),
    ("triage", "NeedsParse", {}, [("st", REQUIRED), ("digest", REQUIRED), ("deps", None)]),
    (
        "engine",
        "FileReport",
        {},
        [
            ("target", REQUIRED),
            ("result", REQUIRED),
            ("fixed", Factory(list)),
            ("diff", None),
            ("fix_error", None),
            ("fix_target", None),
        ],
    ),
    (
        "engine",
        "RunReport",
        {},
        [
            ("files", Factory(list)),
            ("errors", Factory(list)),
            ("stats", Factory(dict)),
            ("fix_errors", 0),
        ],
    ),
    (
        "checker",
        "Suppression",
        {},
        [("line", REQUIRED), ("kind", REQUIRED), ("codes", REQUIRED), ("used", False)],
    ),
    # converted after the first round (the index, the proofs, the outline, path conditions)
    (
        "project",
        "FnFact",
        {},
        [
            ("qual", REQUIRED),
            ("params", REQUIRED),
            ("implicit", 0),
            ("returns_alloc", False),
            ("carrier_fields", frozenset()),
            ("may_anchor", False),
            ("tree", None),
            ("seeds", Factory(list)),
            ("computed", Factory(dict)),
        ],
    ),
    (
        "project",
        "ClassFact",
        {},
        [
            ("path", REQUIRED),
            ("name", REQUIRED),
            ("bases", REQUIRED),
            ("attrs", frozenset()),
            ("props", frozenset()),
            ("methods", Factory(dict)),
        ],
    ),
    (
        "project",
        "Summary",
        {},
        [
            ("path", REQUIRED),
            ("module", REQUIRED),
            ("imports", REQUIRED),
            ("stars", REQUIRED),
            ("defined", REQUIRED),
            ("functions", Factory(dict)),
            ("classes", Factory(dict)),
            ("summarised", False),
            ("pending", False),
            ("heads", frozenset()),
        ],
    ),
    ("pathcond", "Cond", {}, [("pos", REQUIRED), ("neg", REQUIRED), ("atoms_only", True)]),
    (
        "pathcond",
        "_FnFacts",
        {},
        [
            ("node", REQUIRED),
            ("cls", REQUIRED),
            ("once", None),
            ("bound", Factory(dict)),
            ("env", None),
        ],
    ),
    ("pathcond", "Verdict", {}, [("safe", REQUIRED), ("problems", REQUIRED)]),
    (
        "outline",
        "Chunk",
        {},
        [
            ("name", REQUIRED),
            ("cls", REQUIRED),
            ("start", REQUIRED),
            ("end", REQUIRED),
            ("indent", REQUIRED),
        ],
    ),
    ("outline", "Outline", {}, [("text", REQUIRED), ("chunks", REQUIRED), ("comments", REQUIRED)]),
    (
        "sparse",
        "AstFinding",
        dict(eq=False),
        [
            ("code", REQUIRED),
            ("node", REQUIRED),
            ("statement", REQUIRED),
            ("message", REQUIRED),
            ("context", REQUIRED),
            ("fix", None),
            ("function", None),
        ],
    ),
    (
        "sparse",
        "LintState",
        dict(eq=False),
        [
            ("text", REQUIRED),
            ("module", None),
            ("analysis", None),
            ("raw", Factory(list)),
            ("reduced", False),
            ("_positions", None),
            ("_tree", None),
            ("_starts", None),
            ("annotated", False),
        ],
    ),
    (
        "sparse",
        "Candidate",
        dict(eq=False),
        [
            ("node", REQUIRED),
            ("first", REQUIRED),
            ("body", REQUIRED),
            ("last", REQUIRED),
            ("indent", REQUIRED),
        ],
    ),
    (
        "reduce",
        "_Code",
        dict(eq=False),
        [
            ("name", ""),
            ("inits_of", None),
            ("params", Factory(set)),
            ("annotated", Factory(set)),
            ("defnames", Factory(set)),
            ("all_params", Factory(set)),
            ("returns_alloc_annotation", False),
            ("assigns", Factory(list)),
            ("ann_targets", Factory(list)),
            ("returns", Factory(list)),
            ("calls", Factory(list)),
            ("attrs_used", Factory(set)),
            ("names_used", Factory(set)),
            ("strings", Factory(set)),
            ("carriers", Factory(set)),
            ("relevant", False),
            ("node", None),
            ("words", None),
            ("_pending", Factory(list)),
        ],
    ),
]

NAN = float("nan")
# Mixed kinds on purpose: equal-but-different values (1, 1.0, True), unorderable pairs (str vs
# int), unhashable ones (list, dict), a value unequal to itself (NaN).
POOL = [0, 1, 1.0, True, False, None, "a", "b", "", ("x",), ("x", "y"), (), [], [1], {}, NAN]


def _twin(module: str, name: str, options: dict, spec: list):
    cls = getattr(importlib.import_module(f"lint_rules.{module}"), name)
    specs = []
    for field_name, default in spec:
        if default is REQUIRED:
            specs.append((field_name, object))
        elif isinstance(default, Factory):
            specs.append((field_name, object, dataclasses.field(default_factory=default.make)))
        else:
            specs.append((field_name, object, dataclasses.field(default=default)))
    twin = dataclasses.make_dataclass(name, specs, **options)
    twin.__qualname__ = cls.__qualname__  # the repr shows it
    twin.__module__ = __name__
    return cls, twin


CASES = [pytest.param(*_twin(*orig), orig, id=orig[1]) for orig in ORIGINALS]


def _outcome(fn):
    try:
        return ("value", fn())
    except Exception as exc:  # the kind of failure must match too
        return ("raises", type(exc).__name__, isinstance(exc, AttributeError))


def _pairs(spec: list, n: int = 150):
    """Pairs of field value lists: often equal (or equal up to one field), often not. A field
    with a default factory is never given None (the one deliberate difference: see
    test_none_for_a_default_factory_field_is_a_fresh_value)."""
    names = [name for name, _ in spec]
    pools = [
        [v for v in POOL if v is not None] if isinstance(d, Factory) else POOL for _, d in spec
    ]
    rng = random.Random(f"records:{','.join(names)}")
    for _ in range(n):
        a = [rng.choice(pool) for pool in pools]
        b = list(a)
        if names and rng.random() < 0.6:
            i = rng.randrange(len(names))
            b[i] = rng.choice(pools[i])
        yield a, b


def _same_repr(x, y) -> None:
    assert repr(x) == repr(y)


@pytest.mark.parametrize("cls,twin,orig", CASES)
def test_fields_and_defaults_match_the_dataclass(cls, twin, orig):
    names = [f.name for f in dataclasses.fields(twin)]
    assert records.fields(cls) == tuple(names)
    assert cls.__match_args__ == twin.__match_args__
    required = [f.name for f in dataclasses.fields(twin) if f.default is dataclasses.MISSING]
    required = [n for n in required if not isinstance(dict(orig[3])[n], Factory)]
    args = [f"<{n}>" for n in required]
    a, b = cls(*args), twin(*args)
    _same_repr(a, b)
    # equal field values: equal records unless eq=False (then identity), as the twin
    assert (a == cls(*args)) is (b == twin(*args)) and (a != cls(*args)) is (b != twin(*args))
    for name, default in orig[3]:
        if isinstance(default, Factory):  # a fresh value per instance, as default_factory
            assert getattr(a, name) == default.make()
            assert getattr(a, name) is not getattr(cls(*args), name) or name == "root"


@pytest.mark.parametrize("cls,twin,orig", CASES)
def test_generated_values_behave_as_the_dataclass(cls, twin, orig):
    names = [name for name, _ in orig[3]]
    frozen = orig[2].get("frozen", False)
    for va, vb in _pairs(orig[3]):
        ra, rb, ta, tb = cls(*va), cls(*vb), twin(*va), twin(*vb)
        kw = cls(**dict(zip(names, va)))
        _same_repr(ra, ta)
        _same_repr(kw, ta)
        assert _outcome(lambda: ra == rb) == _outcome(lambda: ta == tb)
        assert _outcome(lambda: ra != rb) == _outcome(lambda: ta != tb)
        assert _outcome(lambda: ra == kw) == _outcome(lambda: ta == twin(*va))
        assert (ra == ta) is False and (ra == 1) is False and (ra != "x") is True
        if orig[2].get("eq", True):
            assert _outcome(lambda: hash(ra)) == _outcome(lambda: hash(ta))
        else:  # identity: hashable, by object
            assert _outcome(lambda: hash(ra))[0] == _outcome(lambda: hash(ta))[0] == "value"
        for op in ("__lt__", "__le__", "__gt__", "__ge__"):
            fn = getattr(operator, op)
            assert _outcome(lambda: fn(ra, rb)) == _outcome(lambda: fn(ta, tb)), op
            assert _outcome(lambda: fn(ra, ta))[0] == "raises"  # never across classes
        # pickle and copy: same class, same fields
        for clone in (pickle.loads(pickle.dumps(ra)), copy.copy(ra), copy.deepcopy(ra)):
            assert type(clone) is cls
            _same_repr(clone, ta)
            same = twin(*[getattr(clone, n) for n in names])  # NaN: a new object after pickle
            assert _outcome(lambda: clone == ra) == _outcome(lambda: same == ta)
        # replace: each field changed in turn, or a name that is no field
        for name, value in zip(names, vb):
            new = records.replace(ra, **{name: value})
            _same_repr(new, dataclasses.replace(ta, **{name: value}))
            assert type(new) is cls and new is not ra
        _same_repr(ra, ta)  # the original is left as it was
        assert (
            _outcome(lambda: records.replace(ra, no_such_field=1))[:2]
            == _outcome(lambda: dataclasses.replace(ta, no_such_field=1))[:2]
        )
        # frozen-ness: assignment and deletion of a field, and of a name that is no field
        for target in names[:1] + ["not_a_field"]:
            got = _outcome(lambda: setattr(ra, target, 5))
            want = _outcome(lambda: setattr(ta, target, 5))
            if frozen:
                assert got == want == ("raises", "FrozenInstanceError", True)
            else:
                # a mutable record has no __dict__: only its fields can be set
                assert got[0] == "value" if target != "not_a_field" else got[0] == "raises"
        if frozen and names:
            assert _outcome(lambda: delattr(ra, names[0])) == _outcome(
                lambda: delattr(ta, names[0])
            )
            _same_repr(ra, ta)  # unchanged


@pytest.mark.parametrize("cls,twin,orig", CASES)
def test_unhashable_and_uncomparable_as_the_dataclass(cls, twin, orig):
    frozen = orig[2].get("frozen", False)
    assert (cls.__hash__ is None) == (twin.__hash__ is None)
    if orig[2].get("eq", True):  # eq=False keeps object's identity hash
        assert (cls.__hash__ is None) == (not frozen)
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        ours = cls.__dict__.get(op)
        theirs = twin.__dict__.get(op)
        assert (ours is None) == (theirs is None), op


def test_a_record_that_contains_itself_repr_as_the_dataclass():
    from lint_rules.model import FileResult

    _, twin = _twin(*ORIGINALS[4])
    ours, theirs = FileResult("p"), twin("p")
    ours.findings.append(ours)
    theirs.findings.append(theirs)
    assert (
        repr(ours)
        == repr(theirs)
        == "FileResult(path='p', findings=[...], error=None, unused_suppressions=[])"
    )


def test_a_record_crosses_processes_by_pickle_with_nested_records():
    from lint_rules.engine import FileReport
    from lint_rules.model import FileResult, Finding, FixInfo, Location

    loc = Location(3, 4)
    finding = Finding("KVG001", "m", loc, Location(3, 9), "C.f", FixInfo("unsafe", "x", "k"))
    report = FileReport(
        records.replace(
            importlib.import_module("lint_rules.discovery").Target("/a/b.py", "b.py", "b.py"),
            explicit=True,
        ),
        FileResult("b.py", [finding], None, [(1, "KVG002")]),
    )
    back = pickle.loads(pickle.dumps(report, pickle.HIGHEST_PROTOCOL))
    assert back == report and back is not report
    assert back.result.findings[0] == finding and back.target.explicit is True
    assert sorted([Location(2, 1), loc, Location(1, 9)]) == [Location(1, 9), Location(2, 1), loc]


def test_the_decorator_refuses_an_init_that_is_not_the_fields():
    with pytest.raises(TypeError, match="must be the fields"):

        @records.record
        class Swapped:
            __slots__ = ("a", "b")

            def __init__(self, b, a):
                self.a, self.b = a, b

    with pytest.raises(TypeError, match="__slots__"):

        @records.record
        class NoSlots:
            def __init__(self, a):
                self.a = a

    with pytest.raises(TypeError, match="record"):
        records.replace(object())


def test_own_methods_are_kept_and_eq_false_keeps_identity():
    @records.record(eq=False)
    class Plain:
        __slots__ = ("a",)

        def __init__(self, a):
            self.a = a

        def __repr__(self):
            return "mine"

    x = Plain(1)
    assert repr(x) == "mine" and x != Plain(1) and x == x and hash(x) == object.__hash__(x)
    assert records.replace(x, a=2).a == 2


@pytest.mark.parametrize(
    "cls,twin,orig", [c for c in CASES if any(isinstance(d, Factory) for _, d in c.values[2][3])]
)
def test_none_for_a_default_factory_field_is_a_fresh_value(cls, twin, orig):
    """The one difference from the dataclasses, on purpose: a field whose dataclass default was
    a ``default_factory`` has the default None, so an explicit None gets a fresh value too (the
    dataclass kept None; no caller passes None there)."""
    spec = orig[3]
    args = {n: f"<{n}>" for n, d in spec if d is REQUIRED}
    for name, default in spec:
        if isinstance(default, Factory):
            got = getattr(cls(**args, **{name: None}), name)
            assert got == default.make() and got is not None
