"""Decode backend that holds the shared allocator weakly and translates through it by name."""

import logging
import operator
import weakref

import torch

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # The allocator outlives this backend; do not keep it alive from here.
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        allocator = self._allocator_ref()
        self.windowed = callable(getattr(allocator, _TRANSLATE, None))
        self.page_size = getattr(allocator, "page_size", 1)
        logger.debug("windowed=%s page_size=%d", self.windowed, self.page_size)

    def _allocator(self):
        allocator = self._allocator_ref()
        if allocator is None:
            raise RuntimeError("token_to_kv_pool_allocator was released")
        return allocator

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_num_pages = torch.zeros(max_bs, dtype=torch.int32)

    def free_slots(self) -> int:
        return self._allocator().available_size()

    def forward_decode(self, loc):
        if self.windowed:
            loc = operator.methodcaller(_TRANSLATE, loc)(self._allocator())
        return self.pool, loc
