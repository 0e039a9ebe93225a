"""The index-space model (lint_rules/index_space.py) and KVG005 built on it.

Unit tests on the model's tags, the configured renames, and, on the real corpus, that neither the
byte prefilter nor KVG005's own clean-proof can hide a finding the ungated model makes.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from lint_rules import checker, index_space, registry
from lint_rules.context import FileContext
from lint_rules.model import ScopeConfig

PATH = "sglang/srt/layers/attention/example_backend.py"


def _hits(src: str, **kw) -> list:
    src = textwrap.dedent(src)
    model = index_space.IndexSpace(ast.parse(src), text=src, **kw)
    return sorted({(h.call.lineno, h.fn.qualname) for h in model.hits})


def _lint(src: str, scope: ScopeConfig = ScopeConfig()) -> list:
    res = checker.lint_text(textwrap.dedent(src), PATH, {"KVG005"}, scope)
    assert res.error is None
    return [(f.location.row, f.context) for f in res.findings]


SPEC = """
class B(AttentionBackend):
    def decode(self, metadata):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(metadata.page_table)
    def spec(self, metadata, metadata_expand):
        a = metadata.page_table
        {translate}
        prepare_swa_spec_page_table_triton(dst, a, metadata_expand.page_table[:, :4])
"""


def test_untranslated_full_page_table_is_reported_at_the_builder_call():
    assert _hits(SPEC.format(translate="pass")) == [(8, "B.spec")]


def test_translated_on_a_path_is_not_reported_but_both_sources_must_be():
    guarded = (
        "if self.use_swa:\n            a = self.token_to_kv_pool.translate_loc_from_full_to_swa(a)"
    )
    # a is translated on one path; metadata_expand.page_table on none: still reported
    assert _hits(SPEC.format(translate=guarded)) == [(9, "B.spec")]
    fixed = SPEC.replace(
        "metadata_expand.page_table[:, :4]",
        "self.token_to_kv_pool.translate_loc_from_full_to_swa(metadata_expand.page_table)",
    )
    assert _hits(fixed.format(translate=guarded)) == []


def test_mapping_any_spelling_and_aliases_give_swa():
    src = """
    class B(AttentionBackend):
        def spec(self, metadata):
            m = self.pool.full_to_swa_index_mapping
            tr = self.pool.translate_loc_from_full_to_swa
            prepare_swa_spec_page_table_triton(dst, m[metadata.page_table], tr(metadata.page_table))
    """
    assert _hits(src) == []


def test_shape_only_methods_do_not_carry_locations():
    src = """
    class B(AttentionBackend):
        def spec(self, metadata):
            dst = metadata.page_table.new_zeros((4, 8))
            x = self.pool.translate_loc_from_full_to_swa(metadata.page_table)
            prepare_swa_spec_page_table_triton(dst, x, x)
    """
    assert _hits(src) == []


def test_kernel_output_filled_from_full_locations_is_full():
    src = """
    class B(AttentionBackend):
        def init(self, metadata, req_pool_indices):
            kv_indices = torch.empty(100)
            create_flashinfer_kv_indices_triton[(4,)](self.req_to_token, req_pool_indices, kv_indices)
            metadata.swa_page_table = kv_indices
        def other(self, metadata, loc):
            metadata.swa_page_table = self.pool.translate_loc_from_full_to_swa(loc)
    """
    assert _hits(src) == [(6, "B.init")]


def test_helper_returns_follow_their_arguments():
    src = """
    class B(AttentionBackend):
        def _maybe(self, x):
            if self.use_swa:
                return self.pool.translate_loc_from_full_to_swa(x)
            return x
        def _same(self, x):
            return x[:, :4]
        def spec(self, metadata):
            prepare_swa_spec_page_table_triton(dst, self._maybe(metadata.page_table), self._maybe(metadata.page_table))
            prepare_swa_spec_page_table_triton(dst, self._same(metadata.page_table), 1)
    """
    assert _hits(src) == [(11, "B.spec")]


def test_configured_renames():
    src = """
    class B(AttentionBackend):
        def decode(self, metadata):
            return self.pool.to_window_loc(metadata.page_table)
        def spec(self, metadata):
            prepare_swa_spec_page_table_triton(dst, metadata.block_ids, metadata.block_ids)
    """
    assert _lint(src) == []  # no known translator: the module is not known to use an SWA pool
    renamed = ScopeConfig(swa_translators=("to_window_loc",), full_location_sources=("block_ids",))
    assert _lint(src, renamed) == [(6, "B.spec")]
    meta = registry.RULES["KVG005"]
    assert any("to_window_loc" in g for g in meta.needles_for(renamed))


def test_syntax_error_is_left_to_the_parser():
    assert (
        index_space.findings("def f(:\n translate_loc_from_full_to_swa swa\n", PATH, None) is None
    )
    res = checker.lint_text("def f(:\n translate_loc_from_full_to_swa swa\n", PATH, {"KVG005"})
    assert res.error


def test_needles_match_what_the_check_reads():
    """The check returns [] without parsing exactly when the needles fail (the same gate)."""
    meta = registry.RULES["KVG005"]
    for text in (
        "x = 1\n",
        "full_to_swa\n",
        "SWA\n",
        "full_to_swa SWA\n",
        "swA translate_loc_from_full_to_swa",
    ):
        gated = index_space.may_use_swa_pool(text, index_space.DEFAULT_TRANSLATORS) and any(
            s in text for s in registry.SWA_SPELLINGS
        )
        assert meta.may_match(text) == gated


# ------------------------------------------------------------ slow: the real corpus

RELEASES = ["0.5.2", "0.5.11", "0.5.12", "0.5.23"]


@pytest.mark.slow
@pytest.mark.parametrize("version", RELEASES)
def test_prefilter_and_clean_proof_never_hide_a_finding(version):
    """Every file of the release's attention and memory directories: the model run with no gate
    (every file parsed) against the engine's prefilter, the clean-proof and the lint."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import sglang_wheels

    tree = sglang_wheels.ensure_tree(version, quiet=True)
    scope = ScopeConfig()
    checked = found = 0
    for sub in ("sglang/srt/layers/attention", "sglang/srt/mem_cache"):
        for f in sorted((tree / sub).rglob("*.py")):
            rel = f.relative_to(tree).as_posix()
            text = f.read_text(encoding="utf-8")
            try:
                model = index_space.IndexSpace(ast.parse(text), text=text)
            except SyntaxError:
                continue
            checked += 1
            ungated = (
                index_space._report(model, text, rel, scope, FileContext()) if model.hits else []
            )
            res = checker.lint_text(text, rel, {"KVG005"}, scope)
            assert [(f.node[0], f.context) for f in ungated] == [
                (x.location.row, x.context) for x in res.findings
            ], rel
            if ungated:
                found += 1
                assert checker.needs_parse(text, rel, {"KVG005"}, scope), rel
                assert not checker.proven_clean(text, {"KVG005"}, scope), rel
    assert checked > 50
    # files with a finding: fa3 (through 0.5.11) and xpu (from 0.5.5 on)
    assert found == {"0.5.2": 1, "0.5.11": 2, "0.5.12": 1, "0.5.23": 1}[version]


FIXABLE = """
class B(AttentionBackend):
    def decode(self, metadata):
        if self.use_swa_pool and metadata.page_table is not None:
            return self.pool.translate_loc_from_full_to_swa(metadata.page_table)
    def spec(self, metadata, metadata_expand):
        prepare_swa_spec_page_table_triton(
            dst,
            metadata.page_table,
            metadata_expand.page_table[:, :4],
            1,
        )
"""


def test_fix_translates_through_the_class_pool_under_its_flag():
    from lint_rules import fixer

    out = fixer.fix_text(textwrap.dedent(FIXABLE), PATH, {"KVG005"}, ScopeConfig())
    assert out.error is None
    assert "        swa_loc_a = metadata.page_table\n" in out.new_text
    assert "        swa_loc_b = metadata_expand.page_table[:, :4]\n" in out.new_text
    assert "        if self.use_swa_pool:\n" in out.new_text
    assert "swa_loc_b = self.pool.translate_loc_from_full_to_swa(swa_loc_b)\n" in out.new_text
    assert "            swa_loc_a,\n            swa_loc_b,\n" in out.new_text
    assert _lint(out.new_text) == []


@pytest.mark.parametrize(
    "change, reason",
    [
        ("if self.use_swa_pool and metadata.page_table is not None:", "no `self.<flag>` guards"),
        ("self.pool.translate", "several pools"),
    ],
)
def test_fix_is_not_offered_without_one_guarded_pool(change, reason):
    from lint_rules import fixer

    src = textwrap.dedent(FIXABLE)
    if change.startswith("if"):
        src = src.replace(change, "if metadata.page_table is not None:")
    else:
        src = src.replace("return self.pool.translate", "x = self.other.translate") + (
            "    def more(self, x):\n"
            "        if self.use_swa_pool:\n"
            "            return self.pool.translate_loc_from_full_to_swa(x)\n"
        )
    res = checker.lint_text(src, PATH, {"KVG005"}, ScopeConfig())
    assert len(res.findings) == 1 and reason in res.findings[0].message
    assert fixer.fix_text(src, PATH, {"KVG005"}, ScopeConfig()).new_text == src


def test_check_and_fix_of_kvg005_findings_import_no_libcst():
    """KVG005 is decided on ``ast`` and its rule is a ``RuleSpec`` (no visitor): reporting its
    findings with their fix, and fixing them, load no libcst."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, textwrap\n"
        "from lint_rules import checker, fixer\n"
        f"src = textwrap.dedent({FIXABLE!r})\n"
        f"r = checker.lint_text(src, {PATH!r}, {{'KVG005'}})\n"
        f"out = fixer.fix_text(src, {PATH!r}, {{'KVG005'}})\n"
        "print(len(r.findings), all(f.fix is not None for f in r.findings),"
        " out.error is None and out.new_text != src, 'libcst' in sys.modules)\n"
    )
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=repo, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["1", "True", "True", "False"], out
