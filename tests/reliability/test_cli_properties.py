"""Property test through the real CLI: `kvguard fix` leaves every file without findings
byte-identical, whatever its encoding form, and writes exactly the library's fix elsewhere.

tests/lint/test_properties.py checks ``fix_text`` on generated programs in-process; this runs
the whole path (discovery, byte-level prefilter, decode, parallel parse, fix, atomic write in
the file's own encoding) on trees of hypothesmith programs in BOM / CRLF / latin-1-cookie /
no-final-newline forms, mixed with fixable backends so that writes really happen in the run.
"""

from __future__ import annotations

import codecs
import tempfile
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig

from .helpers import BUGGY, DEFAULT_CODES, expected_fix, kvguard, snapshot, write

FORMS = ["plain", "bom", "crlf", "bom-crlf", "latin1", "no-final-newline"]


def _encode(text: str, form: str):
    if form == "no-final-newline":
        text = text.rstrip("\n")
    if form in ("crlf", "bom-crlf"):
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    if form == "latin1":
        try:
            return ("# -*- coding: latin-1 -*-\n" + text).encode("latin-1")
        except UnicodeEncodeError:
            return None
    data = text.encode("utf-8", "surrogatepass")
    return codecs.BOM_UTF8 + data if form.startswith("bom") else data


@st.composite
def trees(draw):
    files = {}
    n = draw(st.integers(1, 3))
    for i in range(n):
        text = draw(hypothesmith.from_grammar())
        form = draw(st.sampled_from(FORMS))
        data = _encode(text, form)
        if data is None:
            continue
        try:
            data.decode("utf-8") if not form == "latin1" else None
        except UnicodeDecodeError:  # lone surrogates: not a source file anyone can have
            continue
        files[f"gen/m{i}_{form}.py"] = data
    if draw(st.booleans()):
        files["backends/toy_backend.py"] = _encode(BUGGY, draw(st.sampled_from(FORMS[:4])))
    return files


# hypothesmith compiles each program it generates: a valid one such as `1()` draws the
# compiler's SyntaxWarning (advice on the generated text, not a fault of the suite)
@pytest.mark.filterwarnings("ignore::SyntaxWarning")
# Each example is a kvguard subprocess: no shrinking (it would rerun the CLI hundreds of times);
# the failing tree is printed as generated.
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@pytest.mark.slow  # hypothesmith generation is CPU-heavy: ~45 s
@given(trees())
def test_fix_through_the_cli_touches_only_files_with_fixes(files):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write(root, "pyproject.toml", "[project]\nname = 'demo'\n")
        for rel, data in files.items():
            write(root, rel, data)
        before = snapshot(root)
        run = kvguard("fix", "--no-cache", "--jobs", "2", cwd=root)
        assert "Traceback" not in run.err and "internal error" not in run.err, run
        after = snapshot(root)
        assert set(after) == set(before), "files appeared or disappeared"
        for rel, data in files.items():
            got = (root / rel).read_bytes()
            from lint_rules.source import SourceDecodeError, decode_source

            try:
                text = decode_source(data).text
            except SourceDecodeError:
                assert got == data
                continue
            lint = lint_text(text, rel, DEFAULT_CODES, ScopeConfig())
            if lint.error or not lint.findings:
                assert got == data, f"{rel} had nothing to fix but was rewritten"
            else:
                assert got == expected_fix(data, rel, root), rel
