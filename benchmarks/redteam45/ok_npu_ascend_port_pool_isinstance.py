"""Ascend NPU port of the hybrid-SWA decode path (paged attention via torch_npu kernels)."""

import logging
from dataclasses import dataclass, field

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_NPU_BLOCK_ALIGN = 128


@dataclass
class AscendDecodeMetadata:
    block_tables: torch.Tensor = None
    seq_lens_list: list = field(default_factory=list)
    swa_active: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "npu")
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        # The layer reads this pool, so the pool decides whether windowed indices apply.
        self.is_hybrid_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.forward_metadata = AscendDecodeMetadata(swa_active=self.is_hybrid_swa)

        # NPU paged attention wants block tables padded to a multiple of the block align.
        total_tokens = getattr(self.allocator, "size", 0)
        self.num_blocks = -(-total_tokens // max(self.page_size, 1))
        self.padded_blocks = -(-self.num_blocks // _NPU_BLOCK_ALIGN) * _NPU_BLOCK_ALIGN
        logger.info(
            "Ascend attention: %d blocks (padded %d), hybrid_swa=%s",
            self.num_blocks,
            self.padded_blocks,
            self.is_hybrid_swa,
        )

    def init_forward_metadata(self, seq_lens):
        self.forward_metadata.seq_lens_list = [int(x) for x in seq_lens]
        self.forward_metadata.block_tables = torch.zeros(
            (len(seq_lens), self.padded_blocks), dtype=torch.int32
        )

    def _swa_locations(self, loc):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.forward_metadata.swa_active:
            return self.token_to_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
