"""The per-layer index-space check (debug mode): SWA layers must read translated locations.

With ``SGLANG_KV_POOL_GUARD_PER_LAYER=1``, on an eager ``forward_*`` call for an SWA layer of a
backend reading an SWA pool, the locations the backend's metadata gives that layer must equal
``swa_pool.translate_loc_from_full_to_swa(<the full locations they stand for>)``. A range check
cannot see the bug: a full location below the SWA pool's size is a valid SWA row, of another
request (#24617: FA3's speculative SWA page table built from untranslated full page tables through
sglang 0.5.11). The comparison reads tensor values, so it syncs the device: it runs only in the
per-layer mode and never during CUDA-graph capture (``capturing``); the default guard never
imports or calls this module's checks.

``check_translated_reads`` is the pure comparison (tensors and the translate callable in,
violations out); ``spec_full_locations`` rebuilds the full locations of a speculative SWA page
table; ``read_pairs`` says which (SWA read, full source) pairs a backend's metadata relates. No
torch import: only tensor methods of the arguments.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, List, Optional, Sequence, Tuple

from .invariant import ERROR, SWA_READ_NOT_TRANSLATED, Violation

# Backend classes (by ``__name__`` along the MRO) whose metadata ``read_pairs`` can relate:
# FlashAttentionBackend (FA3/FA4), whose SWA layers read ``forward_metadata.swa_spec_metadata``'s
# page table on the topk > 1 speculative path, else ``forward_metadata.swa_page_table``.
RELATED_BACKENDS = frozenset({"FlashAttentionBackend"})

# modules that hold sglang's "capturing a CUDA graph now" flag (0.5.2x; <= 0.5.13)
CAPTURE_MODULES = (
    "sglang.srt.model_executor.runner_utils.capture_mode",
    "sglang.srt.model_executor.cuda_graph_runner",
)


def relates(class_names: Sequence[str]) -> bool:
    """Whether ``read_pairs`` knows the metadata of a backend with these MRO class names."""
    return any(n in RELATED_BACKENDS for n in class_names)


def capturing() -> bool:
    """True while a CUDA graph is being captured: sglang's capture flag (where its module is
    imported) or the current CUDA stream capturing. Reads no tensor."""
    for name in CAPTURE_MODULES:
        getter = getattr(sys.modules.get(name), "get_is_capture_mode", None)
        if getter is not None and getter():
            return True
    torch = sys.modules.get("torch")
    cuda = getattr(torch, "cuda", None)
    try:
        return bool(cuda is not None and cuda.is_available() and cuda.is_current_stream_capturing())
    except Exception:  # a CPU build without the CUDA runtime
        return False


def is_swa_layer(layer: Any) -> bool:
    """FA3's own test: the layer has a sliding window (``sliding_window_size > -1``)."""
    size = getattr(layer, "sliding_window_size", None)
    return isinstance(size, int) and size > -1


def _columns(n: int, like) -> Any:
    """``0..n-1`` as a tensor on ``like``'s device (without importing torch)."""
    return like.new_ones(n, dtype=like.dtype).long().cumsum(0) - 1


def spec_full_locations(
    page_table, expand_page_table, seqlens, expand_seqlens, draft_tokens: int
) -> Optional[Tuple[Any, Any]]:
    """The full locations a speculative SWA page table stands for, and each row's length.

    Row ``m`` (one per draft token of each request) is the first ``seqlens[m // draft_tokens]``
    entries of ``page_table``'s row ``m // draft_tokens`` followed by the first
    ``expand_seqlens[m]`` entries of ``expand_page_table``'s row ``m``: the layout FA3's
    ``_init_sliding_window_attn_spec_metadata`` builds. None when the shapes do not fit it."""
    rows = int(expand_seqlens.shape[0])
    if not draft_tokens or rows == 0 or page_table.dim() != 2 or expand_page_table.dim() != 2:
        return None
    width_a, width_b = int(page_table.shape[1]), int(expand_page_table.shape[1])
    if width_a == 0 or width_b == 0 or int(expand_page_table.shape[0]) != rows:
        return None
    source = _columns(rows, expand_seqlens) // int(draft_tokens)
    if int(source[-1]) >= int(page_table.shape[0]) or int(source[-1]) >= int(seqlens.shape[0]):
        return None
    len_a = seqlens.long()[source]
    len_b = expand_seqlens.long()
    col = _columns(width_a + width_b, len_a)
    from_a = col[None, :] < len_a[:, None]
    a = page_table.long()[source].gather(1, col.clamp(max=width_a - 1).expand(rows, -1))
    b_col = (col[None, :] - len_a[:, None]).clamp(min=0, max=width_b - 1)
    b = expand_page_table.long().gather(1, b_col)
    return a.where(from_a, b), len_a + len_b


def check_translated_reads(
    swa_locs,
    full_locs,
    lengths,
    translate: Callable[[Any], Any],
    *,
    what: str,
    swa_size: Optional[int] = None,
) -> Sequence[Violation]:
    """The violation when the first ``lengths[r]`` entries of row ``r`` of ``swa_locs`` (what an
    SWA layer reads) differ from ``translate`` of the same entries of ``full_locs``; ``()`` when
    they are equal or the rows cannot be related (different row counts). ``what`` names the pair
    in the message, ``swa_size`` the SWA pool's size (None: unknown). Reads tensor values."""
    if swa_locs.dim() != 2 or full_locs.dim() != 2:
        return ()
    rows = int(swa_locs.shape[0])
    if rows != int(full_locs.shape[0]) or rows != int(lengths.shape[0]) or rows == 0:
        return ()
    cols = min(int(swa_locs.shape[1]), int(full_locs.shape[1]))
    if cols == 0:
        return ()
    valid = _columns(cols, lengths)[None, :] < lengths.long()[:rows, None]
    full = full_locs[:, :cols].long()[valid]
    if int(full.numel()) == 0:
        return ()
    read = swa_locs[:, :cols].long()[valid]
    expected = translate(full).long()
    bad = read != expected
    count = int(bad.sum())
    if count == 0:
        return ()
    first = int(bad.nonzero()[0, 0])
    row, col = (int(x) for x in valid.nonzero()[first])
    got, want, src = int(read[first]), int(expected[first]), int(full[first])
    problem = (
        f"{what}: an SWA layer reads location {got} at row {row}, column {col}, but the full "
        f"location {src} it stands for is SWA row {want} "
        f"({count} of {int(full.numel())} read locations differ)"
    )
    untranslated = bool((read[bad] == full[bad]).all())
    if untranslated:
        problem += "; the read locations are the full ones, untranslated"
        below = swa_size is not None and int(read[bad].max()) < int(swa_size)
        if below:
            problem += (
                f", all below the SWA pool's size {swa_size}: a range check passes, and the "
                "layer reads other requests' KV rows"
            )
    return (
        Violation(
            SWA_READ_NOT_TRANSLATED,
            ERROR,
            problem + " (the #24617 shape)",
            "translate the full locations through the SWA pool (translate_loc_from_full_to_swa) "
            "before building the SWA layers' table, as FA3 does from sglang 0.5.12 on; `kvguard "
            "check --extend-select KVG005` reports the builder call",
        ),
    )


def read_pairs(backend: Any, layer: Any) -> List[Tuple[str, Any, Any, Any]]:
    """The (name, SWA read locations, full locations, row lengths) pairs the backend's current
    metadata gives an SWA ``layer`` (FA3; see ``RELATED_BACKENDS``); [] where none applies.

    * ``swa_spec_metadata.page_table``: vs the rows rebuilt (``spec_full_locations``) from
      ``forward_metadata.page_table`` and ``forward_metadata_spec_decode_expand.page_table``;
    * else ``forward_metadata.swa_page_table``: vs ``forward_metadata.page_table`` — only at page
      size 1, without a KV-shard pool (which rewrites ``page_table`` to scratch rows afterwards)
      and without a translating ``kv_index_translator`` (its tables are read from a plan)."""
    if not is_swa_layer(layer):
        return []
    meta = getattr(backend, "forward_metadata", None)
    page_table = getattr(meta, "page_table", None)
    if page_table is None:
        return []
    spec = getattr(meta, "swa_spec_metadata", None)
    if spec is not None:
        expand = getattr(backend, "forward_metadata_spec_decode_expand", None)
        swa_table = getattr(spec, "page_table", None)
        expand_table = getattr(expand, "page_table", None)
        if swa_table is None or expand_table is None:
            return []
        rebuilt = spec_full_locations(
            page_table,
            expand_table,
            meta.cache_seqlens_int32,
            expand.cache_seqlens_int32,
            getattr(backend, "speculative_num_draft_tokens", None) or 0,
        )
        if rebuilt is None:
            return []
        return [("swa_spec_metadata.page_table", swa_table, rebuilt[0], rebuilt[1])]
    swa_table = getattr(meta, "swa_page_table", None)
    if swa_table is None or getattr(backend, "page_size", None) != 1:
        return []
    if getattr(backend, "_kv_shard_pool", None) is not None:
        return []
    if getattr(getattr(backend, "kv_index_translator", None), "is_translating", False):
        return []
    lengths = getattr(meta, "cache_seqlens_int32", None)
    if lengths is None:
        return []
    return [("forward_metadata.swa_page_table", swa_table, page_table, lengths)]


def check_layer(backend: Any, layer: Any, pool: Any) -> Sequence[Violation]:
    """The per-layer check of one eager ``forward_*`` call: every pair ``read_pairs`` finds,
    against ``pool`` (the active pool, an SWA pool). ``()`` while a CUDA graph is captured."""
    translate = getattr(pool, "translate_loc_from_full_to_swa", None)
    if translate is None or capturing():
        return ()
    found: List[Violation] = []
    size = getattr(pool, "size_swa", None)
    for what, swa_locs, full_locs, lengths in read_pairs(backend, layer):
        found.extend(
            check_translated_reads(
                swa_locs,
                full_locs,
                lengths,
                translate,
                what=what,
                swa_size=size if isinstance(size, int) else None,
            )
        )
    return tuple(found)
