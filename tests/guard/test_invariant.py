"""The pure invariant function, exhaustively over its input space (no sglang needed).

The classes here are plain Python stand-ins for pool *types*; the function only ever uses
``isinstance``/``is``/``getattr``. The same truth table is checked against real sglang pool objects
in test_guard_sglang.py (scenario ``invariant_real_pools``).
"""

import itertools

import pytest

from guardrails import invariant as inv


class FullPool:
    full_to_swa_index_mapping = None


class SWAPool:
    def __init__(self, mapping=None, layers=(0, 1, 2, 3)):
        self.full_to_swa_index_mapping = mapping
        self.layers_mapping = {i: (i // 2, i % 2 == 0) for i in layers}


class SWASubPool(SWAPool):
    """A subclass (like UnifiedSWAKVPool) still counts as an SWA pool."""


SHARED_MAPPING = object()
TARGET = SWAPool(mapping=SHARED_MAPPING)
OTHER_SWA = SWAPool(mapping=object())
SAME_MAPPING_SWA = SWAPool(mapping=SHARED_MAPPING)
SUB_SWA = SWASubPool(mapping=object())
FULL = FullPool()

ACTIVES = {"target": TARGET, "sub_swa": SUB_SWA, "full": FULL, "none": None}
SWAS = {
    "none": None,
    "target": TARGET,
    "other_swa": OTHER_SWA,
    "same_mapping_swa": SAME_MAPPING_SWA,
    "sub_swa": SUB_SWA,
}


def expected_kinds(active, swa, flag, split_tolerated):
    """An independent statement of the rules, used as the reference."""
    active_swa = isinstance(active, SWAPool)
    kinds = {}
    if active_swa and swa is None:
        kinds[inv.SWA_ACTIVE_WITHOUT_SWA_POOL] = inv.ERROR
    if swa is not None and not active_swa:
        kinds[inv.SWA_POOL_WITHOUT_SWA_ACTIVE] = inv.ERROR
    if active_swa and swa is not None and swa is not active:
        if swa.full_to_swa_index_mapping is active.full_to_swa_index_mapping:
            kinds[inv.SWA_POOL_SHARES_MAPPING_ONLY] = inv.WARNING
        else:
            kinds[inv.SWA_POOL_NOT_ACTIVE] = inv.ERROR
    if flag != (swa is not None):
        kinds[inv.FLAG_MISMATCH] = inv.WARNING if split_tolerated else inv.ERROR
    return kinds


@pytest.mark.parametrize(
    "active_name,swa_name,flag,split",
    list(itertools.product(ACTIVES, SWAS, [True, False], [False, True])),
)
def test_truth_table(active_name, swa_name, flag, split):
    active, swa = ACTIVES[active_name], SWAS[swa_name]
    facts = inv.VersionFacts("x", flag_split_tolerated=split)
    got = inv.check_pool_invariant(active, swa, flag, (SWAPool,), facts)
    assert {v.kind: v.severity for v in got} == expected_kinds(active, swa, flag, split)
    for v in got:
        assert v.problem and v.fix


def test_consistent_shapes_are_silent():
    assert inv.check_pool_invariant(TARGET, TARGET, True, SWAPool) == ()
    assert inv.check_pool_invariant(FULL, None, False, SWAPool) == ()
    assert inv.check_pool_invariant(None, None, False, SWAPool) == ()


def test_bug_25103_shape():
    (v,) = inv.check_pool_invariant(FULL, TARGET, True, (SWAPool,))
    assert v.kind == inv.SWA_POOL_WITHOUT_SWA_ACTIVE and v.is_error
    assert "#25103" in v.problem


def test_bug_26957_shape():
    (v,) = inv.check_pool_invariant(TARGET, None, False, (SWAPool,))
    assert v.kind == inv.SWA_ACTIVE_WITHOUT_SWA_POOL and v.is_error
    assert "#26957" in v.problem


def test_flag_split_is_warning_only_on_0_5_13():
    for version, severity in [
        ("0.5.13", inv.WARNING),
        ("0.5.13.post1", inv.WARNING),
        ("0.5.12.post1", inv.ERROR),
        ("0.5.14", inv.ERROR),
        ("0.5.23", inv.ERROR),
    ]:
        facts = inv.version_facts(version)
        (v,) = inv.check_pool_invariant(TARGET, TARGET, False, SWAPool, facts)
        assert (v.kind, v.severity) == (inv.FLAG_MISMATCH, severity), version


def test_flag_unknown_skips_flag_rule_and_non_bool_flag_is_reported():
    assert inv.check_pool_invariant(TARGET, TARGET, None, SWAPool, flag_known=False) == ()
    kinds = [v.kind for v in inv.check_pool_invariant(TARGET, TARGET, 1, SWAPool)]
    assert kinds == [inv.FLAG_NOT_BOOL]


class TensorLike:
    """Looks like a tensor: truthiness and comparisons must never be used by the check."""

    def __bool__(self):
        raise AssertionError("the invariant must not take the truth value of a tensor")

    def __eq__(self, other):
        raise AssertionError("the invariant must not compare tensors")

    __hash__ = object.__hash__


def test_no_truthiness_of_tensor_like_values():
    mapping = TensorLike()
    a, b = SWAPool(mapping=mapping), SWAPool(mapping=mapping)
    kinds = [v.kind for v in inv.check_pool_invariant(a, b, True, SWAPool)]
    assert kinds == [inv.SWA_POOL_SHARES_MAPPING_ONLY]
    kinds = [v.kind for v in inv.check_pool_invariant(a, a, TensorLike(), SWAPool)]
    assert kinds == [inv.FLAG_NOT_BOOL]


def test_per_layer_rule():
    pool = SWAPool(mapping=object(), layers=(0, 1))
    assert inv.check_pool_invariant(pool, pool, True, SWAPool, layer_id=1) == ()
    (v,) = inv.check_pool_invariant(pool, pool, True, SWAPool, layer_id=7)
    assert v.kind == inv.LAYER_NOT_IN_SWA_POOL
    # no SWA pool: nothing to check per layer
    assert inv.check_pool_invariant(FULL, None, False, SWAPool, layer_id=7) == ()


def test_multiple_swa_types_tuple():
    class OtherSWA:
        pass

    other = OtherSWA()
    assert inv.check_pool_invariant(other, other, True, (SWAPool, OtherSWA)) == ()
    assert [v.kind for v in inv.check_pool_invariant(other, None, False, (SWAPool, OtherSWA))] == [
        inv.SWA_ACTIVE_WITHOUT_SWA_POOL
    ]


def test_parse_version():
    assert inv.parse_version("0.5.12.post1") == (0, 5, 12)
    assert inv.parse_version("0.5.23") == (0, 5, 23)
    assert inv.parse_version("0.0.0.dev0") == (0, 0, 0)
    assert inv.parse_version("unknown") == ()


def test_module_does_not_import_sglang():
    import subprocess
    import sys

    code = "import guardrails.invariant, guardrails, sys; print('sglang' in sys.modules, 'torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
