"""Apple Metal (MPS) attention backend for local development."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class MPSMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """Torch SDPA on MPS; no CUDA graphs, no custom kernels."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.metadata = MPSMetadata()

    def _kv_loc(self, loc: torch.Tensor) -> torch.Tensor:
        # Hybrid SWA allocators keep SWA layers in their own index space; plain
        # allocators don't have a translation step at all.
        try:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            return loc

    def init_forward_metadata(self, forward_batch):
        self.metadata = MPSMetadata(
            seq_lens=forward_batch.seq_lens,
            kv_loc=self._kv_loc(forward_batch.out_cache_loc),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_loc(loc)
