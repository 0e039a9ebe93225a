"""FlashInfer-style decode wrapper that binds the full->SWA translator once at init."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class _DecodeWrapper:
    def __init__(self, page_size: int):
        self.page_size = page_size
        self.kv_indices: Optional[torch.Tensor] = None

    def plan(self, kv_indices: torch.Tensor):
        self.kv_indices = kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid allocators expose the index translation directly; keep the bound
        # method so the hot path does not repeat the lookup.
        self._to_window: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            allocator, "translate_loc_from_full_to_swa", None
        )
        self.decode_wrapper = _DecodeWrapper(self.page_size)
        self.swa_decode_wrapper = (
            _DecodeWrapper(self.page_size) if self._to_window is not None else None
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        self.decode_wrapper.plan(loc)
        if self.swa_decode_wrapper is not None:
            self.swa_decode_wrapper.plan(self._to_window(loc))

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        wrapper = self.swa_decode_wrapper or self.decode_wrapper
        return self.token_to_kv_pool, wrapper.kv_indices
