"""Sliding-window detection for the torch-native decode backend.

Rather than importing the SWA classes (which pulls in optional kernels on some
platforms) the backend duck-types: if any of the KV objects it was handed
exposes the full -> swa mapping, the model is treated as hybrid SWA.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_SWA_MARKERS = ("full_to_swa_index_mapping", "translate_loc_from_full_to_swa")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_gqa: bool = True):
        super().__init__()
        self.enable_gqa = enable_gqa
        self.kv_pool = model_runner.token_to_kv_pool
        kv_objects = (self.kv_pool, model_runner.token_to_kv_pool_allocator)
        self.is_hybrid_swa = any(
            hasattr(obj, marker) for obj in kv_objects for marker in _SWA_MARKERS
        )
        logger.debug("torch-native decode: hybrid_swa=%s gqa=%s", self.is_hybrid_swa, enable_gqa)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._locations(loc)
