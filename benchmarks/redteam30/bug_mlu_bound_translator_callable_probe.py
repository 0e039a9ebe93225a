"""Cambricon MLU decode backend that caches the full->SWA translator at init."""

import logging
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class MLUDecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    """MLU flash-decoding backend (decode only; prefill falls back to torch-native)."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_kv_heads = model_runner.model_config.num_key_value_heads
        self.head_dim = model_runner.model_config.head_dim
        self.forward_metadata = MLUDecodeMetadata()

        # Keep a handle on the translator so the decode hot path does not
        # re-resolve it every step.
        allocator = model_runner.token_to_kv_pool_allocator
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self._full_to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = (
            translate if callable(translate) else None
        )
        if self._full_to_swa is not None:
            logger.info("MLU backend: sliding-window index translation enabled")

    @property
    def has_swa(self) -> bool:
        return self._full_to_swa is not None

    def init_forward_metadata(self, forward_batch):
        kv_indices = forward_batch.out_cache_loc
        self.forward_metadata = MLUDecodeMetadata(
            cache_seqlens=forward_batch.seq_lens.to(torch.int32),
            kv_indices=kv_indices,
            swa_kv_indices=self._full_to_swa(kv_indices) if self.has_swa else None,
        )

    def forward_decode(self, loc):
        if self.has_swa:
            loc = self._full_to_swa(loc)
        return self.kv_pool, loc
