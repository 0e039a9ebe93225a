"""Sliding-window aware decode backend.

``self.block_manager`` is the name used across the scheduler port for the token
allocator; we probe it for the full->window translation hook so that models
without local attention layers skip the remap entirely.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_TRANSLATE_HOOK = "translate_loc_from_full_to_swa"


class DecodeMetadata:
    __slots__ = ("cache_loc", "windowed")

    def __init__(self, cache_loc: torch.Tensor, windowed: bool):
        self.cache_loc = cache_loc
        self.windowed = windowed


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.block_manager = model_runner.token_to_kv_pool_allocator
        self.kv = model_runner.token_to_kv_pool
        self.num_kv_splits = num_kv_splits
        self.has_window = hasattr(self.block_manager, _TRANSLATE_HOOK)
        self.forward_metadata = None

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        remap = getattr(self.block_manager, _TRANSLATE_HOOK)
        return remap(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.has_window:
            md = DecodeMetadata(self._remap(loc), True)
        else:
            md = DecodeMetadata(loc, False)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        logger.debug("decode step: windowed=%s n=%d", md.windowed, md.cache_loc.numel())
        return self.kv, md.cache_loc
