"""Backend with a str-valued Enum mode chosen from the pool; allocator state only logged."""

import enum
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AttnMode(str, enum.Enum):
    FULL = "full"
    SLIDING = "sliding"

    @classmethod
    def for_pool(cls, pool) -> "AttnMode":
        return cls.SLIDING if isinstance(pool, SWAKVPool) else cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.mode = AttnMode.for_pool(self.kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "debug_print"):
            logger.debug("allocator state: %s", allocator.debug_print())
        if hasattr(allocator, "swa_available_size"):
            logger.debug(
                "shared allocator has %d free window slots", allocator.swa_available_size()
            )
        self.page_size = model_runner.page_size
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_seq_lens = torch.ones(max_bs, dtype=torch.int32)
        self.graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, seq_lens: torch.Tensor):
        self.graph_seq_lens[:bs].copy_(seq_lens[:bs])
        self.graph_seq_lens[bs:].fill_(1)

    def forward_decode(self, loc):
        if self.mode == "sliding":
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
