"""KVG001-KVG003 against execution on random compositions of issue 24's constructs.

``tests/support/compose.py`` composes a backend from a carrier of the allocator, a decision, a
storage of it and a translation on the SWA path; each module's truth comes from running it on
a *real* EAGLE draft runner (sglang's pools and allocator on CPU). A second family composes
resolvers (KVG003). This is the representative sample CI runs; ``python benchmarks/compose.py
[--family resolvers]`` runs the full sweep and prints the table per construct
(``KVGUARD_SWEEP=1`` runs it here too).
"""

from __future__ import annotations

import os

import pytest

from tests.support import compose
from tests.support.against_execution import disagreements

SEED = 24
COUNT = 2000 if os.environ.get("KVGUARD_SWEEP") else 160


@pytest.fixture(scope="module")
def runners():
    import torch

    from tests.support import real_sglang as real

    target = real.build_target_runner(swa=True)
    return target, real.build_eagle_draft_runner(target), torch.tensor([5, 6, 7])


def test_the_probed_members_are_what_the_real_classes_have(runners):
    """The probes ask members the SWA allocator has and the plain allocator lacks; the
    pool-mapping translation reads one the SWA pool has."""
    from tests.support import real_sglang as real

    target, draft, _ = runners
    swa_alloc, full_pool = target.token_to_kv_pool_allocator, draft.token_to_kv_pool
    plain = real.make_plain_allocator(real.make_full_pool())
    assert compose.INSTANCE_MEMBER in vars(swa_alloc)
    for member in (compose.INSTANCE_MEMBER, compose.METHOD_MEMBER):
        assert hasattr(swa_alloc, member) and not hasattr(plain, member)
        assert not hasattr(full_pool, member)
        assert hasattr(target.token_to_kv_pool, member)


def test_every_construct_is_drawn():
    drawn = {c for comp in compose.compositions(SEED, COUNT) for c in comp.constructs()}
    for kind, table in (
        ("carrier", compose.CARRIERS),
        ("decision", compose.DECISIONS),
        ("storage", compose.STORAGES),
        ("translation", compose.TRANSLATIONS),
        ("decoy", compose.DECOYS),
    ):
        assert {f"{kind}:{name}" for name in table} <= drawn


def test_rules_agree_with_execution(runners):
    results, dead, undecided, _ = compose.sweep(SEED, COUNT, *runners)
    assert not dead, f"the SWA path is dead on the target: {dead}"
    assert not undecided, undecided
    assert 0 < sum(e for _, e, _ in results) < len(results)  # both answers occur
    wrong = disagreements(results, "KVG001-KVG003")
    assert not wrong, "\n" + "\n".join(wrong)


def test_kvg003_agrees_with_execution_on_composed_resolvers(runners):
    """The resolver family: draft and FROZEN_KV tests, skip conditions (correct ones written
    several ways, buggy ones) and layouts drawn at random; KVG003 (through the scenario
    evaluation) must flag exactly the resolvers that hand a regular draft the target's pool."""
    results, dead, undecided, _ = compose.resolver_sweep(SEED, COUNT // 2, *runners)
    assert not dead, f"the SWA path is dead on the target: {dead}"
    assert not undecided, f"the scenarios could not be decided: {undecided}"
    assert 0 < sum(e for _, e, _ in results) < len(results)
    wrong = disagreements(results, "KVG001-KVG003")
    assert not wrong, "\n" + "\n".join(wrong)


def test_every_resolver_construct_is_drawn():
    drawn = {part for r in compose.resolvers(SEED, COUNT // 2) for part in r.label.split("/")}
    for table in (compose.ACTIVE, compose.DRAFT, compose.FROZEN, compose.SKIPS):
        assert set(table) <= drawn
    assert set(compose.RESOLVER_LAYOUTS) <= drawn
