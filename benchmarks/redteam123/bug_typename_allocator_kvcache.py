"""FlashInfer-compatible decode wrapper that keys off the composite cache type.

Comparing class names keeps this module importable on builds where the hybrid
pool module is not compiled in (e.g. some NPU wheels).
"""

import logging

import torch

logger = logging.getLogger(__name__)

_HYBRID_CACHE_TYPE = "SWAKVPool"


class DecodeMetadata:
    __slots__ = ("kv_pool", "use_window_indices")

    def __init__(self, kv_pool, use_window_indices: bool):
        self.kv_pool = kv_pool
        self.use_window_indices = use_window_indices

    def __repr__(self) -> str:
        return (
            f"DecodeMetadata(pool={type(self.kv_pool).__name__}, "
            f"window={self.use_window_indices})"
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_mb: int = 128):
        self.workspace_mb = workspace_mb
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if type(kvcache).__name__ == _HYBRID_CACHE_TYPE:
            self.metadata = DecodeMetadata(kvcache, use_window_indices=True)
        else:
            self.metadata = DecodeMetadata(model_runner.token_to_kv_pool, False)
        logger.debug("decode metadata: %r", self.metadata)

    def forward_decode(self, loc: torch.Tensor):
        md = self.metadata
        if md.use_window_indices:
            return md.kv_pool, md.kv_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
