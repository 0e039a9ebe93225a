"""Decode backend that walks runner -> allocator -> full_to_swa_index_mapping with functools.reduce and a sentinel to decide SWA mode."""

import functools

_MISSING = object()

# where the hybrid cache keeps its full->SWA slot map
_SWA_MAPPING_PATH = ("token_to_kv_pool_allocator", "full_to_swa_index_mapping")


def _lookup(root, path):
    """Follow ``path`` attribute by attribute; ``_MISSING`` as soon as one link is absent."""
    return functools.reduce(
        lambda obj, name: _MISSING if obj is _MISSING else getattr(obj, name, _MISSING),
        path,
        root,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_context_len = model_runner.model_config.context_len
        self.sliding_window = _lookup(model_runner, _SWA_MAPPING_PATH) is not _MISSING

    def forward_decode(self, loc):
        if self.sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
