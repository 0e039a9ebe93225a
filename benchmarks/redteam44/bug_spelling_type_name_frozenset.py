"""Double-sparsity decode backend: hybrid-KV detection by class name (no hard imports)."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

# Matched by name so this backend does not import the hybrid memory modules eagerly.
_HYBRID_KV_CLASS_NAMES = frozenset({"SWATokenToKVPoolAllocator", "SWAKVPool", "HybridLinearKVPool"})


@dataclass
class SparseDecodeMetadata:
    kv_indices: torch.Tensor
    heavy_token_num: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.heavy_token_num = int(getattr(model_runner.server_args, "ds_heavy_token_num", 256))
        self.is_hybrid = type(self.allocator).__name__ in _HYBRID_KV_CLASS_NAMES
        self.forward_metadata: Optional[SparseDecodeMetadata] = None
        logger.info(
            "double sparsity: kv=%s hybrid=%s", type(self.allocator).__name__, self.is_hybrid
        )

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = SparseDecodeMetadata(
            kv_indices=self._indices(loc), heavy_token_num=self.heavy_token_num
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
