"""Resolves the SWA pool by a depth-first recursive search from the runner through its pool and allocator, passing the allow-shared flag down every recursive call."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MAX_DEPTH = 3
_CHILD_ATTRS = ("token_to_kv_pool", "token_to_kv_pool_allocator")


def _find_swa_pool(node, allow_shared=True, depth=0):
    if isinstance(node, SWAKVPool):
        return node
    if node is None or depth >= _MAX_DEPTH:
        return None
    if hasattr(node, "get_kvcache"):
        # An allocator: the pool behind it belongs to whoever owns the allocator.
        return _find_swa_pool(node.get_kvcache(), allow_shared, depth + 1) if allow_shared else None
    for attr in _CHILD_ATTRS:
        found = _find_swa_pool(getattr(node, attr, None), allow_shared, depth + 1)
        if found is not None:
            return found
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allow_shared = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.swa_kv_pool = _find_swa_pool(model_runner, allow_shared)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
