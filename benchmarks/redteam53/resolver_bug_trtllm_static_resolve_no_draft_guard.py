"""TRT-LLM MHA decode backend: SWA page tables translated through a resolved SWAKVPool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_MB = 128


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    # page table of the sliding-window layers, in SWA pool indices
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.workspace_size = DEFAULT_WORKSPACE_MB * 1024 * 1024
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # hybrid models keep the window layers in their own index space
        self._swa_kv_pool = self._lookup_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None
        self.decode_cuda_graph_metadata = {}
        if self._swa_kv_pool is not None:
            logger.info(
                "trtllm_mha: translating %d SWA layers",
                self._swa_kv_pool.swa_layer_nums,
            )

    @staticmethod
    def _lookup_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for dense models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        # the allocator always knows the KV cache it was built over
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_pages: int):
        buffers = {
            "page_table": torch.zeros(
                (max_bs, max_num_pages), dtype=torch.int32, device=self.device
            )
        }
        if self._swa_kv_pool is not None:
            buffers["swa_page_table"] = torch.zeros_like(buffers["page_table"])
        self.decode_cuda_graph_metadata = buffers

    def init_forward_metadata(self, loc: torch.Tensor):
        md = TRTLLMMHAMetadata(
            cache_seqlens_int32=torch.ones(loc.numel(), dtype=torch.int32),
            page_table=loc.view(-1, 1),
        )
        if self._swa_kv_pool is not None:
            md.swa_page_table = self._swa_kv_pool.translate_loc_from_full_to_swa(loc).view(-1, 1)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self._swa_kv_pool, md.swa_page_table.view(-1)
        return self.token_to_kv_pool, loc
