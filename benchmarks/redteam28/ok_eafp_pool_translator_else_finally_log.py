"""Backend that binds the pool's translator EAFP-style with try/except/else/finally."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        mode = "full"
        try:
            translate = self.token_to_kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            logger.debug("%s has no window translation", type(self.token_to_kv_pool).__name__)
        else:
            self._to_swa = translate
            mode = "swa"
        finally:
            logger.info(
                "decode mode=%s (allocator %s, %d free)",
                mode,
                type(allocator).__name__,
                allocator.available_size(),
            )
        self.decode_mode = mode

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size
        self.decode_cache_loc = forward_batch.out_cache_loc

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_num_pages = torch.zeros(max_bs, dtype=torch.int32)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self.token_to_kv_pool, loc
