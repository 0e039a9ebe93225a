"""ROCm / aiter port of the hybrid SWA decode path (aiter paged_attention_v1)."""

import logging
from dataclasses import dataclass, field

import torch

logger = logging.getLogger(__name__)

_AITER_PARTITION = 256


@dataclass
class AiterMetadata:
    kv_indptr: torch.Tensor = None
    max_partitions: int = 1
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cuda")
        self.kv_cache = model_runner.token_to_kv_pool
        self.req_to_token_allocator = model_runner.token_to_kv_pool_allocator
        self.metadata = AiterMetadata()

        # aiter cannot read the SWA pool through the full indices; keep the mapping table
        # handy when the hybrid allocator provides one.
        self._swa_index_table = getattr(
            self.req_to_token_allocator, "full_to_swa_index_mapping", None
        )
        self.uses_sliding_window = self._swa_index_table is not None
        if self.uses_sliding_window:
            logger.info(
                "aiter: hybrid SWA layout, %d window slots",
                getattr(self.req_to_token_allocator, "size_swa", -1),
            )

    def init_forward_metadata(self, seq_lens):
        bs = len(seq_lens)
        self.metadata.kv_indptr = torch.zeros(bs + 1, dtype=torch.int32)
        longest = int(max(seq_lens)) if bs else 0
        self.metadata.max_partitions = -(-longest // _AITER_PARTITION) or 1

    def forward_decode(self, loc):
        if self.uses_sliding_window:
            loc = self._swa_index_table[loc].to(torch.int64)
        return self.kv_cache, loc
