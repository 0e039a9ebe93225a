"""The project index (lint_rules/project.py): facts that other modules of the analysed tree bring
into a module's allocator flow, the gate that keeps the single-file prefilter sound, and the
cache keyed on imported facts.

Packages are generated in a temporary tree laid out like sglang (``sglang/srt/...``); the real
``kvguard`` CLI runs on them in-process (``lint_rules.cli.main``), with and without the
prefilter/reduction (``checker.lint_text(prefilter=False, reduce=False)`` under the same index is
the reference)."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
from pathlib import Path

import pytest

from lint_rules import checker, cli, project
from lint_rules.context import FileContext
from lint_rules.haystack import Haystack
from lint_rules.model import ScopeConfig

HELPERS = """
def is_swa(obj):
    return hasattr(obj, "full_to_swa_index_mapping")


def is_swa_cls(obj):
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
    return isinstance(obj, SWATokenToKVPoolAllocator)


def kv_alloc(runner):
    return runner.token_to_kv_pool_allocator


def kv_pool(runner):
    return runner.token_to_kv_pool


def translate(a, loc):
    return a.translate_loc_from_full_to_swa(loc)


def probe_kw(loc, **kwargs):
    alloc = kwargs.get("alloc")
    return hasattr(alloc, "full_to_swa_index_mapping")


class Parts:
    def __init__(self, allocator, pool):
        self.allocator = allocator
        self.pool = pool


def parts_of(runner):
    return Parts(runner.token_to_kv_pool_allocator, runner.token_to_kv_pool)
"""

STORE_BASE = """
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class StoreBase(AttentionBackend):
    def __init__(self, model_runner):
        self._kv = model_runner.token_to_kv_pool_allocator
        self._pool = model_runner.token_to_kv_pool
"""

BACKEND = """
{imports}


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner

    def f(self, model_runner, loc):
        return {expr}
"""

# (name, imports, expression, expected codes)
CASES = [
    (
        "absolute",
        "from sglang.srt.utils.swa_utils import is_swa",
        "is_swa(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "relative",
        "from ...utils.swa_utils import is_swa",
        "is_swa(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "compat_alias",
        "from sglang.srt.compat import is_swa_allocator",
        "is_swa_allocator(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "package_star_reexport",
        "from sglang.srt.utils import is_swa",
        "is_swa(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "module_object",
        "import sglang.srt.utils.swa_utils as su",
        "su.is_swa(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "class_test_helper",
        "from sglang.srt.utils import is_swa_cls",
        "is_swa_cls(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "accessor_probe",  # the backend file holds no allocator word at all
        "from sglang.srt.utils import kv_alloc",
        'hasattr(kv_alloc(model_runner), "full_to_swa_index_mapping")',
        ["KVG001"],
    ),
    (
        "translate_helper",
        "from sglang.srt.utils.swa_utils import translate",
        "translate(model_runner.token_to_kv_pool_allocator, loc)",
        ["KVG002"],
    ),
    (
        "kwargs_helper",  # the allocator collected by the helper's **kwargs
        "from sglang.srt.utils.swa_utils import probe_kw",
        "probe_kw(loc, alloc=model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    # fixed / safe shapes: the pool is tested, not the allocator
    (
        "pool_tested",
        "from sglang.srt.utils.swa_utils import is_swa",
        "is_swa(model_runner.token_to_kv_pool)",
        [],
    ),
    (
        "pool_accessor",
        "from sglang.srt.utils import kv_pool",
        'hasattr(kv_pool(model_runner), "full_to_swa_index_mapping")',
        [],
    ),
    (
        "submodule_by_name",  # ``from pkg import mod``, then ``mod.f(...)``
        "from sglang.srt.utils import swa_utils",
        "swa_utils.is_swa(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    (
        "inline_import",  # a statement the gate's regular expressions do not read
        "if True: from sglang.srt.utils.swa_utils import is_swa  # noqa: E701",
        "is_swa(model_runner.token_to_kv_pool_allocator)",
        ["KVG001"],
    ),
    # a record built by a factory of another module carries the allocator in a field
    (
        "record-factory",
        "from sglang.srt.utils.swa_utils import parts_of",
        "parts_of(model_runner).allocator.translate_loc_from_full_to_swa(loc)",
        ["KVG002"],
    ),
    (
        "record-factory-other-field",
        "from sglang.srt.utils.swa_utils import parts_of",
        "parts_of(model_runner).pool.translate_loc_from_full_to_swa(loc)",
        [],
    ),
    # an import that does not resolve in the tree: unknown, contributes nothing
    (
        "unresolved",
        "from thirdparty.swa import kv_alloc",
        'hasattr(kv_alloc(model_runner), "full_to_swa_index_mapping")',
        [],
    ),
]


def _package(root: Path, backend: str, extra: dict | None = None) -> None:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    files = {
        "sglang/__init__.py": "",
        "sglang/srt/__init__.py": "",
        "sglang/srt/utils/__init__.py": "from .swa_utils import *  # noqa: F401,F403\n",
        "sglang/srt/utils/swa_utils.py": HELPERS,
        "sglang/srt/compat.py": (
            "from sglang.srt.utils.swa_utils import is_swa as is_swa_allocator  # noqa: F401\n"
        ),
        "sglang/srt/layers/__init__.py": "",
        "sglang/srt/layers/attention/__init__.py": "",
        "sglang/srt/layers/attention/base_attn_backend.py": "class AttentionBackend:\n    pass\n",
        "sglang/srt/layers/attention/foo_backend.py": backend,
        "sglang/srt/store_base.py": STORE_BASE,
    }
    files.update(extra or {})
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def _check(root: Path, *args: str) -> list[tuple[str, str, int]]:
    buf = io.StringIO()
    cwd = os.getcwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(buf):
            rc = cli.main(["check", "--output-format", "json", *args, "sglang"])
    finally:
        os.chdir(cwd)
    assert rc in (0, 1), buf.getvalue()
    rows = json.loads(buf.getvalue())
    return sorted(
        (
            os.path.relpath(r["filename"], root) if os.path.isabs(r["filename"]) else r["filename"],
            r["code"],
            r["location"]["row"],
        )
        for r in rows
    )


class _GateFree(project.Index):
    """Every file may matter through another module: the index is asked for every file."""

    def gate(self, path, data=None, in_scope=None, seen=None):
        return True, []


def _reference(root: Path, gate_free: bool = False) -> list[tuple[str, str, int]]:
    """Every file linted in full (no prefilter, no reduction) under the same index (with
    ``gate_free``: an index whose gate says yes to every file)."""
    cls = _GateFree if gate_free else project.Index
    index = cls(str(root), patterns=ScopeConfig().base_patterns, scope=ScopeConfig(root=str(root)))
    out = []
    cwd = os.getcwd()
    os.chdir(root)
    try:
        for p in sorted(Path("sglang").rglob("*.py")):
            res = checker.lint_text(
                p.read_text(),
                str(p),
                checker_codes(),
                ScopeConfig(root=str(root)),
                prefilter=False,
                reduce=False,
                ctx=FileContext(index, str(p)),
            )
            out += [(str(p), f.code, f.location.row) for f in res.findings]
    finally:
        os.chdir(cwd)
    return sorted(out)


def checker_codes():
    from lint_rules.registry import RULES

    return frozenset(c for c, m in RULES.items() if m.default_enabled)


@pytest.mark.parametrize("name,imports,expression,codes", CASES, ids=[c[0] for c in CASES])
def test_cross_module_helpers(tmp_path, name, imports, expression, codes):
    backend = BACKEND.format(
        imports="from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n"
        + imports,
        expr=expression,
    )
    _package(tmp_path, backend)
    found = _check(tmp_path, "--no-cache")
    in_backend = [c for f, c, _ in found if f.endswith("foo_backend.py")]
    assert in_backend == codes, found
    # the prefilter and the reduction never skip what the full analysis finds, nor the gate
    assert found == _reference(tmp_path) == _reference(tmp_path, gate_free=True)


def test_base_class_in_another_module_stores_the_allocator(tmp_path):
    """A backend deriving from a base defined elsewhere that stores the allocator under a
    neutral name; the backend file itself holds no allocator word. Also the scope: a class
    outside the backend paths is a backend because its base, in another module, is one."""
    sub = (
        "from sglang.srt.store_base import StoreBase\n\n\n"
        "class Sub(StoreBase):\n"
        "    def f(self, loc):\n"
        "        return self._kv.translate_loc_from_full_to_swa(loc)\n\n"
        "    def g(self):\n"
        '        return hasattr(self._kv, "full_to_swa_index_mapping")\n\n'
        "    def ok(self):\n"
        '        return hasattr(self._pool, "full_to_swa_index_mapping")\n'
    )
    _package(tmp_path, "", {"sglang/srt/models/sub.py": sub})
    found = _check(tmp_path, "--no-cache")
    assert [(f, c, r) for f, c, r in found if f.endswith("sub.py")] == [
        ("sglang/srt/models/sub.py", "KVG001", 9),
        ("sglang/srt/models/sub.py", "KVG002", 6),
    ], found
    assert found == _reference(tmp_path)


def test_cache_is_keyed_on_imported_facts(tmp_path):
    """Changing only the imported helper changes the dependant's result on a warm run."""
    backend = BACKEND.format(
        imports="from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n"
        "from sglang.srt.utils.swa_utils import is_swa",
        expr="is_swa(model_runner.token_to_kv_pool_allocator)",
    )
    safe = HELPERS.replace(
        'return hasattr(obj, "full_to_swa_index_mapping")', "return obj is not None"
    )
    _package(tmp_path, backend, {"sglang/srt/utils/swa_utils.py": safe})
    cache = ["--cache-dir", str(tmp_path / ".cache")]
    assert [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f] == []
    assert [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f] == []  # warm
    helper = tmp_path / "sglang/srt/utils/swa_utils.py"
    helper.write_text(HELPERS)
    st = helper.stat()
    os.utime(helper, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    assert [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f] == ["KVG001"]
    helper.write_text(safe)
    os.utime(helper, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000_000))
    assert [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f] == []


def test_one_file_run_sees_its_imports(tmp_path, monkeypatch):
    """pre-commit names only the changed file: the index still resolves from the project root,
    and reads only the files the gate and the summaries reach."""
    backend = BACKEND.format(
        imports="from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n"
        "from sglang.srt.utils import kv_alloc",
        expr='hasattr(kv_alloc(model_runner), "full_to_swa_index_mapping")',
    )
    _package(tmp_path, backend, {"sglang/srt/unrelated.py": "X = 1\n"})
    made: list = []  # the run's index (the engine's; no module holds it)
    real_init = project.Index.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(project.Index, "__init__", init)
    buf = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(buf):
            cli.main(
                [
                    "check",
                    "--no-cache",
                    "--output-format",
                    "json",
                    "sglang/srt/layers/attention/foo_backend.py",
                ]
            )
        read = {os.path.relpath(p, tmp_path) for p in made[-1].read_files}
    finally:
        os.chdir(cwd)
    assert [r["code"] for r in json.loads(buf.getvalue())] == ["KVG001"]
    assert "sglang/srt/unrelated.py" not in read
    assert "sglang/srt/utils/swa_utils.py" in read


def _probe_word(data: bytes) -> bool:
    return any(w in data for w in project.probe_byte_words())


def _swa_only_member(data: bytes) -> bool:
    """A string literal whose value is an SWA-only member (the reference form: tokenize)."""
    import tokenize

    from lint_rules.names import swa_only_members

    members = swa_only_members()
    tokens = tokenize.tokenize(io.BytesIO(data).readline)
    with contextlib.suppress(tokenize.TokenError, SyntaxError):  # an open bracket at the end
        for t in tokens:
            if t.type == tokenize.STRING and ast.literal_eval(t.string) in members:
                return True
    return False


@pytest.mark.parametrize(
    "data",
    [
        b"x = 1\n",
        b"hasattr(a, 'b')\n",
        b"hasattr(a, 'is_sWa')\n",
        b"# SwA only, no probe\n",
        b"self.token_to_kv_pool_allocator\n",
        b"class KVAllocator: ...\n",
        b"a.full_to_swa_index_mapping\n",
        b"a.full_to_swa_thing\n",
        b"a.get_kvcache()\n",
        b"if hasattr(x, 'y'):\n    mode = 'swA'\n",
        b"if hasattr(alloc, 'ensure_capacity'):\n",
        b'if getattr(alloc, r"""can_reserve""", None):\n',
        b"if hasattr(alloc, ensure_capacity):\n",
        b"if hasattr(alloc, 'ensure_capacity_x'):\n",
        b"ensure_capacity = 1\n",
    ],
)
def test_gate_word_test_equals_the_regex_form(data):
    """The gate's first test (bytes ``in`` only, it runs on every file) answers exactly as the
    allocator/anchor-word test with the ``[sS][wW][aA]`` regular expression it replaced."""
    index = project.Index(".", roots=("token_to_kv_pool_allocator",))
    reference = bool(
        b"token_to_kv_pool_allocator" in data
        or b"Allocator" in data
        or b"translate_loc_from_full_to_swa" in data
        or b"full_to_swa_index_mapping" in data
        or b"get_kvcache" in data
        or (_probe_word(data) and (project._SWA.search(data) or _swa_only_member(data)))
    )
    assert project._gate_words(Haystack(data), index._gate_plan) is reference
    # every case spelling of "swa" counts, with or without the needles already searched
    for i in range(8):
        word = bytes(c - 32 if i >> k & 1 else c for k, c in enumerate(b"swa"))
        probe = b"hasattr(x, 'is_" + word + b"')\n"
        assert project._gate_words(Haystack(probe), index._gate_plan)
        hay = Haystack(probe)
        hay.known_missing(b"Allocator")
        assert project._gate_words(hay, index._gate_plan)


@pytest.mark.parametrize("roots", [("token_to_kv_pool_allocator",), ("kv_alloc", "my_allocator")])
def test_gate_words_with_a_shared_first_test_equal_each_needle_alone(roots):
    """The needles holding a cover (``llocator``, ``swa``) are tested through it first: the
    answer, and what is recorded in ``seen`` for the byte prefilter, are what searching each
    needle gives."""
    import random

    index = project.Index(".", roots=roots)
    needles = [r.encode() for r in roots] + [b"Allocator", b"get_kvcache"]
    needles += [b"translate_loc_from_full_to_swa", b"full_to_swa_index_mapping"]
    pieces = needles + [
        b"llocator",
        b"hasattr(",
        b"getattr(",
        b"Swa",
        b"x = 1\n",
        b"alloc",
        b"ator",
    ]
    pieces += [b"full_to_swa", b"ensure_capacity", b"'ensure_capacity'", b'"can_reserve"']
    pieces += [b"swa", b"SWA", b"except", b"attrgetter", b"_kvcache"]
    rng = random.Random(7)
    for _ in range(400):
        data = b" ".join(rng.choice(pieces) for _ in range(rng.randrange(0, 4)))
        words = needles + list(project.anchor_byte_words())
        reference = any(n in data for n in words) or bool(
            _probe_word(data) and (project._SWA.search(data) or _swa_only_member(data))
        )
        hay = Haystack(data)
        assert project._gate_words(hay, index._gate_plan) is reference, data
        assert all(found is (n in data) for n, found in hay.found.items()), (data, hay.found)


def _quoted_member_reference(data: bytes) -> bool:
    """``_quotes_a_member`` as first written: every piece between quotes, looked up."""
    return not project._member_set().isdisjoint(data.replace(b"'", b'"').split(b'"'))


def test_quoted_member_equals_the_split_form(monkeypatch):
    """The quoted-member test (the pieces between quotes that may be members, found with a
    regular expression, then the first and last piece) answers as the split it replaced: on
    random pieces around members, members as a whole file or at its ends, and real modules."""
    import random
    import sysconfig

    members = sorted(project._member_set())
    pieces = [b"'", b'"', b'"""', b" ", b"x", b"_", b"\n", b"r", b"\\", b"#", b"hasattr(a, ", b")"]
    pieces += members[:4] + [m + b"_x" for m in members[:2]] + [b"x" + m for m in members[2:4]]
    pieces += [m[:-1] for m in members[4:6]]
    rng = random.Random(29)
    samples = [b"", b'"', members[0], members[0] + b"'", b'x"' + members[0], b'"' + members[0]]
    # a piece that may be a member right before one (their quote is shared)
    samples += [
        b"'" + b"x" * 40 + b"'" + members[0] + b"'",
        b'"' + members[1] + b"'" + members[0] + b'"',
    ]
    samples += [
        b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 8))) for _ in range(6000)
    ]
    files = sorted(Path(project.__file__).parent.rglob("*.py"))
    files += sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))[:200]
    samples += [f.read_bytes() for f in files]
    for data in samples:
        assert project._quotes_a_member(data) is _quoted_member_reference(data), data[:80]
    # members that are not identifiers' bytes: the split itself answers
    monkeypatch.setattr(project, "_member_pieces", lambda: None)
    for data in samples[:500]:
        assert project._quotes_a_member(data) is _quoted_member_reference(data), data[:80]


def test_gate_plan_covers_are_sound():
    """Each cover of the gate's plan is inside every needle it stands for (its absence is
    theirs), every needle is in the plan once, the spellings of ``swa`` are its eight, and the
    gate's probes are the probe words (in another order)."""
    for roots in [("token_to_kv_pool_allocator",), ("kv_alloc", "my_allocator"), ("swa_pool",)]:
        index = project.Index(".", roots=roots)
        planned = [n for _, group in index._gate_plan for n in group]
        assert len(planned) == len(set(planned))
        needles = tuple(r.encode() for r in roots) + (b"Allocator",) + project.anchor_byte_words()
        # a needle left out holds another needle (found whenever that one is)
        assert all(n in planned or any(m in n for m in planned) for n in needles)
        for cover, group in index._gate_plan:
            assert cover is None or all(cover in n for n in group), (cover, group)
        assert sorted(index._gate_probes) == sorted(project.probe_byte_words())
    spellings = {bytes(c - 32 if i >> k & 1 else c for k, c in enumerate(b"swa")) for i in range(8)}
    assert len(project._SWA_CASES) == 8 and set(project._SWA_CASES) == spellings
    heads = [(head, w) for head, group in project._SWA_HEADS for w in group]
    assert sorted(w for _, w in heads) == sorted(spellings)
    assert all(w.startswith(head) for head, w in heads)


@pytest.mark.parametrize(
    "data",
    [
        b"class A(B): pass\n",
        b"class A:\n    pass\nclass B(\n    Base,\n    class_thing,\n):\n    pass\n",
        b"  class  Inner (x.Y, metaclass=M):\n",
        b"@classmethod\ndef f(cls): pass\nsubclass = 1\nclass C(make(x), D): pass\n",
        b"class A(f(\nclass B(C)):\n    pass\n",
        b"x = '''\nclass Fake(Base)\n'''\nclass Real(Other): pass",
        b"class A(B\n",
        b"classA(B)\nclass\tT\t(U): pass\n",
    ],
)
def test_class_heads_equal_the_multiline_regex(data):
    """The gate's class-statement scan (``bytes.find`` + a match at the line start) finds
    exactly what ``_CLASS_HEAD.finditer`` finds, overlapping spans included."""
    expected = [(m.start(), m.group(1)) for m in project._CLASS_HEAD.finditer(data)]
    assert [(m.start(), m.group(1)) for m in project._class_heads(data)] == expected


def test_class_heads_on_real_modules():
    """The same on real modules (this package's sources and the standard library's)."""
    import sysconfig

    files = sorted(Path(project.__file__).parent.rglob("*.py"))
    files += sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))[:200]
    for f in files:
        data = f.read_bytes()
        expected = [(m.start(), m.group(1)) for m in project._CLASS_HEAD.finditer(data)]
        assert [(m.start(), m.group(1)) for m in project._class_heads(data)] == expected, f


def _imports_reference(index, path: str, data: bytes) -> list:
    """The import table as first written: one regular expression per statement kind, each
    over the lines holding ``import``, and the names split with regular expressions."""
    import re

    module = project.module_of(path)[0]
    pkg = os.path.basename(path) == "__init__.py"
    out = []
    for m in project._import_statements(data, project._FROM):
        dots, target, names = m.group(1), m.group(2).decode(), m.group(3)
        absmod = index.absolute(module, len(dots), target, pkg)
        pairs = []
        for part in re.sub(rb"#[^\n]*", b"", names).replace(b"\\\n", b" ").split(b","):
            words = project._NAME.findall(part)
            if len(words) >= 3 and words[1] == b"as":
                pairs.append((words[0].decode(), words[2].decode()))
            elif words:
                pairs.append((words[0].decode(), words[0].decode()))
        out.append((absmod, pairs, b"*" in names))
    for m in project._import_statements(data, project._IMPORT):
        for part in m.group(1).split(b","):
            words = part.split()
            if words:
                out.append((words[0].decode(), None, False))
    return out


IMPORT_TEXTS = [
    b"import os, sys as system\nfrom . import a\nfrom ..x.y import (b as c,  # note )\n d)\n",
    b"from x import *\nfrom y import a, \\\n    b as bb\nimport a.b.c\n",
    b"def f():\n    from .m import g  # local\n    import json; import re\n",
    b"s = 'import x'\nfrom\tz  import\t(\n  k,\n  # import q\n  l,\n)\n",
    b"from x import (a,\nimport_b)\nimportlib = 1\n",
]


@pytest.mark.parametrize("data", IMPORT_TEXTS)
def test_import_table_equals_the_first_form(tmp_path, data):
    index = project.Index(str(tmp_path))
    path = str(tmp_path / "pkg" / "mod.py")
    assert index._imports_re(path, data) == _imports_reference(index, path, data)


def test_import_table_on_generated_statements(tmp_path):
    """Random import-like lines (continuations, comments, brackets, stray backslashes): the
    one-pass table, with its unrolled statement pattern, equals the two-pass form."""
    import random

    pieces = [b"from ", b"import ", b".", b"a", b"b as c", b", ", b"\\\n", b"\\", b"#", b"(", b")"]
    pieces += [b"\n", b"\t", b";", b"*", b" x"]
    index = project.Index(str(tmp_path))
    path = str(tmp_path / "pkg" / "mod.py")
    rng = random.Random(17)
    for _ in range(3000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 14)))
        index._import_tables.clear()
        assert index._imports_re(path, data) == _imports_reference(index, path, data), data


def test_base_lookup_without_the_table_equals_the_table(tmp_path):
    """``_may_be_in_scope`` before the import table is read (``_base_imported``: only the
    ``from`` statements whose text holds a base name are read to their names) asks the same
    classes in the same order and answers the same as with the table; when it reads every
    statement, it records the statements after ``:`` or ``;`` as the table does."""
    import random

    lines = [
        b"from m{} import Base",
        b"from .m{} import Other as Base, x",
        b"import m{}.Base",
        b"from m{} import (\n  a,\n  Base as B,  # c\n)",
        b"from m{} import *",
        b"if x: from m{} import Base",
        b"from m{} import a, \\\n  Other as B",
        b"x; import m{}",
        b"from m{} import Bas",
        b"from m{} import Basement, Other",
        b"s = 'from m{} import x'",
        b"from m{} import (Other as x)  # Base",
        b"class C(Base):",
        b"from m{} import",
    ]
    scope = ScopeConfig(root=str(tmp_path))
    index = project.Index(str(tmp_path), patterns=scope.base_patterns, scope=scope)
    path = str(tmp_path / "pkg" / "mod.py")
    rng = random.Random(23)
    for _ in range(3000):
        chosen = [rng.choice(lines).replace(b"{}", b"%d" % i) for i in range(rng.randrange(1, 6))]
        data = b"\n".join(chosen) + b"\n"
        bases = set(rng.sample([b"Base", b"B", b"x", b"Other"], rng.randrange(1, 3)))
        seen = []
        for table_first in (False, True):
            index._import_tables.clear()
            index._inline_imports.clear()
            if table_first:
                index._imports_re(path, data)
            calls: list = []

            def base_matters(module, name, deps, depth, calls=calls):
                calls.append((module, name, depth))
                deps[module] = [module, 0, 0]
                return name == "Other"

            index._base_matters = base_matters
            deps: dict = {}
            answer = index._may_be_in_scope(path, data, bases, deps, lambda: False)
            seen.append((answer, calls, deps, answer or index._inline_imports.get(path)))
        assert seen[0] == seen[1], (data, bases)


def test_import_table_on_real_modules():
    """The one-pass import table equals the two-pass form on this package and the standard
    library (relative imports resolved from each file's package)."""
    import sysconfig

    files = sorted(Path(project.__file__).parent.rglob("*.py"))
    files += sorted(Path(sysconfig.get_paths()["stdlib"]).rglob("*.py"))[:400]
    index = project.Index(str(Path(project.__file__).parent))
    for f in files:
        data = f.read_bytes()
        got = index._imports_re(str(f), data)
        assert got == _imports_reference(index, str(f), data), f


def _extents_reference(data: bytes) -> dict:
    """``Index._extents`` as first written: ``finditer`` of the multi-line expressions."""
    import bisect

    out: dict = {}
    heads = list(project._TOP.finditer(data))
    quotes = [q.start() for q in project._TRIPLE.finditer(data)] if heads else []
    for m in heads:
        name = (m.group(1) or m.group(2)).decode()
        end = len(data)
        for nxt in project._COL0.finditer(data, m.end()):
            at = nxt.start()
            if bisect.bisect_left(quotes, at) % 2 == 0:
                end = at
                break
        prev = out.get(name)
        out[name] = (m.start(), end, m.group(0)) if prev is None else (0, len(data), b"")
    for m in project._ASSIGN.finditer(data):
        out[m.group(1).decode()] = (0, len(data), b"")
    return out


EXTENT_TEXTS = [
    b"def f():\n    pass\nclass C(B):\n    x = 1\n\nasync def g(): ...\n",
    b'X = 1\ndef f():\n    """\ndef not_top():\n"""\n    return 1\n)\nY: int = 2\nf = 3\n',
    b"x =\ny = 1\nz=\n=2\nclass A:\n  pass\nclass A:\n  pass\n# c\n}\ndef h(): pass",
    b"'''\nclass Q: pass\n'''\nasync  def  k(a,\n b): pass\nasyncdef = 1\nclassy = 2\n",
    b"def f(): pass\r\ndef g(): pass\n\n\n\ndef\tt(): pass\nv : str = 'a'\n",
]


@pytest.mark.parametrize("data", EXTENT_TEXTS)
def test_extents_equal_the_multiline_regex_form(data):
    assert project._extents_of(data) == _extents_reference(data)


def test_extents_on_real_modules():
    """The same on this package's modules and the standard library's."""
    import sysconfig

    files = sorted(Path(project.__file__).parent.rglob("*.py"))
    files += sorted(Path(sysconfig.get_paths()["stdlib"]).rglob("*.py"))[:400]
    for f in files:
        data = f.read_bytes()
        assert project._extents_of(data) == _extents_reference(data), f


def test_chunked_parallel_triage_sees_other_modules(tmp_path):
    """A run large enough to triage in chunks across processes (``--jobs 2``) finds what the
    one-process run finds, cross-module findings included (each process builds its own index
    memo), and both equal the full reference."""
    from lint_rules.engine import MIN_PARALLEL_PENDING

    backend = BACKEND.format(
        imports="from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n"
        "from sglang.srt.utils import kv_alloc",
        expr='hasattr(kv_alloc(model_runner), "full_to_swa_index_mapping")',
    )
    sub = (
        "from sglang.srt.store_base import StoreBase\n\n\n"
        "class Sub(StoreBase):\n"
        "    def f(self, loc):\n"
        "        return self._kv.translate_loc_from_full_to_swa(loc)\n"
    )
    extra = {"sglang/srt/models/sub.py": sub}
    for i in range(MIN_PARALLEL_PENDING + 40):
        extra[f"sglang/srt/filler/m{i:04d}.py"] = f"VALUE_{i} = {i}\n"
    _package(tmp_path, backend, extra)
    one = _check(tmp_path, "--no-cache", "--jobs", "1")
    two = _check(tmp_path, "--no-cache", "--jobs", "2")
    assert ("sglang/srt/models/sub.py", "KVG002", 6) in one
    assert any(f.endswith("foo_backend.py") and c == "KVG001" for f, c, _ in one)
    assert one == two == _reference(tmp_path)


# ---------------------------------------------------------------- lazy summaries (issue 11 speed)

TWO_PARAMS = """
def check(runner, alloc):
    return runner is not None and hasattr(alloc, "full_to_swa_index_mapping")


def check_kw(runner, **kwargs):
    return hasattr(kwargs.get("alloc"), "full_to_swa_index_mapping")
"""


@pytest.mark.parametrize(
    "expression,codes",
    [
        ("check(model_runner, model_runner.token_to_kv_pool_allocator)", ["KVG001"]),
        ("check(model_runner.token_to_kv_pool_allocator, None)", []),
        ("check(runner=model_runner, alloc=model_runner.token_to_kv_pool_allocator)", ["KVG001"]),
        ("check(alloc=None, runner=model_runner.token_to_kv_pool_allocator)", []),
        ("check_kw(model_runner, alloc=model_runner.token_to_kv_pool_allocator)", ["KVG001"]),
        ("check_kw(model_runner.token_to_kv_pool_allocator)", []),
    ],
)
def test_parameter_anchors_computed_when_a_call_asks(tmp_path, expression, codes):
    """Which parameter of an imported helper reaches an anchor is computed per parameter, when
    a call first passes the allocator there: the finding appears only through that parameter
    (positional, keyword, ``**kwargs``), and nothing is computed for the others."""
    backend = BACKEND.format(
        imports="from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n"
        "from sglang.srt.utils.two import check, check_kw",
        expr=expression,
    )
    _package(tmp_path, backend, {"sglang/srt/utils/two.py": TWO_PARAMS})
    found = _check(tmp_path, "--no-cache", "--jobs", "1")
    assert [c for f, c, _ in found if f.endswith("foo_backend.py")] == codes, found
    assert found == _reference(tmp_path)
    # the facts themselves: asked per parameter
    index = project.Index(str(tmp_path), patterns=ScopeConfig().base_patterns)
    s = index.summary(str(tmp_path / "sglang/srt/utils/two.py"))
    fact = s.functions["check"]
    assert fact.may_anchor and fact.computed == {}
    assert fact.anchor_kinds("runner") == frozenset()
    assert list(fact.computed) == ["runner"]
    assert fact.anchor_kinds("alloc") == {"swa-member-probe"}
    assert fact.anchors == {"alloc": {"swa-member-probe"}}
    assert s.functions["check_kw"].anchors == {"**": {"swa-member-probe"}}


@pytest.mark.parametrize(
    "source,expected",
    [
        ("def f(a):\n    return a.translate_loc_from_full_to_swa(1)\n", True),
        ("def f(a):\n    return isinstance(a, SWATokenToKVPoolAllocator)\n", True),
        ("def f(a):\n    return getattr(a, b'swa', None)\n", True),
        ("def f(a: SWATokenToKVPoolAllocator):\n    return a\n", True),
        ("def f(a, b=x.full_to_swa_index_mapping):\n    return a\n", True),
        ("@wrap(hasattr(x, 'swa_pool'))\ndef f(a):\n    return a\n", True),
        ("def f(a) -> m.PureSWATokenToKVPoolAllocator:\n    return a\n", True),
        ("def f(a):\n    return a.full_to_swa\n", False),
        ("def f(a):\n    return hasattr(a, 'size')\n", False),
        ("f = lambda a, b=SWATokenToKVPoolAllocator: a\n", True),
    ],
)
def test_may_anchor_words_pretest_equals_the_walk(source, expected):
    """``_may_anchor_param`` with the model's words of the body walks only what can answer
    yes: the same answer as the plain walk (signature parts are not in the body's words)."""
    import ast

    from lint_rules.flow import Flow

    flow = Flow.build(ast.parse(source), (), None)
    unit = next(u for u in flow.units if u.kind == "function")
    assert project._may_anchor_param(unit.node) is expected
    assert project._may_anchor_param(unit.node, unit.words) is expected


LOCAL_CHAIN = """
from sglang.srt import store_base
from sglang.srt.store_base import StoreBase
from sglang.srt.model_executor.forward_batch_info import ForwardBatch


class Mid(StoreBase):
    pass


class Sub(Mid):
    def f(self, loc, batch: ForwardBatch):
        return self._kv.translate_loc_from_full_to_swa(loc)


class Dotted(store_base.StoreBase):
    def g(self):
        return hasattr(self._kv, "full_to_swa_index_mapping")

    def ok(self):
        return hasattr(self._pool, "full_to_swa_index_mapping")
"""

FORWARD_BATCH = """
class ForwardBatch:
    def __init__(self, runner):
        self.token_to_kv_pool_allocator = runner.token_to_kv_pool_allocator
"""


def test_bases_through_a_local_class_and_a_module_attribute(tmp_path):
    """What a subclass inherits from a class of another module, asked through its bases only:
    through a local intermediate class (whose own facts are computed only when asked), and a
    base written as ``module.Class``; a class imported for an annotation gives nothing (the
    model tracks no instance of it), and is not summarised."""
    _package(
        tmp_path,
        "",
        {
            "sglang/srt/models/sub.py": LOCAL_CHAIN,
            "sglang/srt/model_executor/__init__.py": "",
            "sglang/srt/model_executor/forward_batch_info.py": FORWARD_BATCH,
        },
    )
    found = _check(tmp_path, "--no-cache", "--jobs", "1")
    assert [(c, r) for f, c, r in found if f.endswith("sub.py")] == [
        ("KVG001", 18),
        ("KVG002", 13),
    ], found
    assert found == _reference(tmp_path)
    index = project.Index(str(tmp_path), patterns=ScopeConfig().base_patterns)
    sub = str(tmp_path / "sglang/srt/models/sub.py")
    assert (
        checker.proven_clean(
            (tmp_path / "sglang/srt/models/sub.py").read_text(),
            checker_codes(),
            ScopeConfig(root=str(tmp_path)),
            FileContext(index, sub),
        )
        is False
    )
    summarised = {os.path.relpath(p, tmp_path) for p, s in index._summaries.items()}
    facts = {os.path.relpath(p, tmp_path) for p, s in index._summaries.items() if not s.pending}
    assert "sglang/srt/store_base.py" in facts
    assert "sglang/srt/model_executor/forward_batch_info.py" not in summarised
    assert "sglang/srt/models/sub.py" not in facts  # its own facts: the flow model's


PLAIN_BASE = """
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class PlainBase(AttentionBackend):
    pass
"""

PLAIN_SUB = """
from sglang.srt.plain_base import PlainBase


class Sub(PlainBase):
    def f(self, model_runner):
        return hasattr(model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping")
"""


def test_scope_through_a_base_whose_module_holds_no_fact(tmp_path):
    """Outside the backend paths, a class is backend code only through its base, defined in
    a module without any allocator word: the gate says the file matters (backend scope comes
    from the index) and the base's module is summarised for its classes."""
    _package(
        tmp_path,
        "",
        {"sglang/srt/plain_base.py": PLAIN_BASE, "sglang/srt/models/sub.py": PLAIN_SUB},
    )
    found = _check(tmp_path, "--no-cache")
    assert [(f, c) for f, c, _ in found if f.endswith("sub.py")] == [
        ("sglang/srt/models/sub.py", "KVG001")
    ], found
    assert found == _reference(tmp_path) == _reference(tmp_path, gate_free=True)


QUIET_BASE = """
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class QuietBase(AttentionBackend):
    def __init__(self, model_runner):
        self.pages = model_runner.token_to_kv_pool_allocator.size
"""

QUIET_SUB = """
from sglang.srt.quiet_base import QuietBase
from sglang.srt.utils.swa_utils import kv_pool


class QuietAttnBackend(QuietBase):
    def f(self, model_runner):
        pool = kv_pool(model_runner)
        return hasattr(model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping")
"""


def test_gate_refined_by_what_the_index_gives(tmp_path):
    """The byte test lets the file through (its base's text and its helper's hold allocator
    words), but the index gives its model nothing (the base stores no allocator, the helper
    returns none): the file is an ordinary one, its own finding is found, and the files the
    refinement read are its dependencies."""
    _package(
        tmp_path,
        "",
        {"sglang/srt/quiet_base.py": QUIET_BASE, "sglang/srt/layers/attention/sub.py": QUIET_SUB},
    )
    found = _check(tmp_path, "--no-cache")
    assert [(f, c, r) for f, c, r in found if f.endswith("sub.py")] == [
        ("sglang/srt/layers/attention/sub.py", "KVG001", 9)
    ], found
    assert found == _reference(tmp_path) == _reference(tmp_path, gate_free=True)
    index = project.Index(
        str(tmp_path), patterns=ScopeConfig().base_patterns, scope=ScopeConfig(root=str(tmp_path))
    )
    sub = str(tmp_path / "sglang/srt/layers/attention/sub.py")
    matters, deps = index.gate(sub)
    assert not matters
    assert index._name_matters("sglang.srt.quiet_base", "QuietBase", {}, 0)  # bytes: yes
    read = {os.path.relpath(d[0], tmp_path) for d in deps}
    assert {"sglang/srt/quiet_base.py", "sglang/srt/utils/swa_utils.py"} <= read


@pytest.mark.parametrize(
    "line,inline",
    [
        (b"if x: import y\n", True),
        (b"    try: from a import b\n", True),
        (b'x = "#"; import os\n', True),
        (b"if X: class A(B): pass\n", True),
        (b"# lazily; import it in the function\n", False),
        (b"a = 1  # note: import\n", False),
        (b"from a import b\n", False),
        (b"class A: pass\n", False),
    ],
)
def test_inline_statements_make_the_gate_give_up(line, inline):
    """An import or class statement after ``:`` or ``;`` is not read by the gate's regular
    expressions: such a file matters (the module's own table may hold the import)."""
    assert project._inline_statement(b"import os\n" + line) is inline


HELPER_CALLS = """
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.utils.two import check as checker


def wrap(runner, a):
    return checker(runner, a)


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.alloc = model_runner.token_to_kv_pool_allocator

    def f(self, model_runner):
        {body}
"""


@pytest.mark.parametrize(
    "body,codes",
    [
        ("return checker(model_runner, model_runner.token_to_kv_pool)", []),
        ("return checker(model_runner, self.alloc)", ["KVG001"]),
        ("return wrap(model_runner, self.alloc)", ["KVG001"]),
        ("h = checker\n        return h(model_runner, self.alloc)", ["KVG001"]),
        ("self.h = checker\n        return self.h(model_runner, self.alloc)", ["KVG001"]),
        ("return [checker][0](model_runner, self.alloc)", ["KVG001"]),
        ("return checker(self.alloc, None)", []),
    ],
)
def test_helpers_only_file_is_proven_by_the_outline(tmp_path, body, codes):
    """A file the index gives only a helper whose parameter may reach an anchor: the outline
    proof decides it, a carrying call of the helper (directly, through a function of the
    module, a rebound name or attribute, a container) not proven; the findings are those of
    the full analysis under a gate-free index."""
    _package(
        tmp_path,
        HELPER_CALLS.format(body=body),
        {"sglang/srt/utils/two.py": TWO_PARAMS},
    )
    found = _check(tmp_path, "--no-cache")
    assert [c for f, c, _ in found if f.endswith("foo_backend.py")] == codes, found
    assert found == _reference(tmp_path) == _reference(tmp_path, gate_free=True)
    index = project.Index(
        str(tmp_path), patterns=ScopeConfig().base_patterns, scope=ScopeConfig(root=str(tmp_path))
    )
    backend = str(tmp_path / "sglang/srt/layers/attention/foo_backend.py")
    assert FileContext(index, backend).helpers_only() == {"checker"}
    from lint_rules.reduce import _clean_by_outline

    text = HELPER_CALLS.format(body=body)
    by_outline = _clean_by_outline(text, checker_codes(), refuse_calls=frozenset({"checker"}))
    assert not (codes and by_outline)  # never proves a file with a finding clean
    if "token_to_kv_pool)" in body:
        assert by_outline  # the cheap path settles the clean call


def test_class_bases_read_to_the_matching_bracket():
    """The refinement reads every word of a class statement's bases (nested brackets, several
    lines, keywords) and the last part of each positional dotted base; a statement not read to
    its end answers None (the file then matters)."""
    data = (
        b"class A(make(x), mod.Base,\n        Other[int], metaclass=Meta):\n    pass\n"
        b"class B:\n    pass\n"
        b"    class C(D): pass\n"
    )
    assert project._class_bases(data) == [
        (["make", "x", "mod", "Base", "Other", "int", "metaclass", "Meta"], ["Base"]),
        ([], []),
        (["D"], ["D"]),
    ]
    assert project._class_bases(b"class A(B" + b" " * 9000) is None


def _fact_words_reference(roots):
    """The fact words as one regular expression (the form ``project._FactWords`` replaced)."""
    import re

    from lint_rules.names import SWA_ALLOCATOR_NAMES, swa_only_members

    words = [re.escape(r.encode()) for r in roots]
    words += [
        rb"(?:TokenToKVPool|KV|SWA)\w*Allocator",
        rb"translate_loc_from_full_to_swa",
        rb"full_to_swa_index_mapping",
        rb"_kvcache",  # ``get_kvcache`` and the field it returns
        rb"attrgetter",
        rb"methodcaller",
        rb"(?:hasattr|getattr)[^)\n]*(?:[sS][wW][aA]|"
        + b"|".join(re.escape(m.encode()) for m in sorted(swa_only_members()))
        + b")",
    ]
    for name in sorted(SWA_ALLOCATOR_NAMES):
        words.append(re.escape(name.encode()))
    return re.compile(b"|".join(words))


@pytest.mark.parametrize("roots", [("token_to_kv_pool_allocator",), ("kv_allocator", "alloc")])
def test_fact_words_equal_the_regular_expression(roots):
    """``project._FactWords`` (each branch of the fact-word alternation searched from its
    literal) answers as the regular expression, for whole files and for spans."""
    import random

    from lint_rules import haystack

    regex = _fact_words_reference(roots)
    facts = project._FactWords(roots)
    pieces = [b"Allocator", b"TokenToKVPool", b"KV", b"SWA", b"x", b"_", b" ", b"\n", b")"]
    pieces += [b"hasattr(", b"sWa", b".get_kvcache", b"get_kvcache", b"full_to_swa_index_mapping"]
    pieces += [b"getattr(", b"._kvcache", b"attrgetter"]
    pieces += [b"SWATokenToKVPoolAllocator", b".", b"\0"] + [r.encode() for r in roots]
    pieces += [b"ensure_capacity", b"can_reserve"]  # SWA-only members of the real classes
    rng = random.Random(13)
    texts = [b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 10))) for _ in range(3000)]
    texts += [p.read_bytes() for p in sorted(Path(project.__file__).parent.glob("*.py"))]
    try:
        for fast in (False, True):
            haystack.enable() if fast else haystack.disable()
            for data in texts:
                assert facts.search(data) is bool(regex.search(data)), data
                for _ in range(3):
                    a = rng.randrange(-2, len(data) + 2)
                    b = rng.randrange(-2, len(data) + 3)
                    assert facts.search(data, a, b) is bool(regex.search(data, a, b)), (data, a, b)
    finally:
        haystack.disable()


# ---------------------------------------------------------------- sketches (issue 11 speed)


@pytest.mark.parametrize(
    "source,free",
    [
        ('x = getattr(a, "token_to_kv_pool_" "allocator")\n', False),
        ('x = getattr(a, "token_to_kv_pool_\\x61llocator")\n', False),
        ("x = 'token_to_kv_pool_\\\nallocator'\n", False),
        ('def f(a: "TokenToKVPoolAlloc" "ator"): pass\n', False),
        ("def f(a: f\"{'TokenToKVPoolAlloc' 'ator'}\"): pass\n", False),
        ('x = ("Alloc"  # c\n  "ator")\n', False),
        ("def f(a: Alloc):\n    return a.token_to_kv_pool_allocator\n", False),
        ('x = ("a" "b")\ny = f"{x!r} {y}"\nz = "\\n"\nw = rb"Alloc" b"ator"\n', True),
        ("k = runner.token_to_kv_pool_allocator.get_kvcache()\n", True),
        ("k = (runner.token_to_kv_pool_allocator\n     .get_kvcache())\n", True),
        ("# a TokenToKVPoolAllocator\nx = m.token_to_kv_pool_allocator . y\n", True),
        ("a = m.token_to_kv_pool_allocator\n", False),
        ("def f(a, b):\n    return a\nf(m.token_to_kv_pool_allocator, 1)\n", False),
        ("a = m.token_to_kv_pool_allocator[0]\n", False),
        ("a = (m.token_to_kv_pool_allocator).b\n", False),
        ("self.token_to_kv_pool_allocator.x = 1\nself.token_to_kv_pool_allocator = x\n", False),
        ("def f(token_to_kv_pool_allocator): pass\n", False),
        ("f(token_to_kv_pool_allocator=1)\n", False),
        ("a, token_to_kv_pool_allocator = g()\n", False),
        ("x = m.token_to_kv_pool_allocator_size.y\n", False),
        ('x = "a token_to_kv_pool_allocator"\n', False),
        # an argument of a call of a name the module never binds (an import is no binding)
        ("from m import (\n    Mgr,\n)\nx = Mgr(r.a,\n  k=r.token_to_kv_pool_allocator)\n", True),
        ("x = Mgr(f(r.token_to_kv_pool_allocator))\n", True),
        ("x = Mgr(r.token_to_kv_pool_allocator)\nMgr = 1\n", False),
        ("def Mgr(a): return a\nx = Mgr(r.token_to_kv_pool_allocator)\n", False),
        ("x = Mgr(r.token_to_kv_pool_allocator)\ny = Mgr\n", False),
        ("Mgr.append(1)\nMgr(r.token_to_kv_pool_allocator)\n", False),
        ("x = o.Mgr(r.token_to_kv_pool_allocator)\n", False),
        ("x = Mgr([r.token_to_kv_pool_allocator])\n", False),
        ("x = Mgr(*r.token_to_kv_pool_allocator)\n", False),
        ("x = Mgr(a == r.token_to_kv_pool_allocator)\n", False),
        ("x = Mgr(r().token_to_kv_pool_allocator)\n", False),
        ("x = dict(a=r.token_to_kv_pool_allocator)\n", False),
        ("x = ArgNamespace(a=r.token_to_kv_pool_allocator)\n", False),
        ("x = partial(r.token_to_kv_pool_allocator)\n", False),
        ("class C(r.token_to_kv_pool_allocator): pass\n", False),
        ("t = (r.token_to_kv_pool_allocator, 1)\n", False),
    ],
)
def test_flow_free_refuses_strings_that_spell_a_source(source, free):
    """``_flow_free``: no ``Allocator`` in code, no root but as ``<x>.<root>.<member>``, none
    in a string or spelled by one (escapes, adjacent literals, an f-string's nested literals;
    bytes are no source); comments do not count."""
    assert project._flow_free(source.encode(), source, ("token_to_kv_pool_allocator",)) is free


def _sketch_and_full(path: Path):
    index = project.Index(str(path.parent), patterns=ScopeConfig().base_patterns)
    sketch = index._sketch(str(path))
    full = project.Index(str(path.parent), patterns=ScopeConfig().base_patterns).summary(str(path))
    return sketch, full


def _fact_view(s):
    import ast

    def fn(f):
        return (f.qual, f.params, f.implicit, f.returns_alloc, f.may_anchor)

    def cls(c):
        bases = [ast.dump(b) for b in c.bases]
        return (c.name, bases, c.attrs, c.props, sorted(c.methods))

    return (
        {k: fn(v) for k, v in s.functions.items()},
        {k: cls(v) for k, v in s.classes.items()},
    )


def test_sketches_equal_the_parse_on_real_modules():
    """A module's sketch gives its parse's import table and names, and (when no allocator can
    arise in it) its parse's functions and classes."""
    corpus = Path.home() / ".cache/kvguard/corpus"
    roots = [corpus / v / "sglang/srt/layers/attention" for v in ("0.5.9", "0.5.14", "0.5.23")]
    roots = [r for r in roots if r.is_dir()]
    if not roots:
        pytest.skip("corpus not downloaded")
    with_facts = 0
    for path in sorted(p for r in roots for p in r.rglob("*.py")):
        sketch, full = _sketch_and_full(path)
        if sketch is None or full is None:
            continue
        assert (sketch.imports, sketch.stars, sketch.defined, sketch.heads) == (
            full.imports,
            full.stars,
            full.defined,
            full.heads,
        ), path
        if not sketch.pending:
            with_facts += 1
            assert _fact_view(sketch) == _fact_view(full), path
    assert with_facts > 5


BROKEN_BASE = """
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class BrokenBase(AttentionBackend):
    def ok(self):
        return self.pool.full_to_swa_index_mapping

    def bad(self):
        return = 1
"""

BROKEN_SUB = """
from sglang.srt.layers.attention.broken_base import BrokenBase
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class SubAttnBackend(BrokenBase):
    def f(self, model_runner, loc):
        return model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
"""


@pytest.mark.parametrize("broken", [True, False])
def test_sketch_answers_equal_the_parse_also_for_a_module_that_does_not_parse(tmp_path, broken):
    """The refinement reads a base class's module from its sketch: the same answer (and
    findings) as without sketches, whether the module parses or not (a method that does not
    parse: the sketch parses, the module does not)."""
    base = BROKEN_BASE if broken else BROKEN_BASE.replace("return = 1", "return 1")
    _package(
        tmp_path,
        BACKEND.format(
            imports="from sglang.srt.layers.attention.base_attn_backend import AttentionBackend",
            expr="None",
        ),
        {
            "sglang/srt/layers/attention/broken_base.py": base,
            "sglang/srt/layers/attention/sub_backend.py": BROKEN_SUB,
        },
    )
    sub = str(tmp_path / "sglang/srt/layers/attention/sub_backend.py")
    scope = ScopeConfig(root=str(tmp_path))
    answers = []
    for sketches in (True, False):
        index = project.Index(str(tmp_path), patterns=scope.base_patterns, scope=scope)
        if not sketches:
            index._sketch = lambda path: None
        answers.append(index.gate(sub))
        if sketches:
            assert str(tmp_path / "sglang/srt/layers/attention/broken_base.py") in index._sketches
    assert answers[0][0] == answers[1][0]
    found = _check(tmp_path, "--no-cache", "--jobs", "1")
    assert found == _reference(tmp_path)
