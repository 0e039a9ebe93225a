"""Backend that inspects instance state for its pool and dumps allocator state for debugging."""

import logging

import torch

logger = logging.getLogger(__name__)

_DUMP_KEYS = ("page_size", "full_to_swa_index_mapping", "need_sort")


def debug_state(obj) -> dict:
    state = vars(obj)
    return {key: type(state[key]).__name__ for key in _DUMP_KEYS if key in state}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator_state = debug_state(model_runner.token_to_kv_pool_allocator)
        # The mapping attribute is set on hybrid pools only.
        self.windowed = "full_to_swa_index_mapping" in vars(self.token_to_kv_pool)
        logger.debug("allocator state: %s", self.allocator_state)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def dump(self) -> dict:
        return {
            "windowed": self.windowed,
            "page_size": self.page_size,
            "allocator": self.allocator_state,
        }

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.page_size == 1 else loc - loc % self.page_size

    def forward_decode(self, loc: torch.Tensor):
        if self.windowed:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
