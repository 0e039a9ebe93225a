"""Double-sparsity decode backend: hybrid-KV detection by class name (no hard imports)."""

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

# Matched by name so this backend does not import the hybrid memory modules eagerly.
_SWA_POOL_CLASS_NAMES = frozenset({"SWAKVPool"})

_DECODE_STEPS: Counter = Counter()


@dataclass
class SparseDecodeMetadata:
    kv_indices: torch.Tensor
    heavy_token_num: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # metric label: which allocator flavour served this backend
        self.metric_label = f"{type(allocator).__name__}/{type(self.kv_pool).__name__}"
        self.heavy_token_num = int(getattr(model_runner.server_args, "ds_heavy_token_num", 256))
        self.is_hybrid = type(self.kv_pool).__name__ in _SWA_POOL_CLASS_NAMES
        self.forward_metadata: Optional[SparseDecodeMetadata] = None
        logger.info("double sparsity: kv=%s hybrid=%s", self.metric_label, self.is_hybrid)

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        _DECODE_STEPS[self.metric_label] += 1
        self.forward_metadata = SparseDecodeMetadata(
            kv_indices=self._indices(loc), heavy_token_num=self.heavy_token_num
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
