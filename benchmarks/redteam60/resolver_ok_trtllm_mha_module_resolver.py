"""TRT-LLM MHA decode backend port (module-level SWA pool resolution).

The sliding-window KV pool is looked up by a shared helper so that the decode and the
cuda-graph replay paths agree on which pool the SWA page table indexes.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Pick the SWA pool the sliding-window page table should index.

    An EAGLE draft shares the target's allocator but owns its own KV pool; a FROZEN_KV MTP
    draft reads the target KV directly.
    """
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    is_draft = getattr(model_runner, "is_draft_worker", False)
    if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """TRT-LLM MHA backend with cuda-graph page table buffers."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.cuda_graph_metadata = {}
        self.init_cuda_graph_state(self.max_bs, max_num_tokens=self.max_bs)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device),
        }
        if self.swa_kv_pool is not None:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros(
                max_bs, 1, dtype=torch.int64, device=self.device
            )

    def _fill_decode(self, out_cache_loc: torch.Tensor):
        bs = out_cache_loc.numel()
        buf = self.decode_cuda_graph_metadata
        buf["cache_seqlens"][:bs].fill_(1)
        buf["page_table"][:bs, 0] = out_cache_loc
        if "swa_page_table" in buf:
            buf["swa_page_table"][:bs, 0] = self.swa_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        return bs

    def forward_decode(self, loc):
        bs = self._fill_decode(loc)
        buf = self.decode_cuda_graph_metadata
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, buf["swa_page_table"][:bs, 0].clone()
        return self.token_to_kv_pool, buf["page_table"][:bs, 0].clone()
