"""Backend that trusts the allocator's cache only when it is the runner's own pool (walrus)."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = self.allocator.page_size
        self.swa_pool: Optional[SWAKVPool] = None
        if (
            isinstance(kv := self.allocator.get_kvcache(), SWAKVPool)
            and kv is self.token_to_kv_pool
        ):
            # the allocator allocates straight into our buffers, so its mapping is ours
            self.swa_pool = kv
        elif kv is not self.token_to_kv_pool:
            logger.info(
                "allocator serves another pool (%s); reading own buffers", type(kv).__name__
            )
        self.cu_seqlens_q = torch.arange(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_seq_lens = torch.ones(max_bs, dtype=torch.int32)
        self.graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, seq_lens: torch.Tensor):
        self.graph_seq_lens[:bs].copy_(seq_lens[:bs])
        self.graph_seq_lens[bs:].fill_(1)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
