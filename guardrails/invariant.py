"""The KV pool / SWA invariant as one pure function.

No sglang import: the SWA pool class(es) come in as arguments, so this module is importable and
testable anywhere. The function only uses ``isinstance``, ``is``, ``getattr`` and ``in`` on host
objects; it never reads a tensor value (no ``.item()``, no ``bool(tensor)``), so it is safe around
CUDA-graph capture and replay.

Let ``active`` be the pool the backend reads at forward time, ``swa`` the backend's resolved SWA
pool (``_swa_kv_pool``) and ``flag`` its ``use_sliding_window_kv_pool``:

1. ``active`` is an SWA pool  <=>  ``swa`` is set.
   - active is full-only but ``swa`` is set: the #25103 shape (an EAGLE draft whose SWA pool came
     from the target's shared allocator);
   - active is SWA but ``swa`` is None: the #26957 shape (a FROZEN_KV draft resolved at
     ``__init__`` from its own pool, run inside the target-pool view).
2. Both SWA  =>  ``swa is active`` (same object). A different object that shares the very same
   full->SWA index mapping tensor is reported as a warning only.
3. ``flag == (swa is not None)``. sglang 0.5.13.x legitimately splits the two for FROZEN_KV drafts
   (``flag`` still comes from FlashInfer's pool isinstance there), so on those versions this is a
   warning, not an error.
4. Per layer (optional): when ``swa`` is set, ``layer_id`` must be in ``swa.layers_mapping``.

Backends with no ``swa`` attribute whose cached ``flag`` alone decides how KV is *read* (aiter
<= 0.5.19, ``FLAG_READ_BACKENDS``) get the flag-only rule instead (``check_cached_flag``):

5. ``flag == active reads SWA`` (an SWA pool class with SWA layers). A flag cached at
   ``__init__`` from the draft's own full pool while a FROZEN_KV view has swapped the target's SWA
   pool in makes SWA layers read full-pool rows (the init-cached shape, KVG004). Backends whose
   flag only gates KV *writes* (Triton) are not in ``FLAG_READ_BACKENDS``: a FROZEN_KV draft never
   writes, so the same stale flag is harmless there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence, Tuple, Union

ERROR = "error"
WARNING = "warning"

# violation kinds (stable identifiers: used for log-once keys, counters and tests)
SWA_POOL_WITHOUT_SWA_ACTIVE = "swa-pool-on-full-active-pool"  # #25103 shape
SWA_ACTIVE_WITHOUT_SWA_POOL = "swa-active-pool-without-swa-pool"  # #26957 shape
SWA_POOL_NOT_ACTIVE = "swa-pool-is-not-the-active-pool"
SWA_POOL_SHARES_MAPPING_ONLY = "swa-pool-shares-mapping-only"
FLAG_MISMATCH = "flag-disagrees-with-swa-pool"
FLAG_NOT_BOOL = "flag-not-a-bool"
LAYER_NOT_IN_SWA_POOL = "layer-not-in-swa-pool"
# the behavioural check (guardrails/translate.py): a full->SWA translation while the active pool of
# the backend building metadata is not an SWA pool (the FlashInfer index-updater / Triton window
# helper shape of sglang <= 0.5.13.post1 / <= 0.5.12.post1)
TRANSLATION_ON_FULL_ACTIVE_POOL = "swa-translation-on-full-active-pool"
# the flag-only check (rule 5): a backend without a resolved SWA pool whose cached
# use_sliding_window_kv_pool decides how it reads KV disagrees with the pool it reads
FLAG_DISAGREES_WITH_READ_POOL = "swa-flag-disagrees-with-read-pool"
# the per-layer index-space check (guardrails/index_space.py, debug mode): the locations a backend
# reads for an SWA layer are not the full->SWA translation of the full locations they stand for
SWA_READ_NOT_TRANSLATED = "swa-read-not-translated"

# the static rule(s) of the linter that find the same shape in source (runtime report -> the line
# to fix). Every kind above has an entry; tests/guard/test_invariant.py checks that.
STATIC_RULES = {
    SWA_POOL_WITHOUT_SWA_ACTIVE: ("KVG001", "KVG003"),  # #25103: SWA decision from the allocator
    SWA_ACTIVE_WITHOUT_SWA_POOL: ("KVG004",),  # #26957: SWA decision cached at __init__
    SWA_POOL_NOT_ACTIVE: ("KVG003",),
    SWA_POOL_SHARES_MAPPING_ONLY: ("KVG003",),
    FLAG_MISMATCH: ("KVG001",),
    FLAG_NOT_BOOL: ("KVG001",),
    LAYER_NOT_IN_SWA_POOL: ("KVG003",),
    TRANSLATION_ON_FULL_ACTIVE_POOL: ("KVG002",),
    FLAG_DISAGREES_WITH_READ_POOL: ("KVG004",),  # the aiter init-cached FROZEN_KV shape
    SWA_READ_NOT_TRANSLATED: ("KVG005",),  # #24617: FA3's spec page table built untranslated
}

# The static rules ``kvguard fix`` rewrites (``fixable`` in lint_rules/registry.py) among those the
# kinds above stand for; the guard does not import the linter, so
# tests/guard/test_server_messages.py keeps the two equal.
FIXABLE_RULES = frozenset({"KVG001", "KVG002", "KVG003", "KVG005"})
# Of those, the rules ``kvguard fix`` applies only when selected (opt-in: ``default_enabled`` False in
# lint_rules/registry.py), so the fix command names them (``--extend-select``).
OPT_IN_FIXABLE_RULES = frozenset({"KVG005"})

# Backend classes (by ``__name__``) whose cached ``use_sliding_window_kv_pool`` decides how KV is
# READ (the full->SWA slot translation for SWA layers), so a stale flag reads wrong rows. Only these
# get rule 5, and only on instances without ``_swa_kv_pool`` (those get rules 1-4). Not here:
# TritonAttnBackend (its flag gates KV writes only, which a FROZEN_KV draft never does).
FLAG_READ_BACKENDS = frozenset({"AiterAttnBackend"})


def flag_check_applies(class_names: Sequence[str], has_swa_pool: bool, has_flag: bool) -> bool:
    """Whether an instance gets the flag-only rule 5: it has the flag but no ``_swa_kv_pool``, and
    one of its classes (``class_names``: the names along its MRO) is in ``FLAG_READ_BACKENDS``."""
    return has_flag and not has_swa_pool and any(n in FLAG_READ_BACKENDS for n in class_names)


@dataclass(frozen=True)
class VersionFacts:
    """What the invariant needs to know about the sglang version (see ``version_facts``)."""

    version: str = "unknown"
    flag_split_tolerated: bool = False  # sglang 0.5.13.x: flag may differ from swa-pool-is-set


@dataclass(frozen=True)
class Violation:
    kind: str
    severity: str  # ERROR or WARNING
    problem: str
    fix: str

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


def parse_version(text: str) -> Tuple[int, ...]:
    """``"0.5.12.post1"`` -> ``(0, 5, 12)``; unknown parts stop the tuple."""
    parts = []
    for piece in str(text).split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


def version_facts(version: str) -> VersionFacts:
    v = parse_version(version)
    return VersionFacts(version=str(version), flag_split_tolerated=v[:3] == (0, 5, 13))


PoolTypes = Union[type, Tuple[type, ...]]


def _type_name(obj: Any) -> str:
    return "None" if obj is None else type(obj).__name__


def check_pool_invariant(
    active_pool: Any,
    swa_pool: Any,
    flag: Any,
    swa_pool_types: PoolTypes,
    facts: VersionFacts = VersionFacts(),
    *,
    flag_known: bool = True,
    layer_id: Optional[int] = None,
    flag_only: bool = False,
) -> Sequence[Violation]:
    """Return the violations of the pool/SWA invariant; an empty tuple means consistent.

    ``swa_pool_types``: the SWA pool class or a tuple of classes (``SWAKVPool`` — the class the
    backends' own resolvers test). ``flag_known=False`` skips rule 3 (a backend without the flag).
    ``layer_id`` enables the per-layer rule 4. ``flag_only=True`` (a backend without
    ``_swa_kv_pool`` whose flag decides reads, see ``flag_check_applies``): rule 5 only,
    ``swa_pool`` is ignored.
    """
    if flag_only:
        return check_cached_flag(active_pool, flag, swa_pool_types)
    active_is_swa = isinstance(active_pool, swa_pool_types)
    swa_set = swa_pool is not None
    found = []

    if active_is_swa and not swa_set:
        found.append(
            Violation(
                SWA_ACTIVE_WITHOUT_SWA_POOL,
                ERROR,
                f"the active pool is an SWA pool ({_type_name(active_pool)}) but the backend has "
                "no SWA pool, so SWA layers get full-pool indices (the #26957 shape: a FROZEN_KV "
                "draft resolved at __init__ from its own pool, run inside the target-pool view)",
                "resolve the SWA pool from the pool the backend reads at forward time, or keep "
                "the allocator's SWA pool for FROZEN_KV MTP drafts (_resolve_swa_kv_pool, "
                "sglang >= 0.5.13)",
            )
        )
    elif swa_set and not active_is_swa:
        found.append(
            Violation(
                SWA_POOL_WITHOUT_SWA_ACTIVE,
                ERROR,
                f"the backend translates through an SWA pool ({_type_name(swa_pool)}) but the "
                f"active pool is {_type_name(active_pool)}, not an SWA pool (the #25103 shape: an "
                "SWA decision taken from the shared target allocator in a draft worker that owns "
                "a full-only pool)",
                "derive the SWA pool from model_runner.token_to_kv_pool (the active pool), return "
                "None for non-FROZEN_KV draft workers, and fall back to "
                "token_to_kv_pool_allocator.get_kvcache() only for FROZEN_KV MTP (sglang >= "
                "0.5.13's _resolve_swa_kv_pool; `kvguard fix` rewrites the allocator-typed code)",
            )
        )
    elif active_is_swa and swa_set and swa_pool is not active_pool:
        swa_map = getattr(swa_pool, "full_to_swa_index_mapping", None)
        active_map = getattr(active_pool, "full_to_swa_index_mapping", None)
        if swa_map is not None and swa_map is active_map:
            found.append(
                Violation(
                    SWA_POOL_SHARES_MAPPING_ONLY,
                    WARNING,
                    "the backend's SWA pool is a different object from the active SWA pool; they "
                    "share the same full->SWA index mapping, but KV buffers may still differ",
                    "make the backend's SWA pool the active pool object",
                )
            )
        else:
            found.append(
                Violation(
                    SWA_POOL_NOT_ACTIVE,
                    ERROR,
                    "the backend's SWA pool and the active pool are both SWA pools but different "
                    "objects with different index mappings: SWA indices are translated against "
                    "the wrong pool",
                    "resolve the SWA pool from the active pool the backend reads at forward time",
                )
            )

    if flag_known:
        if not isinstance(flag, bool):
            found.append(
                Violation(
                    FLAG_NOT_BOOL,
                    ERROR,
                    f"use_sliding_window_kv_pool is {_type_name(flag)}, not a bool",
                    "set use_sliding_window_kv_pool to `self._swa_kv_pool is not None`",
                )
            )
        elif flag != swa_set:
            found.append(
                Violation(
                    FLAG_MISMATCH,
                    WARNING if facts.flag_split_tolerated else ERROR,
                    f"use_sliding_window_kv_pool={flag} but the backend's SWA pool is "
                    f"{'set' if swa_set else 'None'}; code keyed on the flag and code keyed on "
                    "the pool disagree about SWA translation",
                    "derive the flag from the resolved pool: use_sliding_window_kv_pool = "
                    "self._swa_kv_pool is not None (as sglang >= 0.5.14 does)",
                )
            )

    if layer_id is not None and swa_set:
        mapping = getattr(swa_pool, "layers_mapping", None)
        if mapping is not None and layer_id not in mapping:
            found.append(
                Violation(
                    LAYER_NOT_IN_SWA_POOL,
                    ERROR,
                    f"layer {layer_id} is not in the SWA pool's layers_mapping",
                    "the SWA pool belongs to another model (e.g. the target's pool used by a "
                    "draft model's layers); resolve the SWA pool from the active pool",
                )
            )

    return tuple(found)


def translation_violation(active_pool: Any, translator: Any, via: str) -> Violation:
    """The violation for a full->SWA translation (``via``: the method or attribute used, on
    ``translator``: an SWA allocator or pool) while the active pool is not an SWA pool. The caller
    decides *whether* (the active pool's class, judged with the backend's own SWA class)."""
    return Violation(
        TRANSLATION_ON_FULL_ACTIVE_POOL,
        ERROR,
        f"full->SWA index translation through {_type_name(translator)}{via} while the backend's "
        f"active pool is {_type_name(active_pool)}, not an SWA pool: indices meant for a "
        "full-only pool are rewritten with another pool's SWA map, so window layers read other "
        "requests' KV rows (sglang #27737 / the FlashInfer index-updater and Triton window-helper "
        "shape: translation through the shared target allocator in a draft worker)",
        "translate through the SWA pool the backend resolved from its active pool "
        "(self._swa_kv_pool / token_to_kv_pool), never through "
        "model_runner.token_to_kv_pool_allocator (sglang >= 0.5.14 for FlashInfer, >= 0.5.13 "
        "for Triton; `kvguard check` reports the line as KVG002)",
    )


def reads_swa(active_pool: Any, swa_pool_types: PoolTypes) -> bool:
    """Does a backend reading ``active_pool`` need the full->SWA translation? An SWA pool class
    (as the backend's own flag/resolver tests it) unless it says it has no SWA layers
    (``swa_layer_nums == 0``, an int attribute; anything else counts as having SWA layers)."""
    if not isinstance(active_pool, swa_pool_types):
        return False
    layers = getattr(active_pool, "swa_layer_nums", None)
    return not (type(layers) is int and layers == 0)


def check_cached_flag(
    active_pool: Any, flag: Any, swa_pool_types: PoolTypes
) -> Sequence[Violation]:
    """Rule 5, for a backend without a resolved SWA pool whose ``use_sliding_window_kv_pool``
    decides how it reads KV: the flag must say what the pool it reads is."""
    if not isinstance(flag, bool):
        return (
            Violation(
                FLAG_NOT_BOOL,
                ERROR,
                f"use_sliding_window_kv_pool is {_type_name(flag)}, not a bool",
                "set use_sliding_window_kv_pool from the pool the backend reads",
            ),
        )
    swa = reads_swa(active_pool, swa_pool_types)
    if flag == swa:
        return ()
    if swa:
        problem = (
            f"use_sliding_window_kv_pool=False but the backend reads an SWA pool "
            f"({_type_name(active_pool)}): SWA layers are read with full-pool slot ids, not "
            "translated to SWA slots, so they read other requests' KV rows (the init-cached "
            "FROZEN_KV shape: the flag was cached at __init__ from the draft's own full pool, "
            "then the target-pool view swapped the target's SWA pool in)"
        )
    else:
        problem = (
            f"use_sliding_window_kv_pool=True but the backend reads {_type_name(active_pool)}, "
            "not an SWA pool: full-pool slot ids are translated through an SWA map the pool "
            "does not have"
        )
    return (
        Violation(
            FLAG_DISAGREES_WITH_READ_POOL,
            ERROR,
            problem,
            "resolve the SWA pool (and derive the flag from it) so that it holds for the pool "
            "read at forward time: for FROZEN_KV MTP drafts fall back to the target "
            "allocator's SWA pool (aiter's _resolve_swa_kv_pool, sglang >= 0.5.20; `kvguard "
            "check` reports the cached flag as KVG004)",
        ),
    )
